// The layers of docs/ARCHITECTURE.md as import rules: `npm run lint` applies them with the
// rest, `npm run lint:layers` alone (eslint -c eslint.layers.mjs).
import { createNodeResolver, importX } from "eslint-plugin-import-x"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import tseslint from "typescript-eslint"

/** Each zone may not import from the folders listed against it. */
export const layers = [
  {
    target: "./src",
    from: "./server",
    message: "The site talks to the server through contract/ only.",
  },
  {
    target: "./contract",
    from: ["./server", "./src", "./content-kit", "./scripts"],
    message: "The contract is shared by both sides and depends on neither.",
  },
  {
    target: "./content-kit",
    from: ["./server", "./src", "./scripts"],
    message:
      "content-kit/ depends on contract/ only; the site, the server and the scripts import it.",
  },
  {
    target: "./server",
    from: "./src",
    message: "The server shares shapes through contract/ and reads content through content-kit/.",
  },
  {
    target: ["./server", "./src"],
    from: "./scripts",
    message: "scripts/ holds thin commands: nothing in server/, src/ or content-kit/ imports it.",
  },
  {
    target: ["./src", "./server", "./content-kit", "./contract"],
    from: "./postbuild",
    message:
      "postbuild/ is the post-build: gatsby-node.ts and the scripts run it, nothing else imports it.",
  },
  {
    // All SQL, by aggregate: it depends on its own files, contract/ and packages, and the rest of
    // the server (routes, domain folders, configuration) depends on it, never the reverse.
    target: "./server/store",
    from: "./server",
    except: ["./store"],
    message: "server/store/ imports nothing of the server outside it: the layers above use it.",
  },
  {
    target: "./server/routes",
    from: ["./server/main.ts", "./server/app.ts", "./server/config"],
    // The syntax of a webhook entry: the admin labels deliveries by it.
    except: ["./webhook-entry.ts"],
    message:
      "Routes get their Deps (server/deps.ts) and their own settings, never the process, the app or its config.",
  },
  {
    target: "./src/components/ui",
    from: [
      "./src/components/layout",
      "./src/components/sections",
      "./src/components/contact",
      "./src/admin",
      "./src/i18n",
      "./src/theme",
    ],
    message: "UI primitives take props; they import no providers or sections.",
  },
  {
    // Only the admin's page file (src/pages/admin/) imports it: Gatsby then keeps the admin in its
    // own chunks, out of every public page's bundle.
    target: [
      "./src/api-client",
      "./src/audience",
      "./src/components",
      "./src/content",
      "./src/i18n",
      "./src/lead-source",
      "./src/motion",
      "./src/node",
      "./src/templates",
      "./src/test",
      "./src/theme",
      "./src/app-root.tsx",
      "./src/pages/404.tsx",
    ],
    from: "./src/admin",
    message: "The admin is its own bundle: the public site imports nothing of src/admin/.",
  },
]

export const layerRules = [
  {
    ignores: [
      "public/",
      ".cache/",
      "dist/",
      "node_modules/",
      "reports/",
      "data/",
      "src/gatsby-types.d.ts",
    ],
  },
  { files: ["**/*.{ts,tsx,js,mjs}"], languageOptions: { parser: tseslint.parser } },
  {
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] }),
      ],
    },
    rules: {
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: layers }],
    },
  },
  {
    // The import zone above keeps server/config/ out of routes/; this keeps the Config itself
    // out, by whatever module its type would come through (a `Deps["config"]`, another
    // module's options): a route plugin's options name the settings it reads, and app.ts picks
    // them from the Config.
    files: ["server/routes/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "Identifier[name=/^[Cc]onfig$/], TSLiteralType > Literal[value='config']",
          message:
            "A route receives the settings it reads (its plugin's options type names them), never the whole Config.",
        },
      ],
    },
  },
  {
    // Tests build the whole app to drive it.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "server/test/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: layers.filter(
            (zone) => zone.target !== "./server/routes" && zone.target !== "./server/store",
          ),
        },
      ],
    },
  },
]

// Alone, the other plugins are only loaded so that the code's eslint-disable comments name known rules.
export default [
  ...layerRules,
  {
    plugins: { "jsx-a11y": jsxA11y, "react-hooks": reactHooks },
    linterOptions: { reportUnusedDisableDirectives: "off" },
  },
]
