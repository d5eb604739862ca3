import { act, fireEvent, screen, within } from "@testing-library/react"
import React from "react"
import { copy } from "../../test/copy"
import { renderWithSite } from "../../test/render"
import { MobileMenu } from "./mobile-menu"

// jsdom has no modal dialogs: the browser tests cover focus and Escape for real.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "")
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
})
