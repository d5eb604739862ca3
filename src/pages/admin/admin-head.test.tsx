import { render } from "@testing-library/react"
import type { HeadProps } from "gatsby"
import React from "react"
import enAdmin from "../../../content/locales/en/admin.json"
import enCommon from "../../../content/locales/en/common.json"
import frAdmin from "../../../content/locales/fr/admin.json"
import frCommon from "../../../content/locales/fr/common.json"
import { Head } from "./[...]"

// The page module asks for its query with graphql``, which only Gatsby's build compiles away.
jest.mock("gatsby", () => ({ ...jest.requireActual("gatsby"), graphql: () => "" }))

const files = { fr: { admin: frAdmin, common: frCommon }, en: { admin: enAdmin, common: enCommon } }
const locales = {
  edges: Object.entries(files).flatMap(([language, namespaces]) =>
    Object.entries(namespaces).map(([ns, data]) => ({
      node: { language, ns, data: JSON.stringify(data) },
    })),
  ),
}

const titleOf = (pathname: string) => {
  const props = {
    data: { locales },
    location: { pathname },
  } as unknown as HeadProps<Queries.AdminQuery>
  const { container, unmount } = render(<Head {...props} />)
  const title = container.querySelector("title")?.textContent
  unmount()
  return title
}

describe("the admin page's title", () => {
  beforeEach(() => window.localStorage.setItem("language", "en"))

  it.each([
    ["/admin/meetings", enAdmin.shell.meetings],
    ["/admin/account", enAdmin.shell.account],
    ["/admin/publishing", enAdmin.shell.publishing],
    ["/admin/data", enAdmin.shell.data],
    ["/admin/deliveries", enAdmin.shell.deliveries],
    ["/admin/management", enAdmin.shell.account],
    ["/admin/team", enAdmin.team.title],
    ["/admin/messages", enAdmin.inbox.title],
  ])("names the screen of %s", (pathname, screen) => {
    expect(titleOf(pathname)).toMatch(new RegExp(`^${screen} – ${enAdmin.meta.title} \\| `))
  })
})
