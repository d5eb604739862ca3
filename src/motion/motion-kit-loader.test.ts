jest.mock("./motion-kit", () => ({ fadeIn: jest.fn(), PageEnter: jest.fn() }))
jest.mock("../browser/when-idle", () => ({
  whenIdle: (callback: () => void) => {
    callback()
    return () => {}
  },
}))

type Module = typeof import("./motion-kit-loader")
/** A fresh copy of the module, as a new page load has. */
function fresh(): Module {
  let module: Module | undefined
  jest.isolateModules(() => {
    module = jest.requireActual<Module>("./motion-kit-loader")
  })
  return module!
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("loadMotionKitOnDemand", () => {
  it("loads nothing until the visitor scrolls, touches or types", async () => {
    const kit = fresh()
    kit.loadMotionKitOnDemand()
    await settled()
    expect(kit.loadedMotionKit()).toBeNull()
  })

  it.each(["scroll", "pointerdown", "keydown"])(
    "loads the kit at idle after a %s",
    async (type) => {
      const kit = fresh()
      kit.loadMotionKitOnDemand()
      document.dispatchEvent(new Event(type))
      await settled()
      expect(kit.loadedMotionKit()).toEqual(
        expect.objectContaining({ fadeIn: expect.any(Function) }),
      )
    },
  )
})
