// `npm run lint`. Formatting is Prettier's job (`npm run format`); these rules look for mistakes.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import playwright from "eslint-plugin-playwright";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// An import of the trade services' code (server/), the database (db/) or the seed (seed/): relative
// ("../../db/client"), through the "~" alias ("~/../server/app") or through tsconfig's baseUrl
// ("db/client"). Package subpaths such as "react-dom/server" and `.server` modules do not match.
const BEYOND_THE_HTTP_CONTRACT = String.raw`^(\.{1,2}/(.*/)?|~/(.*/)?|/(.*/)?)?(server|db|seed)(/|$)`;
// An import of the seed (seed/), relative or through tsconfig's baseUrl.
const THE_SEED = String.raw`^(\.{1,2}/(.*/)?|/(.*/)?)?seed(/|$)`;
// vi.mock or vi.doMock: replaces a module for the whole worker
const VI_MOCK = "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]";

export default tseslint.config(
  { ignores: ["build/", "data/", "public/", "test-results/", "playwright-report/", "tests/.tmp/"] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed arguments and rest siblings are the usual way to skip a value on purpose
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: {
      // off in tests only: they read JSON answers and database rows whose shape is what they assert
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    // Only the two classic hook rules: the React Compiler rules of eslint-plugin-react-hooks 7
    // ("recommended": purity, refs, set-state-in-effect, …) check code for the compiler, which
    // this React 18 app does not use.
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ["app/**/*.tsx"] },
  {
    ...playwright.configs["flat/recommended"],
    files: ["tests/e2e/**/*.ts"],
    rules: {
      ...playwright.configs["flat/recommended"].rules,
      // one test runs with JavaScript on and off (the two projects of playwright.config.ts) and asserts what each shows
      "playwright/no-conditional-in-test": "off",
      "playwright/no-conditional-expect": "off",
      // a test that holds for one screen only says so (test.skip(condition, why))
      "playwright/no-skipped-test": ["warn", { allowConditional: true }],
      // the shared steps that assert what a person sees
      "playwright/expect-expect": ["warn", { assertFunctionNames: ["expectNoViolations", "expectFitsPhones", "shootPage", "visit"] }],
    },
  },
  {
    // ADR 001: the storefront reaches the trade services only over HTTP (app/api/*.server.ts)
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: BEYOND_THE_HTTP_CONTRACT,
              message: "app/ reaches the trade services only over HTTP, through app/api/*.server.ts (ADR 001): it never imports server/, db/ or seed/.",
            },
          ],
        },
      ],
    },
  },
  {
    // the storefront's server code logs through the request's logger (context.log, api.log: the access log's child,
    // with the request id), never the console; the browser's console is for code that runs there (useEffect).
    // Its settings come in the load context (context.env, parsed once by server/serve.ts), never from process.env.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-console": "error",
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "the storefront's settings are context.env (app/server-only/env.server.ts)." },
      ],
    },
  },
  {
    // the production server does not depend on the demo's data: the entry point (boot.ts) hands it the seed
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ regex: THE_SEED, message: "server/ never imports seed/: the entry point (boot.ts) hands the server its Seeder (server/store.ts)." }] },
      ],
    },
  },
  {
    // vitest's forks share their modules between test files (vite.config.ts): a module mocked there could already be
    // loaded unmocked by an earlier file. A test that mocks is named *.mocked.test.* and runs in a worker of its own
    files: ["**/*.test.{ts,tsx}"],
    ignores: ["**/*.mocked.test.{ts,tsx}", "tests/routes/**"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: VI_MOCK, message: "a test that mocks a module is named *.mocked.test.ts: it runs isolated (vite.config.ts)." },
      ],
    },
  },
);
