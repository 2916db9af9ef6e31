// zod schemas over the shared code formats (shared/codes.ts), for loaders and actions only: zod
// stays out of the browser's first load (decision 010).
import { z } from "zod";
import { CODE_PATTERN } from "../../shared/codes";

/** A goods, SKU, coupon, activity or order number from a form, a cookie or the address. */
export const CodeSchema = z.string().regex(CODE_PATTERN);
