/**
 * Three test layers , all run by `npm test` after a build:
 *  - unit:        pure code in Node (app/lib, scripts helpers)
 *  - integration: inside the Workers runtime (Miniflare) on the real migrations, through the built Worker
 *  - e2e:         Chromium (playwright-core) against the app started as `npm start` starts it
 */
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";
import { wranglerConfigFor } from "./scripts/wrangler-config.mjs";
import { freePort } from "./tests/support/free-port";

/** The payment gateway's stand-in for the Workers pool: its port, chosen here so the binding can name it. */
const PAYSTACK_TEST_KEY = "sk_test_integration_standin_key";

export default defineConfig(async () => {
  const migrations = await readD1Migrations(path.join(__dirname, "drizzle"));
  // The stand-ins (payment gateway, message providers) are started by the integration project's global
  // setups on these ports, chosen here so the Worker's bindings can name them.
  process.env.MEDISTORE_PAYSTACK_PORT ??= String(await freePort());
  process.env.MEDISTORE_PAYSTACK_KEY = PAYSTACK_TEST_KEY;
  process.env.MEDISTORE_TEST_STANDIN_PORT ??= String(await freePort());
  return {
    test: {
      projects: [
        {
          plugins: [tsconfigPaths()],
          test: {
            name: "unit",
            environment: "node",
            include: ["app/**/*.test.ts", "sw/**/*.test.ts", "tests/unit/**/*.test.ts"],
            // A few run ESLint or walk years of hours: seconds on a quiet machine, more beside the runtimes.
            testTimeout: 30_000,
          },
        },
        {
          plugins: [
            tsconfigPaths(),
            cloudflareTest({
              main: "./workers/app.ts",
              // The tests' own build folder (scripts/test.mjs), never the one `npm start` serves.
              wrangler: { configPath: wranglerConfigFor(process.env.MEDISTORE_BUILD_DIR) },
              miniflare: {
                bindings: {
                  TEST_MIGRATIONS: migrations,
                  APP_ENV: "test",
                  COOKIE_SECRET: "integration-test-cookie-secret",
                  CHAT_SECRET: "integration-test-chat-secret-0123456789",
                  // Tests write to D1 directly, past the Worker: every request reads the catalogue version.
                  CATALOGUE_VERSION_TTL_MS: "0",
                  // Paying online against the stand-in (scripts/paystack-standin.mjs), no network.
                  PAYSTACK_ENABLED: "true",
                  PAYSTACK_SECRET_KEY: PAYSTACK_TEST_KEY,
                  PAYSTACK_BASE_URL: `http://127.0.0.1:${process.env.MEDISTORE_PAYSTACK_PORT}`,
                  MESSAGES_STANDIN_URL: `http://127.0.0.1:${process.env.MEDISTORE_TEST_STANDIN_PORT}`,
                  SMS_WEBHOOK_SECRET: "integration-test-sms-webhook-secret",
                  WHATSAPP_APP_SECRET: "integration-test-whatsapp-secret",
                  // Retries at once: a test waits for a provider's recovery, not for a backoff.
                  MESSAGE_RETRY_SECONDS: "0",
                },
              },
            }),
          ],
          // The Worker serves the tests' own build (scripts/test.mjs), never the one `npm start` serves.
          resolve: {
            alias: {
              "medistore-server-build": path.resolve(
                process.env.MEDISTORE_BUILD_DIR ?? "build",
                "server/index.js",
              ),
            },
          },
          test: {
            name: "integration",
            include: ["tests/integration/**/*.test.ts"],
            // Password hashing (scrypt) is deliberately slow; a login-heavy test (and a hook that signs up
            // a role of each kind) needs room on 2 cores under a full run's load.
            testTimeout: 60_000,
            hookTimeout: 60_000,
            setupFiles: ["./tests/integration/apply-migrations.ts"],
            globalSetup: ["./tests/integration/paystack-setup.ts", "./tests/integration/message-standin.ts"],
          },
        },
        {
          // The chat party (party/) for real: each file starts `partykit dev` on a free port (docs/chat.md).
          plugins: [tsconfigPaths()],
          test: {
            name: "party",
            environment: "node",
            include: ["tests/party/**/*.test.ts"],
            testTimeout: 30_000,
            hookTimeout: 90_000,
          },
        },
        {
          plugins: [tsconfigPaths()],
          test: {
            name: "e2e",
            environment: "node",
            include: ["tests/e2e/**/*.test.ts"],
            globalSetup: ["./tests/e2e/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // One browser, one server: files run one after another.
            fileParallelism: false,
            // A 2-core CI machine running the app, the party and Chromium at once now and then stalls one
            // browser step; a test that fails is run once more, and a second failure fails the run.
            retry: 1,
          },
        },
      ],
    },
  };
});
