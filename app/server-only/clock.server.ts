// "Now" for decisions the storefront makes per request (the popup advert's day). Automated tests
// pin it with an `X-Test-Now` request header (epoch ms or an ISO date), honoured only when
// NODE_ENV=test, so a test can play "tomorrow" without touching the machine's clock.
import type { StorefrontEnv } from "./env.server";

export function requestNow(request: Request, { nodeEnv }: StorefrontEnv): number {
  if (nodeEnv === "test") {
    const pinned = request.headers.get("x-test-now");
    if (pinned) {
      const ms = /^\d+$/.test(pinned) ? Number(pinned) : Date.parse(pinned);
      if (Number.isFinite(ms)) return ms;
    }
  }
  return Date.now();
}
