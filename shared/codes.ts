// The formats of what shoppers and pages send back to the shop, written once for the storefront,
// the services and the seed. Plain regular expressions: the browser's first load may use them
// without zod (decision 010); the zod schemas over them are server-only
// (app/lib/schemas.server.ts, the services' routers).

/** A goods, SKU, coupon, activity or order number: 1–32 letters, digits, _ or - (spec 02). */
export const CODE_PATTERN = /^[\w-]{1,32}$/;

/** The delivery e-mail of pay-confirm (spec 02 §5): at most 50 characters. */
export const EMAIL_MAX_LENGTH = 50;
/** A local part, @, a domain, a dot and a top-level domain of at least 2 letters. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** Typed input filtered to letters, digits and @ . - _ (spec 02 §5). */
export function filterEmailInput(value: string): string {
  return value.replace(/[^A-Za-z0-9@._-]/g, "").slice(0, EMAIL_MAX_LENGTH);
}

export function isValidEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}
