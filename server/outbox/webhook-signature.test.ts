import { secretBytes } from "../config/outbox"
import { sign, verify, webhookHeaders } from "./webhook-signature"

describe("Standard Webhooks signature", () => {
  // The example of the specification's reference libraries.
  const key = secretBytes("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
  const id = "msg_p5jXN8AQM9LWM0D4loKWxJek"
  const body = '{"test": 2432232314}'

  it("matches the reference vector", () => {
    expect(sign(key, id, 1614265330, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
  })

  it("verifies its own headers and refuses a changed body, another key, an old timestamp", () => {
    const headers = webhookHeaders(key, id, 1_700_000_000, body)
    expect(verify(key, headers, body, 1_700_000_010)).toBe(true)
    expect(verify(key, headers, body.replace("2", "3"), 1_700_000_010)).toBe(false)
    expect(
      verify(secretBytes("another secret of enough length"), headers, body, 1_700_000_010),
    ).toBe(false)
    expect(verify(key, headers, body, 1_700_000_000 + 301)).toBe(false)
    // Several signatures (during a key rotation) are separated by spaces; one good one suffices.
    expect(
      verify(
        key,
        { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` },
        body,
        1_700_000_000,
      ),
    ).toBe(true)
  })
})
