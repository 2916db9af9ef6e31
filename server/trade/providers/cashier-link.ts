// The shop's signed cashier links (decisions 011, 047): /mock-pay/<order> in the sandbox,
// /cashier/<order> with a real provider. The signature (keyed by config.payLinkSecret) stops a
// link being made for another order; the order's own checks decide whether it can be paid.
import { createHmac, timingSafeEqual } from "node:crypto";

export const CASHIER_SIG = /^[0-9a-f]{32}$/;

export function cashierSignature(key: string, orderNo: string): string {
  return createHmac("sha256", key).update(`cashier\n${orderNo}`).digest("hex").slice(0, 32);
}

export function verifyCashierSignature(key: string, orderNo: string, signature: string): boolean {
  const x = Buffer.from(cashierSignature(key, orderNo));
  const y = Buffer.from(signature);
  return x.length === y.length && timingSafeEqual(x, y);
}
