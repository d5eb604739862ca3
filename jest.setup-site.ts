import "@testing-library/jest-dom"
import { configure } from "@testing-library/react"

// findBy* and waitFor wait up to 5 s instead of 1 s: on a 2-core machine running the server's
// suites and a build beside these, an admin screen took more than a second to show its rows
// (a failure of the waiting, not of the screen). A test that fails still fails, 4 s later.
configure({ asyncUtilTimeout: 5000 })

// Gatsby's router hook; links call it on click. Tests assert on it when they navigate.
// (Build-time modules under src/node/ may ask for the node environment, which has no window.)
if (typeof window !== "undefined")
  Object.assign(window, {
    ___navigate: jest.fn(),
    ___loader: { enqueue: jest.fn(), hovering: jest.fn() },
  })
