import "@testing-library/jest-dom"

// Gatsby's router hook; links call it on click. Tests assert on it when they navigate.
Object.assign(window, { ___navigate: jest.fn(), ___loader: { enqueue: jest.fn(), hovering: jest.fn() } })
