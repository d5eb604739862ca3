// Two projects: the site's code runs in jsdom; the post-build's, content-kit's, the
// server's and the scripts' in node.
// `roots` keeps jest out of public/, .cache/ and node_modules/. (A .js config: a .ts one
// would need ts-node only to be read.)
const transform = { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" }

/** @type {import("jest").Config} */
module.exports = {
  // Hooks start apps and hash passwords with argon2; on a busy 2-core machine 5 s was too short.
  testTimeout: 20_000,
  // One worker per core. Jest's default leaves a core to its main process, which only collects
  // results: on a 2-core machine that meant one worker, and the suites ran one after the other
  // (the fresh-clone CI of 0e89e4c: 361 s; two workers: 187-197 s, all passing, twice).
  maxWorkers: "100%",
  projects: [
    {
      displayName: "site",
      testEnvironment: "jsdom",
      roots: ["<rootDir>/src"],
      transform,
      moduleNameMapper: {
        "\\.(css)$": "identity-obj-proxy",
      },
      testEnvironmentOptions: { url: "http://localhost/" },
      // The bundler defines the icon sprite's hashed URL (src/node/webpack-config.ts).
      globals: {
        __PATH_PREFIX__: "",
        __ICON_SPRITE_URL__: "/static/icons.svg",
        __ANALYTICS__: true,
      },
      setupFilesAfterEnv: ["<rootDir>/jest.setup-site.ts"],
      transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
    },
    {
      displayName: "server",
      testEnvironment: "node",
      roots: [
        "<rootDir>/postbuild",
        "<rootDir>/contract",
        "<rootDir>/content-kit",
        "<rootDir>/server",
        "<rootDir>/scripts",
      ],
      transform,
      // Starts a throwaway PostgreSQL unless TEST_DATABASE_URL names one (server/test/).
      globalSetup: "<rootDir>/server/test/global-setup.ts",
      globalTeardown: "<rootDir>/server/test/global-teardown.ts",
      // cookie 2 (reached through fastify's inject) and the OpenAPI validator's reference parser ship
      // ESM only, which jest on Node 20 cannot require.
      transformIgnorePatterns: ["node_modules/(?!(cookie|@apidevtools/json-schema-ref-parser)/)"],
      // Publishing under load builds the real site twice: it runs alone, after the browser tests
      // (`npm run test:publish`, part of `npm test`), on a machine no other suite is loading.
      testPathIgnorePatterns:
        process.env.PUBLISH_UNDER_LOAD === "1"
          ? ["/node_modules/"]
          : ["/node_modules/", "\\.under-load\\."],
    },
  ],
}
