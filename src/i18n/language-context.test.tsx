import { render, renderHook } from "@testing-library/react"
import React from "react"
import { LanguageProvider, readSavedLanguage, saveLanguage, useLanguage } from "./language-context"

describe("useLanguage", () => {
  it("fails clearly outside its provider", () => {
    jest.spyOn(console, "error").mockImplementation(() => {})
    expect(() => renderHook(() => useLanguage())).toThrow(
      "useLanguage must be used within a LanguageProvider",
    )
  })

  it("gives the provider's language", () => {
    function Show() {
      return <p>{useLanguage().language}</p>
    }
    const { getByText } = render(
      <LanguageProvider value={{ language: "de", setLanguage: () => {} }}>
        <Show />
      </LanguageProvider>,
    )
    expect(getByText("de")).toBeInTheDocument()
  })
})

describe("the saved language", () => {
  beforeEach(() => window.localStorage.clear())

  it("is read from the `language` key only if valid", () => {
    expect(readSavedLanguage(window.localStorage)).toBeNull()
    window.localStorage.setItem("language", "en")
    expect(readSavedLanguage(window.localStorage)).toBe("en")
    window.localStorage.setItem("language", "es")
    expect(readSavedLanguage(window.localStorage)).toBeNull()
    window.localStorage.setItem("language", '"de"')
    expect(readSavedLanguage(window.localStorage)).toBeNull()
  })

  it("is saved under the `language` key", () => {
    saveLanguage(window.localStorage, "de")
    expect(window.localStorage.getItem("language")).toBe("de")
  })

  it("survives a storage that throws", () => {
    const broken = {
      getItem: () => {
        throw new Error("denied")
      },
      setItem: () => {
        throw new Error("denied")
      },
    }
    expect(readSavedLanguage(broken)).toBeNull()
    expect(() => saveLanguage(broken, "en")).not.toThrow()
  })
})
