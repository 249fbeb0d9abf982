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
    // Features are siblings: each uses shared code (components, lib, schemas, content), never another feature.
    files: ["app/features/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~/features/**", "../**", "~/routes/**"], message: "A feature imports shared code only; move what two features share to app/components or app/lib." }] }],
    },
  },
  {
    // Shared code never reaches up into features or routes.
    files: ["app/components/**", "app/lib/**", "app/content/**", "app/schemas/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~/features/**", "~/routes/**", "**/features/**", "**/routes/**"], message: "Shared code must not import a feature or a route." }] }],
    },
  },
  {
    // Logic, schemas and content sit under the UI and are loaded by the browser too: they never import
    // components, a feature, a route or server-only code.
    files: ["app/lib/**", "app/content/**", "app/schemas/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/features/**", "~/routes/**", "~/components/**", "**/features/**", "**/routes/**", "**/components/**"], message: "Logic, schemas and content must not import UI, a feature or a route." },
            { group: ["**/*.server", "**/server/**"], message: "Server-only code must never be imported by code the browser loads." },
          ],
        },
      ],
    },
  },
  {
    // Server domains are read by routes, never the other way; they render nothing.
    files: ["app/server/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["~/features/**", "~/routes/**", "~/components/**", "~/server/**", "../boot/**"], message: "Server code imports its own modules relatively and never UI, routes or boot/ (which wires the domains together)." }] }],
    },
  },
  {
    // The platform (database, tenancy, errors, config, limits) sits under every domain and knows none of them.
    files: ["app/server/platform/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(\\.\\./(?!\\.\\./)|~/(server|features|routes|components)/)", message: "Platform code must not import a domain (accounts, jobs, mail, ...); the domain imports the platform." }] }],
    },
  },
  {
    // The task queue runs any domain's tasks and knows none of them: a domain defines its tasks, boot/ lists them.
    files: ["app/server/queue/**"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(\\.\\./(?!\\.\\./|platform/)|~/(server|features|routes|components)/)", message: "Queue code imports only the platform; a domain defines its tasks with defineTask and boot/ lists them." }] }],
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
