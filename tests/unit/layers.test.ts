/**
 * The layers hold: ESLint refuses an import that runs the wrong way (the same rules `npm run lint` runs),
 * and lets the right ones through.
 */
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint();

async function restrictedImports(filePath: string, source: string) {
  const [result] = await eslint.lintText(source, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").length;
}

describe("layers", () => {
  it.each([
    [
      "a model importing a service",
      "app/models/x.server.ts",
      'import { hashPassword } from "~/services/password.server";',
    ],
    [
      "a model importing a feature",
      "app/models/x.server.ts",
      'import { logIn } from "~/features/accounts/login.server";',
    ],
    [
      "a service importing a component",
      "app/services/x.server.ts",
      'import { ProductCard } from "~/components/product-card";',
    ],
    [
      "a service importing a feature",
      "app/services/x.server.ts",
      'import { changeCart } from "~/features/cart/cart.server";',
    ],
    [
      "a component importing a .server module",
      "app/components/x.tsx",
      'import { getUser } from "~/services/session.server";',
    ],
    [
      "a component importing a feature's .server module",
      "app/components/x.tsx",
      'import type { PricedLine } from "~/features/cart/pricing.server";',
    ],
    [
      "a component importing a model",
      "app/components/x.tsx",
      'import type { OrderWithItems } from "~/models/order.server";',
    ],
    [
      "a feature importing a component",
      "app/features/cart/x.server.ts",
      'import { ProductCard } from "../../components/product-card";',
    ],
    ["lib importing a feature", "app/lib/x.ts", 'import { CART_INTENTS } from "~/features/cart/intents";'],
  ])("refuses %s", async (_name, filePath, source) => {
    expect(await restrictedImports(filePath, `${source}\nexport {};\n`)).toBe(1);
  });

  it.each([
    [
      "a route importing a feature",
      "app/routes/x.tsx",
      'import { changeCart } from "~/features/cart/cart.server";',
    ],
    [
      "a feature importing a model and a service",
      "app/features/x/x.server.ts",
      'import { getOrderById } from "~/models/order.server";\nimport { readJson } from "~/services/http.server";',
    ],
    [
      "a component importing a feature's pure module",
      "app/components/x.tsx",
      'import { optimisticCount } from "~/features/cart/intents";',
    ],
    [
      "a model importing lib and db",
      "app/models/x.server.ts",
      'import type { PublicUser } from "~/lib/user";\nimport { users } from "~/db/schema";',
    ],
  ])("allows %s", async (_name, filePath, source) => {
    expect(await restrictedImports(filePath, `${source}\nexport {};\n`)).toBe(0);
  });
});
