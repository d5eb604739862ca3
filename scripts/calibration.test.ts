import { startCalibrationServer } from "./calibration"

// The gates' yardstick must be the same page on every host: server-rendered markup that the
// same React hydrates, and nothing from the site.

describe("the yardstick page", () => {
  let server: Awaited<ReturnType<typeof startCalibrationServer>>
  beforeAll(async () => {
    server = await startCalibrationServer()
  })
  afterAll(() => server.stop())

  test("serves its markup already rendered, with the button the interactions gate taps", async () => {
    const html = await (await fetch(server.url)).text()
    expect(html.match(/<section /g)).toHaveLength(24)
    expect(html.match(/<li /g)).toHaveLength(24 * 12)
    expect(html).toMatch(/<button id="calibrate" type="button">Round (<!-- -->)?0<\/button>/)
    expect(html).not.toMatch(/gatsby|___gatsby/)
  })

  test("serves React's production bundles and the hydrating script, nothing else", async () => {
    const reactDom = await fetch(new URL("/react-dom.js", server.url))
    expect(reactDom.status).toBe(200)
    expect(reactDom.headers.get("content-type")).toBe("text/javascript")
    expect((await reactDom.text()).length).toBeGreaterThan(100_000)
    const app = await (await fetch(new URL("/app.js", server.url))).text()
    expect(app).toContain("ReactDOM.hydrateRoot(")
    expect((await fetch(new URL("/favicon.ico", server.url))).status).toBe(404)
  })
})
