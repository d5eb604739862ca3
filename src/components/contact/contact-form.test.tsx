import { act, fireEvent, screen, waitFor } from "@testing-library/react"
import React from "react"
import { captureLeadSource } from "../../lead-source/lead-source"
import { copy, copyPattern } from "../../test/copy"
import { renderWithSite } from "../../test/render"
import { ContactForm } from "./contact-form"

const fr = (key: string) => copy("fr", `contactForm.${key}`)
const en = (key: string) => copy("en", `contactForm.${key}`)

function fill() {
  fireEvent.change(screen.getByLabelText(fr("name")), { target: { value: "  Ada Lovelace " } })
  fireEvent.change(screen.getByLabelText(fr("email")), { target: { value: "ada@example.com" } })
  fireEvent.change(screen.getByLabelText(copyPattern("fr", "contactForm.company")), {
    target: { value: "Analytical Engines" },
  })
  fireEvent.change(screen.getByLabelText(fr("message")), { target: { value: "Bonjour" } })
}

const send = () =>
  fireEvent.submit(screen.getByRole("button", { name: fr("send") }).closest("form")!)

describe("ContactForm", () => {
  afterEach(() => jest.restoreAllMocks())

  it("has the fields of the specification, with the browser's own required checks", () => {
    renderWithSite(<ContactForm />)
    expect(screen.getByLabelText(fr("name"))).toBeRequired()
    expect(screen.getByLabelText(fr("email"))).toHaveAttribute("type", "email")
    expect(screen.getByLabelText(fr("email"))).toBeRequired()
    expect(screen.getByLabelText(copyPattern("fr", "contactForm.company"))).not.toBeRequired()
    expect(screen.getByLabelText(copyPattern("fr", "contactForm.phone"))).not.toBeRequired()
    expect(screen.getByLabelText(fr("message"))).toHaveAttribute("rows", "9")
  })

  it("posts the specification's payload and, on success, shows the notice and the confirmation", async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 201 })
    global.fetch = fetchMock
    renderWithSite(<ContactForm />)
    fill()
    send()
    await screen.findByText(fr("sentTitle"))
    expect(screen.getByRole("status")).toHaveTextContent(fr("successTitle"))
    expect(screen.getByRole("status")).toHaveTextContent(fr("successText"))
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/SendMessage")
    const body = JSON.parse(init.body)
    expect(body).toMatchObject({
      name: "Ada Lovelace",
      Email: "ada@example.com",
      Company: "Analytical Engines",
      Phone: "",
      Message: "Bonjour",
      Language: "fr",
      Website: "",
    })
    act(() => screen.getByRole("button", { name: fr("sendAnother") }).click())
    expect(screen.getByLabelText(fr("name"))).toHaveValue("")
  })

  it.each([
    ["a non-OK answer", () => Promise.resolve({ ok: false, status: 500 })],
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("on %s shows the red notice and keeps what was typed", async (_, answer) => {
    global.fetch = jest.fn().mockImplementation(answer)
    renderWithSite(<ContactForm />, "en")
    fireEvent.change(screen.getByLabelText(en("name")), { target: { value: "Ada" } })
    fireEvent.change(screen.getByLabelText(en("message")), { target: { value: "Hello" } })
    fireEvent.submit(screen.getByRole("button", { name: en("send") }).closest("form")!)
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent(en("errorTitle"))
    expect(alert).toHaveTextContent(en("errorText"))
    expect(screen.getByLabelText(en("name"))).toHaveValue("Ada")
    expect(screen.getByLabelText(en("message"))).toHaveValue("Hello")
  })

  it.each(["fr", "en", "de"] as const)(
    "when the store cannot write (503 store_unwritable), keeps what was typed and says to try again, in %s",
    async (language) => {
      global.fetch = jest.fn().mockResolvedValue({
        ok: false,
        status: 503,
        json: async () => ({ error: "store_unwritable", message: "x" }),
      })
      const word = (key: string) => copy(language, `contactForm.${key}`)
      renderWithSite(<ContactForm />, language)
      fireEvent.change(screen.getByLabelText(word("name")), { target: { value: "Ada" } })
      fireEvent.change(screen.getByLabelText(word("message")), { target: { value: "Bonjour" } })
      fireEvent.submit(screen.getByRole("button", { name: word("send") }).closest("form")!)
      expect(await screen.findByRole("alert")).toHaveTextContent(word("errorText"))
      expect(screen.getByLabelText(word("name"))).toHaveValue("Ada")
      expect(screen.getByLabelText(word("message"))).toHaveValue("Bonjour")
    },
  )

  it("shows that it is sending and never sends twice", async () => {
    let resolve: (value: unknown) => void = () => {}
    const fetchMock = jest.fn().mockImplementation(() => new Promise((done) => (resolve = done)))
    global.fetch = fetchMock
    renderWithSite(<ContactForm />)
    fill()
    send()
    const busy = await screen.findByRole("button", { name: fr("sending") })
    expect(busy).toBeDisabled()
    fireEvent.submit(busy.closest("form")!)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(async () => resolve({ ok: true, status: 201 }))
    await waitFor(() => expect(screen.getByText(fr("sentTitle"))).toBeInTheDocument())
  })

  it("sends where the visit came from, kept in sessionStorage, with the message", async () => {
    captureLeadSource(
      {
        pathname: "/blog",
        search: "?utm_source=newsletter&utm_campaign=spring",
        host: "localhost",
      },
      "https://www.linkedin.com/feed/",
    )
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 201 })
    global.fetch = fetchMock
    renderWithSite(<ContactForm />)
    fill()
    send()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({
      Landing: "/blog",
      Referrer: "www.linkedin.com",
      UtmSource: "newsletter",
      UtmCampaign: "spring",
    })
    window.sessionStorage.clear()
  })
})
