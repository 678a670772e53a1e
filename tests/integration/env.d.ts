/** What `env` from cloudflare:test holds: the Worker's bindings plus the migrations the setup applies. */
import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env extends globalThis.Env {
      TEST_MIGRATIONS: D1Migration[];
    }
  }
}
