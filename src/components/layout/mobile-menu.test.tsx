import { act, fireEvent, screen, within } from "@testing-library/react"
import React from "react"
import { copy } from "../../test/copy"
import { renderWithSite } from "../../test/render"
import { MobileMenu } from "./mobile-menu"

// jsdom does not open dialogs: the browser tests cover the panel on a real page.
beforeAll(() => {
  HTMLDialogElement.prototype.show = function show(this: HTMLDialogElement) {
    this.setAttribute("open", "")
  }
  HTMLDialogElement.prototype.showModal = function showModal() {
    throw new Error("the menu must not be modal: a modal dialog restyles the whole page")
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute("open")
    this.dispatchEvent(new Event("close"))
  }
})

describe("MobileMenu", () => {
  it("opens, keeps at most one group open, and closes", () => {
    renderWithSite(<MobileMenu />, "en")
    act(() => screen.getByRole("button", { name: copy("en", "nav.openMenu") }).click())
    const dialog = screen.getByRole("dialog", { name: copy("en", "nav.menu") })
    expect(dialog).toHaveAttribute("open")

    const product = within(dialog).getByRole("button", { name: copy("en", "nav.productGroup") })
    const resources = within(dialog).getByRole("button", { name: copy("en", "nav.resources") })
    act(() => product.click())
    expect(product).toHaveAttribute("aria-expanded", "true")
    expect(resources).toHaveAttribute("aria-expanded", "false")
    act(() => resources.click())
    expect(product).toHaveAttribute("aria-expanded", "false")
    expect(resources).toHaveAttribute("aria-expanded", "true")
    act(() => resources.click())
    expect(resources).toHaveAttribute("aria-expanded", "false")

    expect(
      within(dialog).getByRole("link", { name: copy("en", "nav.solutionsAnchor") }),
    ).toHaveAttribute("href", "/en#solutions")
    expect(
      within(dialog).getByRole("link", { name: copy("en", "nav.processAnchor") }),
    ).toHaveAttribute("href", "/en#process")

    act(() =>
      within(dialog)
        .getByRole("button", { name: copy("en", "nav.closeMenu") })
        .click(),
    )
    expect(dialog).not.toHaveAttribute("open")
  })

  it("closes when a link is followed", () => {
    renderWithSite(<MobileMenu />, "fr")
    act(() => screen.getByRole("button", { name: copy("fr", "nav.openMenu") }).click())
    const dialog = screen.getByRole("dialog", { hidden: true })
    fireEvent.click(within(dialog).getByRole("link", { name: copy("fr", "nav.contact") }))
    expect(dialog).not.toHaveAttribute("open")
  })

  it("is not modal, and keeps Escape and Tab while open wherever the focus is", () => {
    renderWithSite(<MobileMenu />, "en")
    const opener = screen.getByRole("button", { name: copy("en", "nav.openMenu") })
    act(() => opener.click())
    const dialog = screen.getByRole("dialog", { name: copy("en", "nav.menu") })
    expect(dialog).toHaveAttribute("aria-modal", "true")
    expect(opener).toHaveAttribute("aria-expanded", "true")
    // The browser focuses the first control (jsdom does not; the browser tests check it). A
    // tap outside the controls leaves the focus on the body: Tab brings it back in. (jsdom
    // lays nothing out, so every control is given a box, as the browser shows them.)
    const boxes = jest
      .spyOn(Element.prototype, "getClientRects")
      .mockReturnValue([{}] as unknown as DOMRectList)
    act(() => document.body.focus())
    expect(dialog.contains(document.activeElement)).toBe(false)
    fireEvent.keyDown(document.body, { key: "Tab" })
    expect(dialog.contains(document.activeElement)).toBe(true)
    boxes.mockRestore()

    fireEvent.keyDown(document.activeElement!, { key: "Escape" })
    expect(dialog).not.toHaveAttribute("open")
    expect(opener).toHaveAttribute("aria-expanded", "false")

    // Closed, the keys are the page's again.
    const escape = new KeyboardEvent("keydown", { key: "Escape", cancelable: true, bubbles: true })
    document.body.dispatchEvent(escape)
    expect(escape.defaultPrevented).toBe(false)
  })
})
