import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".react-router/", "data/", "test-results/", "playwright-report/", "db/migrations/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    // Server-only code must never be imported by schemas, which the browser loads too.
    files: ["app/schemas/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: ["**/*.server", "**/server/**"] }],
    },
  },
  {
    // zod is configured in app/schemas/zod.ts (no eval in the browser, whose CSP forbids it).
    files: ["app/**"],
    ignores: ["app/schemas/zod.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [{ name: "zod", message: "Import z from ~/schemas/zod, which configures it.", allowTypeImports: true }] },
      ],
    },
  },
);
