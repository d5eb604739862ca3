import { onFirstInput } from "./first-input"

describe("onFirstInput", () => {
  it("calls back once, at the first of the events, wherever it happens", () => {
    const callback = jest.fn()
    onFirstInput(["pointerdown", "keydown"], callback)
    const button = document.body.appendChild(document.createElement("button"))
    // A handler that stops the event on its way up does not hide it: the listener captures it.
    button.addEventListener("keydown", (event) => event.stopPropagation())
    button.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true }))
    document.dispatchEvent(new Event("pointerdown"))
    expect(callback).toHaveBeenCalledTimes(1)
  })

  it("calls nothing once stopped", () => {
    const callback = jest.fn()
    const stop = onFirstInput(["scroll"], callback)
    stop()
    document.dispatchEvent(new Event("scroll"))
    expect(callback).not.toHaveBeenCalled()
  })
})
