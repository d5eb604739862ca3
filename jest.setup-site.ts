import "@testing-library/jest-dom"

// Gatsby's router hook; links call it on click. Tests assert on it when they navigate.
// (Build-time modules under src/node/ may ask for the node environment, which has no window.)
if (typeof window !== "undefined")
  Object.assign(window, {
    ___navigate: jest.fn(),
    ___loader: { enqueue: jest.fn(), hovering: jest.fn() },
  })
