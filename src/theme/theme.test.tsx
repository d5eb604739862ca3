import { act, render, screen, waitFor } from "@testing-library/react"
import React from "react"
import { isDark, prePaintThemeScript, readStoredTheme } from "./theme"
import { useTheme } from "./use-theme"

function mockSystemDark(dark: boolean) {
  window.matchMedia = jest
    .fn()
    .mockReturnValue({ matches: dark, addEventListener: jest.fn(), removeEventListener: jest.fn() })
}

describe("theme rules", () => {
  beforeEach(() => {
    window.localStorage.clear()
    document.documentElement.className = ""
  })

  it("is light by default and accepts only light, dark or system", () => {
    expect(readStoredTheme(window.localStorage)).toBe("light")
    window.localStorage.setItem("theme", "dark")
    expect(readStoredTheme(window.localStorage)).toBe("dark")
    window.localStorage.setItem("theme", "purple")
    expect(readStoredTheme(window.localStorage)).toBe("light")
  })

  it("is dark for dark, and for system when the system is dark", () => {
    expect(isDark("light", true)).toBe(false)
    expect(isDark("dark", false)).toBe(true)
    expect(isDark("system", true)).toBe(true)
    expect(isDark("system", false)).toBe(false)
  })

  it.each([
    ["dark", false, true],
    ["system", true, true],
    ["system", false, false],
    ["light", true, false],
    ["bogus", true, false],
  ])(
    "the pre-paint script applies saved %s (system dark: %p) as dark=%p",
    (saved, systemDark, dark) => {
      window.localStorage.setItem("theme", saved)
      mockSystemDark(systemDark)
      new Function(prePaintThemeScript)()
      expect(document.documentElement.classList.contains("dark")).toBe(dark)
    },
  )
})

describe("useTheme", () => {
  beforeEach(() => {
    window.localStorage.clear()
    document.documentElement.className = ""
    mockSystemDark(false)
  })

  function Switch() {
    const { theme, setTheme } = useTheme()
    return (
      <button type="button" onClick={() => setTheme("dark")}>
        {theme}
      </button>
    )
  }

  it("reads the saved theme, saves a new one under `theme` and applies it to <html>", async () => {
    window.localStorage.setItem("theme", "system")
    render(<Switch />)
    const button = screen.getByRole("button")
    expect(button).toHaveTextContent("system")
    act(() => button.click())
    // The switch answers in the tap's own task; the page's restyle and the saved choice come
    // after the next paint (off the input's path), with transitions held for that frame.
    expect(button).toHaveTextContent("dark")
    expect(document.documentElement).not.toHaveClass("dark")
    expect(window.localStorage.getItem("theme")).toBe("system")
    await waitFor(() => expect(document.documentElement).toHaveClass("dark"))
    expect(document.documentElement).toHaveClass("theme-changing")
    expect(window.localStorage.getItem("theme")).toBe("dark")
    // The class that held transitions for the switch's frame is gone again.
    await waitFor(() => expect(document.documentElement).not.toHaveClass("theme-changing"))
  })

  it("two quick taps end in the second one's theme", async () => {
    function Two() {
      const { setTheme } = useTheme()
      return (
        <>
          <button type="button" onClick={() => setTheme("dark")}>
            dark
          </button>
          <button type="button" onClick={() => setTheme("light")}>
            light
          </button>
        </>
      )
    }
    render(<Two />)
    const [dark, light] = screen.getAllByRole("button")
    act(() => dark.click())
    act(() => light.click())
    await waitFor(() => expect(window.localStorage.getItem("theme")).toBe("light"))
    expect(document.documentElement).not.toHaveClass("dark")
  })

  it("updates every switch at once, without re-rendering the page around them", () => {
    let pageRenders = 0
    function Page() {
      pageRenders += 1
      return (
        <main>
          <Switch />
          <Switch />
        </main>
      )
    }
    render(<Page />)
    const [first, second] = screen.getAllByRole("button")
    act(() => first.click())
    expect([first, second].map((button) => button.textContent)).toEqual(["dark", "dark"])
    expect(pageRenders).toBe(1)
  })
})
