import type { Config } from "jest"

// Two projects: the site's code runs in jsdom, the server's and the scripts' in node.
// `roots` keeps jest out of public/, .cache/ and node_modules/.
const transform = { "^.+\\.[jt]sx?$": "<rootDir>/jest-preprocess.js" }

const config: Config = {
  projects: [
    {
      displayName: "site",
      testEnvironment: "jsdom",
      roots: ["<rootDir>/src"],
      transform,
      moduleNameMapper: {
        "\\.(css)$": "identity-obj-proxy",
        "^gatsby-page-utils/(.*)$": "gatsby-page-utils/dist/$1",
      },
      testEnvironmentOptions: { url: "http://localhost/" },
      globals: { __PATH_PREFIX__: "" },
      setupFilesAfterEnv: ["<rootDir>/jest.setup-site.ts"],
      transformIgnorePatterns: ["node_modules/(?!(gatsby|gatsby-script|gatsby-link)/)"],
    },
    {
      displayName: "server",
      testEnvironment: "node",
      roots: ["<rootDir>/server", "<rootDir>/scripts"],
      transform,
    },
  ],
}

export default config
