// The checkout pages (确认订单, the pay page, the pay-wait and pay-success pages): the /settle routes.
// Nothing of the layout opens over them (the coupon pop-up waits for the next page, decision 027).

export function isCheckoutPath(pathname: string): boolean {
  return /^\/settle(\/|$)/i.test(pathname);
}
