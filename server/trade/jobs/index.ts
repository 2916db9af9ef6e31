// Background work of the trade services, in-process: fulfilment and expiry. Both run once at
// start-up (a restart catches up) and then on timers; stop() lets the current pass finish.
import type { TradeDeps } from "../deps";
import { closeExpiredOrders } from "./expiry";
import { runFulfilment } from "./fulfilment";

/**
 * How long the fulfilment worker may hold the (single) event loop before it lets requests run:
 * a backlog is worked off in slices of this length, one right after another.
 */
const FULFIL_SLICE_MS = 10;

export function startJobs(deps: TradeDeps) {
  let stopped = false;
  const safely = (name: string, job: () => unknown) => () => {
    try {
      job();
    } catch (error) {
      deps.logger.error({ err: error, job: name }, "background job failed");
    }
  };
  const expiry = safely("expiry", () => {
    const closed = closeExpiredOrders(deps);
    if (closed.length) deps.logger.info({ orders: closed }, "closed expired orders");
  });
  // one pass takes at most a batch; with more due (500 paid orders a second is 250 per tick), the
  // next slice follows on setImmediate instead of waiting for the next tick
  let continuing = false;
  const fulfilment = safely("fulfilment", () => {
    const started = Date.now();
    let more: boolean;
    do {
      const pass = runFulfilment(deps);
      if (pass.delivered.length) deps.logger.info({ orders: pass.delivered }, "delivered orders");
      if (pass.refunded.length) deps.logger.warn({ orders: pass.refunded }, "refunded orders whose codes did not come in time");
      more = pass.more;
    } while (more && Date.now() - started < FULFIL_SLICE_MS);
    if (more && !continuing && !stopped) {
      continuing = true;
      setImmediate(() => {
        continuing = false;
        if (!stopped) fulfilment();
      });
    }
  });
  expiry();
  fulfilment();
  const timers = [setInterval(expiry, 5_000), setInterval(fulfilment, Math.max(100, Math.min(1_000, deps.config.fulfilDelayMs / 3)))];
  return {
    stop() {
      stopped = true;
      timers.forEach(clearInterval);
    },
  };
}
