// The refund job (decision 021): pays out the queued refunds through the pay provider. Each refund
// is claimed in a transaction of its own, then the provider is called outside any transaction
// with the refund's idempotency key, then the outcome is recorded. A crash at any point leaves the
// refund PENDING or settled, never lost: a PENDING refund is called again with the same key, and
// the provider refunds a key once. So the provider is called at least once and refunds at most once.
import type { TradeDeps } from "../deps";
import type { PayProvider } from "../providers/pay";
import { NO_PAY_PROVIDER, payProvider } from "../services/payment.service";
import { writeTransaction } from "../services/prepared";
import { claimRefund, dueRefunds, REFUND_CALL_TIMEOUT_MS, refundFailed, refundSucceeded } from "../services/refund.service";

export interface RefundPass {
  succeeded: string[];
  retrying: string[];
  failed: string[];
}

function withTimeout(call: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`退款通道 ${REFUND_CALL_TIMEOUT_MS / 1000} 秒未答复`)), REFUND_CALL_TIMEOUT_MS);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/** One pass over the refunds due; the idempotency keys of what it settled or will retry. */
export async function runRefunds(deps: TradeDeps, provider: PayProvider | null = payProvider(deps.config)): Promise<RefundPass> {
  const { db } = deps.store;
  const pass: RefundPass = { succeeded: [], retrying: [], failed: [] };
  for (const refund of dueRefunds(db, deps.now())) {
    const claimed = writeTransaction(db, () => claimRefund(db, refund, deps.now()));
    if (!claimed) continue;
    const attempt = { ...refund, attempts: refund.attempts + 1 };
    const log = { orderNo: refund.orderNo, idempotencyKey: refund.idempotencyKey, amount: refund.amount, attempt: attempt.attempts };
    if (!provider) {
      writeTransaction(db, () => refundFailed(db, attempt, NO_PAY_PROVIDER, deps.now(), { giveUp: true }));
      deps.logger.error(log, "no pay provider: refund flagged for a refund by hand");
      pass.failed.push(refund.idempotencyKey);
      continue;
    }
    try {
      await withTimeout(provider.refund(db, { idempotencyKey: refund.idempotencyKey, orderNo: refund.orderNo, amount: refund.amount }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = writeTransaction(db, () => refundFailed(db, attempt, message, deps.now(), { giveUp: false }));
      if (outcome === "FAILED") deps.logger.error({ ...log, err: error }, "refund failed for good: order flagged for a refund by hand");
      else deps.logger.warn({ ...log, err: error }, "refund failed; it is tried again");
      pass[outcome === "FAILED" ? "failed" : "retrying"].push(refund.idempotencyKey);
      continue;
    }
    writeTransaction(db, () => refundSucceeded(db, refund, deps.now()));
    pass.succeeded.push(refund.idempotencyKey);
  }
  return pass;
}
