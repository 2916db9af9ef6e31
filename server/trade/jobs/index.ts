// Background work of the trade services, in-process: fulfilment, expiry, refunds, restock reminders, the outbox relay and
// retention. Each runs once
// at start-up (a restart catches up) and then on timers; stop() lets the current pass finish (a
// refund call in flight may be cut off by the exit: the refund stays queued, jobs/refunds.ts).
import diagnostics from "node:diagnostics_channel";
import { JOB_FAILED, UNEXPECTED_ERROR, type JOBS } from "../../../shared/channels";
import { payProvider, sendersOf, type TradeDeps } from "../deps";
import { messageRelay } from "./message-relay";
import { closeExpiredOrders } from "./expiry";
import { runFulfilment } from "./fulfilment";
import { runRefunds } from "./refunds";
import { pruneOldRecords } from "./retention";
import { sendRestockNotices } from "../services/restock.service";
import { syncTrades } from "../services/pay-trade.service";

const REFUND_TICK_MS = 1_000;
const RESTOCK_TICK_MS = 2_000;
const RELAY_TICK_MS = 1_000;
const TRADE_TICK_MS = 2_000;
const RETENTION_TICK_MS = 10 * 60_000;

/**
 * How long the fulfilment worker may hold the (single) event loop before it lets requests run:
 * a backlog is worked off in slices of this length, one right after another.
 */
const FULFIL_SLICE_MS = 10;

export function startJobs(deps: TradeDeps) {
  let stopped = false;
  const failed = (job: (typeof JOBS)[number]) => (error: unknown) => {
    deps.logger.error({ err: error, job }, "background job failed");
    diagnostics.channel(UNEXPECTED_ERROR).publish(error);
    diagnostics.channel(JOB_FAILED).publish({ job, error });
  };
  const safely = (name: (typeof JOBS)[number], job: () => unknown) => () => {
    try {
      job();
    } catch (error) {
      failed(name)(error);
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
  // provider calls are asynchronous: one pass at a time
  let refunding = false;
  const refundJob = () => {
    if (refunding || stopped) return;
    refunding = true;
    runRefunds(deps)
      .then((pass) => {
        if (pass.succeeded.length) deps.logger.info({ refunds: pass.succeeded }, "refunds confirmed by the pay provider");
      })
      .catch(failed("refunds"))
      .finally(() => (refunding = false));
  };
  // the real provider's trades: queried when quiet, closed when their order no longer can be paid
  let syncing = false;
  const tradeJob = () => {
    if (syncing || stopped) return;
    syncing = true;
    syncTrades(deps, payProvider(deps.config))
      .then((pass) => {
        if (pass.settled.length) deps.logger.warn({ orders: pass.settled }, "payments found by a trade query (their notification never came)");
        if (pass.failed.length) deps.logger.warn({ trades: pass.failed }, "pay provider's trade query or close failed; tried again");
      })
      .catch(failed("trades"))
      .finally(() => (syncing = false));
  };
  // every path that adds codes (the admin script, an import, codes returned to the shelf) is seen
  // here, by looking at the stock itself rather than at the path
  const restockNotices = safely("restock notices", () => {
    let pass;
    do {
      pass = sendRestockNotices(deps);
      if (pass.sent.length) deps.logger.info({ notices: pass.sent }, "restock reminders sent");
    } while (pass.more && !stopped);
  });
  // provider calls are asynchronous: one pass at a time, as the refunds
  const runRelay = deps.config.messages ? messageRelay(deps, sendersOf(deps), deps.config.messages) : null;
  let relaying = false;
  const relayJob = () => {
    if (!runRelay || relaying || stopped) return;
    relaying = true;
    runRelay()
      .then((pass) => {
        if (pass.sent.length) deps.logger.info({ messages: pass.sent }, "messages sent");
      })
      .catch(failed("message relay"))
      .finally(() => (relaying = false));
  };
  const retention = safely("retention", () => {
    const pass = pruneOldRecords(deps, deps.now());
    if (pass.outbox || pass.smsCodes || pass.loginAttempts) {
      deps.logger.info({ outbox: pass.outbox, smsCodes: pass.smsCodes, loginAttempts: pass.loginAttempts }, "deleted records past their retention");
    }
    if (pass.more && !stopped) setImmediate(retention);
  });
  expiry();
  fulfilment();
  restockNotices();
  refundJob();
  relayJob();
  retention();
  const timers = [
    setInterval(relayJob, RELAY_TICK_MS),
    setInterval(expiry, 5_000),
    setInterval(fulfilment, Math.max(100, Math.min(1_000, deps.config.fulfilDelayMs / 3))),
    setInterval(refundJob, REFUND_TICK_MS),
    setInterval(restockNotices, RESTOCK_TICK_MS),
    setInterval(tradeJob, TRADE_TICK_MS),
    setInterval(retention, RETENTION_TICK_MS),
  ];
  return {
    stop() {
      stopped = true;
      timers.forEach(clearInterval);
    },
  };
}
