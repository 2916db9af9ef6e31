// Background work of the trade services, in-process: fulfilment and expiry. Both run once at
// start-up (a restart catches up) and then on timers; stop() lets the current pass finish.
import type { TradeDeps } from "../deps";
import { closeExpiredOrders } from "./expiry";
import { runFulfilment } from "./fulfilment";

export function startJobs(deps: TradeDeps) {
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
  const fulfilment = safely("fulfilment", () => {
    const { delivered } = runFulfilment(deps);
    if (delivered.length) deps.logger.info({ orders: delivered }, "delivered orders");
  });
  expiry();
  fulfilment();
  const timers = [
    setInterval(expiry, 5_000),
    setInterval(fulfilment, Math.max(100, Math.min(1_000, deps.config.fulfilDelayMs / 3))),
  ];
  return {
    stop() {
      timers.forEach(clearInterval);
    },
  };
}
