import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/** Forbids imports matching `patterns` (and their relative spellings) in `files`. */
function layer(files, patterns, message) {
  const relative = patterns.filter((p) => p.startsWith("~/")).map((p) => `**/${p.slice(2)}`);
  return {
    files: [`${files}/*.{ts,tsx}`, `${files}.{ts,tsx}`],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: [...patterns, ...relative], message }] }],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".test-build*/",
      ".wrangler/",
      "node_modules/",
      "bench-results/",
      "public/",
      ".partykit/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  // The layers (README "How it fits together"): arrows point down, routes → features → models/services →
  // lib → db. A wrong arrow fails `npm run lint`.
  layer(
    "app/models/**",
    ["~/features/*", "~/services/*", "~/components/*", "~/routes/*", "~/root"],
    "models take `db` and plain values; they never call services, features or UI",
  ),
  layer(
    "app/services/**",
    ["~/features/*", "~/components/*", "~/routes/*", "~/root"],
    "services are infrastructure; they never call features or UI",
  ),
  layer(
    "app/features/**",
    ["~/components/*", "~/routes/*", "~/root"],
    "features hold the rules; UI imports them, not the other way round",
  ),
  layer(
    "app/lib/**",
    ["~/features/*", "~/models/*", "~/services/*", "~/components/*", "~/routes/*", "~/root"],
    "lib is pure code below everything else",
  ),
  layer(
    "app/components/**",
    ["*.server", "~/routes/*", "~/models/*", "~/services/*"],
    "components run in the browser: import types from lib/ or features/, never from *.server modules",
  ),
  {
    files: ["scripts/**/*.{js,mjs}", "*.config.{js,ts}"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        Buffer: "readonly",
        __dirname: "readonly",
      },
    },
  },
);
