import { makeI18n } from "../test/render"

describe("translation rules (SPEC 4)", () => {
  it("shows the page's language when the key exists", () => {
    expect(makeI18n("de").t("nav.contact")).toBe("Kontakt")
    expect(makeI18n("en").t("nav.contact")).toBe("Contact")
  })

  it("falls back to French, then to the key itself", () => {
    const i18n = makeI18n("en")
    i18n.addResourceBundle("fr", "common", { onlyFrench: "Seulement en français" }, true, false)
    expect(i18n.t("onlyFrench")).toBe("Seulement en français")
    expect(i18n.t("nowhere.at.all")).toBe("nowhere.at.all")
  })

  it("treats an empty translation as missing", () => {
    const i18n = makeI18n("de")
    i18n.addResourceBundle("fr", "common", { blank: "Texte" }, true, false)
    i18n.addResourceBundle("de", "common", { blank: "" }, true, false)
    expect(i18n.t("blank")).toBe("Texte")
  })

  it("joins list-valued entries with line breaks", () => {
    const i18n = makeI18n("fr")
    i18n.addResourceBundle("fr", "common", { lines: ["un", "deux", "trois"] }, true, false)
    expect(i18n.t("lines")).toBe("un\ndeux\ntrois")
  })
})
