// Lint rules that keep the code as it reads today, and the layers of docs/ARCHITECTURE.md.
// Formatting is Prettier's business (npm run format:check); nothing here restates it.
import js from "@eslint/js"
import { createNodeResolver, importX } from "eslint-plugin-import-x"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

/** Each zone may not import from the folders listed against it. */
const layers = [
  { target: "./src", from: "./server", message: "The site talks to the server through contract/ only." },
  { target: "./contract", from: ["./server", "./src"], message: "The contract is shared by both sides and depends on neither." },
  { target: "./server/store", from: "./server/routes", message: "Repositories never see HTTP." },
  { target: "./server/routes", from: ["./server/main.ts", "./server/app.ts"], message: "Routes get their Deps (server/deps.ts), never the process or the app." },
  { target: "./src/components/ui", from: ["./src/components/layout", "./src/components/sections", "./src/components/admin", "./src/components/contact", "./src/i18n", "./src/theme", "./src/auth"], message: "UI primitives take props; they import no providers or sections." },
]

export default tseslint.config(
  { ignores: ["public/", ".cache/", "node_modules/", "reports/", "data/", "src/gatsby-types.d.ts", "**/*.js", "!scripts/**/*.js"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  jsxA11y.flatConfigs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: { "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".json"] })] },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: layers }],
      "import-x/order": ["error", { groups: ["builtin", "external", "internal", "parent", "sibling", "index"], alphabetize: { order: "asc", caseInsensitive: true } }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "server/test/**"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
)
