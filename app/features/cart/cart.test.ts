import { describe, expect, it } from "vitest";
import {
  addToCart,
  CART_FULL_MESSAGE,
  CART_MAX_LINES,
  cartCount,
  clampTypedQty,
  parseTypedQty,
  removeFromCart,
  sanitizeCart,
  serializeCart,
  updateCartQty,
  type Cart,
} from "./cart";

describe("addToCart", () => {
  it("adds a new line with quantity 1 by default", () => {
    const result = addToCart([], 7);
    expect(result).toEqual({ ok: true, cart: [{ productId: 7, qty: 1 }] });
  });

  it("merges into the existing line with the same id", () => {
    const result = addToCart([{ productId: 7, qty: 2 }], 7, 3);
    expect(result.cart).toEqual([{ productId: 7, qty: 5 }]);
  });

  it("caps a line at 99 with a notice naming the product", () => {
    const result = addToCart([{ productId: 7, qty: 99 }], 7, 1, "Coartem");
    expect(result.ok).toBe(true);
    expect(result.cart).toEqual([{ productId: 7, qty: 99 }]);
    expect(result.ok && result.notice).toBe("You can order at most 99 of Coartem at once.");
  });

  it("refuses a 51st different product with a clear message", () => {
    const full: Cart = Array.from({ length: CART_MAX_LINES }, (_, i) => ({ productId: i + 1, qty: 1 }));
    const result = addToCart(full, 999);
    expect(result).toEqual({ ok: false, cart: full, error: CART_FULL_MESSAGE });
    // …but more of a product already in the cart is fine.
    expect(addToCart(full, 1).ok).toBe(true);
  });
});

describe("updateCartQty", () => {
  it("sets the quantity", () => {
    expect(updateCartQty([{ productId: 1, qty: 1 }], 1, 4).cart).toEqual([{ productId: 1, qty: 4 }]);
  });
  it("never goes below 1", () => {
    expect(updateCartQty([{ productId: 1, qty: 3 }], 1, 0).cart).toEqual([{ productId: 1, qty: 1 }]);
    expect(updateCartQty([{ productId: 1, qty: 3 }], 1, -5).cart).toEqual([{ productId: 1, qty: 1 }]);
  });
  it("caps at 99 with a notice", () => {
    const result = updateCartQty([{ productId: 1, qty: 3 }], 1, 500, "Panadol");
    expect(result.cart).toEqual([{ productId: 1, qty: 99 }]);
    expect(result.ok && result.notice).toContain("at most 99 of Panadol");
  });
  it("ignores an id that is not in the cart", () => {
    expect(updateCartQty([{ productId: 1, qty: 3 }], 2, 5).cart).toEqual([{ productId: 1, qty: 3 }]);
  });
});

describe("typed quantities", () => {
  it("an empty input becomes 1", () => {
    expect(parseTypedQty("")).toBe(1);
    expect(parseTypedQty("   ")).toBe(1);
    expect(parseTypedQty(null)).toBe(1);
    expect(clampTypedQty("")).toBe(1);
  });
  it("junk becomes 1, decimals are truncated, the range is 1..99", () => {
    expect(clampTypedQty("abc")).toBe(1);
    expect(clampTypedQty("2.7")).toBe(2);
    expect(clampTypedQty("0")).toBe(1);
    expect(clampTypedQty("1000")).toBe(99);
  });
});

describe("remove, count, cookie form", () => {
  it("removes a line and counts the rest", () => {
    const cart = removeFromCart(
      [
        { productId: 1, qty: 2 },
        { productId: 2, qty: 3 },
      ],
      1,
    );
    expect(cart).toEqual([{ productId: 2, qty: 3 }]);
    expect(cartCount(cart)).toBe(3);
  });

  it("round-trips through the cookie form", () => {
    const cart = [
      { productId: 3, qty: 2 },
      { productId: 9, qty: 1 },
    ];
    expect(sanitizeCart(serializeCart(cart))).toEqual(cart);
  });

  it("drops anything malformed a cookie might hold", () => {
    expect(sanitizeCart("nope")).toEqual([]);
    expect(sanitizeCart(null)).toEqual([]);
    expect(
      sanitizeCart([
        [1, 2],
        [1, 5], // duplicate id
        ["2", 1], // id not a number
        [3, 0], // quantity below 1
        [4, 1.5], // not a whole number
        [-1, 1],
        [5, 1000], // capped, not dropped
        { productId: 6, qty: 1 },
      ]),
    ).toEqual([
      { productId: 1, qty: 2 },
      { productId: 5, qty: 99 },
    ]);
  });
});
