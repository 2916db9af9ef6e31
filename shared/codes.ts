// The code format of what shoppers and pages send back to the shop, written once for the
// storefront and the services. A plain regular expression: the browser's first load may use it
// without zod (decision 010); the zod schema over it is server-only (app/server-only/schemas.server.ts).

/** A goods, SKU, coupon, activity or order number: 1–32 letters, digits, _ or - (spec/02 §3). */
export const CODE_PATTERN = /^[\w-]{1,32}$/;
