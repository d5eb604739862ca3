import type { RouteOptions } from "fastify"
import { SessionAnswer } from "../../contract/admin"
import { ErrorBody } from "../../contract/errors"
import { Message } from "../../contract/message"
import { TeamMember } from "../../contract/team"
import { buildApp } from "../app"
import { NO_DELIVERIES, NO_SOURCE } from "../store/messages"
import { describeEachStore, freshStoreLocation, signIn, testConfig } from "../test/stores"

describeEachStore("the HTTP contract", (kind) => {
  it("gives every API route a response schema for its answers and its errors", async () => {
    const location = await freshStoreLocation(kind)
    const { app } = await buildApp(testConfig(location), { logger: false })
    const routes: RouteOptions[] = []
    app.addHook("onRoute", (route) => {
      if (route.method !== "HEAD") routes.push(route)
    })
    await app.ready()
    const api = routes.filter((route) => route.url !== "/*")
    expect(api.length).toBeGreaterThanOrEqual(20)
    for (const route of api) {
      const response = (route.schema?.response ?? {}) as Record<string, unknown>
      const statuses = Object.keys(response)
      expect([
        route.method,
        route.url,
        statuses.some((status) => /^[23]\d\d$/.test(status)),
      ]).toEqual([route.method, route.url, true])
      expect([route.method, route.url, response["4xx"]]).toEqual([
        route.method,
        route.url,
        ErrorBody,
      ])
    }
    await app.close()
    await location.drop()
  })

  it("writes exactly the contract's fields of a message, whatever the store returns", async () => {
    const location = await freshStoreLocation(kind)
    const { app, store } = await buildApp(testConfig(location), { logger: false })
    const id = await store.messages.create(
      {
        name: "Ada",
        email: "ada@example.com",
        company: null,
        phone: null,
        message: "Hello",
        language: "en",
        page: "/contact",
        spamReason: null,
        source: NO_SOURCE,
      },
      NO_DELIVERIES,
    )
    // A field the store might grow one day must not reach the browser by accident.
    const get = store.messages.get.bind(store.messages)
    store.messages.get = async (messageId) => {
      const message = await get(messageId)
      return message && Object.assign(message, { searchText: "internal" })
    }
    const cookie = await signIn(app)
    const answer = (
      await app.inject({ url: `/api/admin/messages/${id}`, headers: { cookie } })
    ).json()
    // A contact message has every field but a quote request's study.
    expect(Object.keys(answer).sort()).toEqual(
      Object.keys(Message.properties)
        .filter((key) => key !== "quote")
        .sort(),
    )
    expect(answer).toMatchObject({ id, name: "Ada", language: "en", company: null })
    await app.close()
    await location.drop()
  })

  it(
    "writes only the contract's fields of the team's " +
      "accounts and of the session, never a hash or a secret",
    async () => {
      const location = await freshStoreLocation(kind)
      const { app, store } = await buildApp(testConfig(location), { logger: false })
      const list = store.admins.list.bind(store.admins)
      store.admins.list = async () =>
        (await list()).map((member) =>
          Object.assign(member, { passwordHash: "$argon2id$leak", totpSecret: "LEAK" }),
        )
      const cookie = await signIn(app)
      const users = (await app.inject({ url: "/api/admin/users", headers: { cookie } })).json()
      expect(users.length).toBeGreaterThan(0)
      for (const user of users)
        expect(Object.keys(user).sort()).toEqual(Object.keys(TeamMember.properties).sort())
      const session = (await app.inject({ url: "/api/admin/session", headers: { cookie } })).json()
      expect(Object.keys(session).sort()).toEqual(Object.keys(SessionAnswer.properties).sort())
      await app.close()
      await location.drop()
    },
  )
})
