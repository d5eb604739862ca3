import { act, fireEvent, screen, waitFor } from "@testing-library/react"
import React from "react"
import { renderWithSite } from "../../test/render"
import { captureLeadSource } from "../../lead-source/lead-source"
import { ContactForm } from "./contact-form"

function fill() {
  fireEvent.change(screen.getByLabelText("Nom complet"), { target: { value: "  Ada Lovelace " } })
  fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "ada@example.com" } })
  fireEvent.change(screen.getByLabelText(/Entreprise/), { target: { value: "Analytical Engines" } })
  fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Bonjour" } })
}

const send = () => fireEvent.submit(screen.getByRole("button", { name: "Envoyer" }).closest("form")!)

describe("ContactForm", () => {
  afterEach(() => jest.restoreAllMocks())

  it("has the fields of the specification, with the browser's own required checks", () => {
    renderWithSite(<ContactForm />)
    expect(screen.getByLabelText("Nom complet")).toBeRequired()
    expect(screen.getByLabelText("E-mail")).toHaveAttribute("type", "email")
    expect(screen.getByLabelText("E-mail")).toBeRequired()
    expect(screen.getByLabelText(/Entreprise/)).not.toBeRequired()
    expect(screen.getByLabelText(/Téléphone/)).not.toBeRequired()
    expect(screen.getByLabelText("Message")).toHaveAttribute("rows", "9")
  })

  it("posts the specification's payload and, on success, shows the notice and the confirmation", async () => {
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 201 })
    global.fetch = fetchMock
    renderWithSite(<ContactForm />)
    fill()
    send()
    await screen.findByText("Formulaire envoyé")
    expect(screen.getByRole("status")).toHaveTextContent("Succès")
    expect(screen.getByRole("status")).toHaveTextContent("Votre message a bien été envoyé !")
    const [url, init] = fetchMock.mock.calls[0]
    expect(url).toBe("/SendMessage")
    const body = JSON.parse(init.body)
    expect(body).toMatchObject({ name: "Ada Lovelace", Email: "ada@example.com", Company: "Analytical Engines", Phone: "", Message: "Bonjour", Language: "fr", Website: "" })
    act(() => screen.getByRole("button", { name: "Envoyer un autre message" }).click())
    expect(screen.getByLabelText("Nom complet")).toHaveValue("")
  })

  it.each([
    ["a non-OK answer", () => Promise.resolve({ ok: false, status: 500 })],
    ["a network error", () => Promise.reject(new TypeError("Failed to fetch"))],
  ])("on %s shows the red notice and keeps what was typed", async (_, answer) => {
    global.fetch = jest.fn().mockImplementation(answer)
    renderWithSite(<ContactForm />, "en")
    fireEvent.change(screen.getByLabelText("Full name"), { target: { value: "Ada" } })
    fireEvent.change(screen.getByLabelText("Message"), { target: { value: "Hello" } })
    fireEvent.submit(screen.getByRole("button", { name: "Send" }).closest("form")!)
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Error")
    expect(alert).toHaveTextContent("There was an error sending your message. Please try again.")
    expect(screen.getByLabelText("Full name")).toHaveValue("Ada")
    expect(screen.getByLabelText("Message")).toHaveValue("Hello")
  })

  it("shows that it is sending and never sends twice", async () => {
    let resolve: (value: unknown) => void = () => {}
    const fetchMock = jest.fn().mockImplementation(() => new Promise((done) => (resolve = done)))
    global.fetch = fetchMock
    renderWithSite(<ContactForm />)
    fill()
    send()
    const busy = await screen.findByRole("button", { name: "Envoi en cours…" })
    expect(busy).toBeDisabled()
    fireEvent.submit(busy.closest("form")!)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await act(async () => resolve({ ok: true, status: 201 }))
    await waitFor(() => expect(screen.getByText("Formulaire envoyé")).toBeInTheDocument())
  })

  it("sends where the visit came from, kept in sessionStorage, with the message", async () => {
    captureLeadSource({ pathname: "/blog", search: "?utm_source=newsletter&utm_campaign=spring", host: "localhost" }, "https://www.linkedin.com/feed/")
    const fetchMock = jest.fn().mockResolvedValue({ ok: true, status: 201 })
    global.fetch = fetchMock
    renderWithSite(<ContactForm />)
    fill()
    send()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(JSON.parse(fetchMock.mock.calls[0][1].body)).toMatchObject({ Landing: "/blog", Referrer: "www.linkedin.com", UtmSource: "newsletter", UtmCampaign: "spring" })
    window.sessionStorage.clear()
  })
})
