// Lint rules that keep the code as it reads today, plus the layers of eslint.layers.mjs.
// Formatting is Prettier's business (npm run format:check); nothing here restates it.
import js from "@eslint/js"
import { importX } from "eslint-plugin-import-x"
import jsxA11y from "eslint-plugin-jsx-a11y"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"
import { layerRules } from "./eslint.layers.mjs"

export default tseslint.config(
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  jsxA11y.flatConfigs.recommended,
  ...layerRules,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/order": [
        "error",
        {
          groups: ["builtin", "external", "internal", "parent", "sibling", "index"],
          alphabetize: { order: "asc", caseInsensitive: true },
        },
      ],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The site provides the i18n plugin's page wrapper itself (src/i18n/page-i18n.tsx), so the
    // plugin's browser API (I18nextContext, useI18next, its Link) has no provider; and lucide's
    // components would put every icon's path data back into the pages' JavaScript.
    files: ["src/**"],
    ignores: ["src/admin/**", "src/node/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "gatsby-plugin-react-i18next",
              message: "Not provided in the browser: use useLanguage() and src/i18n/link.tsx.",
            },
            {
              name: "lucide-react",
              message:
                "Use <Icon name> (src/components/ui/icon.tsx): the site's icons come from its sprite.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Tests read loose JSON answers.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "server/test/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Playwright's fixtures: \`async ({}, use) => ...\` is its documented form, and \`use\` there
    // is the fixture's callback, not React's hook.
    files: ["tests/e2e/**"],
    rules: {
      "no-empty-pattern": "off",
      "@typescript-eslint/no-empty-object-type": "off",
      "react-hooks/rules-of-hooks": "off",
    },
  },
  {
    // Kysely's migrations are written against Kysely<any> by design: a migration must not
    // depend on today's schema, which later migrations change.
    files: ["server/store/migrations.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
)
