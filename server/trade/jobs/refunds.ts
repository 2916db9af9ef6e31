// The refund job (decision 021): pays out the queued refunds through the pay provider. Each refund
// is claimed in a transaction of its own, then the provider is called outside any transaction
// with the refund's idempotency key, then the outcome is recorded. A crash at any point leaves the
// refund PENDING or settled, never lost: a PENDING refund is called again with the same key, and
// the provider refunds a key once. So the provider is called at least once and refunds at most once.
// Before the last failed attempt gives a refund up, the provider is asked what became of its key
// (decision 044): a call that timed out may have been paid, and a person told to refund by hand
// would pay the shopper twice.
import type { TradeDeps } from "../deps";
import type { PayProvider, RefundQueryResult, RefundRequest } from "../providers/pay";
import { NO_PAY_PROVIDER, payProvider } from "../services/payment.service";
import { writeTransaction } from "../services/prepared";
import {
  claimRefund,
  dueRefunds,
  refundCallTimeoutMs,
  REFUND_MAX_ATTEMPTS,
  refundFailed,
  refundInProgress,
  refundSucceeded,
  refundUnknown,
} from "../services/refund.service";

export interface RefundPass {
  succeeded: string[];
  retrying: string[];
  failed: string[];
  /** Given up without knowing whether the provider paid: flagged to be checked before a refund by hand. */
  unknown: string[];
}

function withTimeout<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`退款通道 ${ms / 1000} 秒未答复`)), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The provider's answer for the key, or the reason it gave none within `ms`. */
async function askProvider(
  provider: PayProvider,
  deps: TradeDeps,
  request: RefundRequest,
  ms: number,
): Promise<RefundQueryResult | { status: "NO_ANSWER"; reason: string }> {
  try {
    return await withTimeout(provider.queryRefund(deps.store.db, request), ms);
  } catch (error) {
    return { status: "NO_ANSWER", reason: messageOf(error) };
  }
}

/** One pass over the refunds due; the idempotency keys of what it settled or will retry. */
export async function runRefunds(deps: TradeDeps, provider: PayProvider | null = payProvider(deps.config)): Promise<RefundPass> {
  const { db } = deps.store;
  const pass: RefundPass = { succeeded: [], retrying: [], failed: [], unknown: [] };
  const callTimeoutMs = refundCallTimeoutMs(deps.config.payCallTimeoutMs);
  for (const refund of dueRefunds(db, deps.now())) {
    const claimed = writeTransaction(db, () => claimRefund(db, refund, deps.now(), callTimeoutMs));
    if (!claimed) continue;
    const attempt = { ...refund, attempts: refund.attempts + 1 };
    const log = { orderNo: refund.orderNo, idempotencyKey: refund.idempotencyKey, amount: refund.amount, attempt: attempt.attempts };
    if (!provider) {
      writeTransaction(db, () => refundFailed(db, attempt, NO_PAY_PROVIDER, deps.now(), { giveUp: true }));
      deps.logger.error(log, "no pay provider: refund flagged for a refund by hand");
      pass.failed.push(refund.idempotencyKey);
      continue;
    }
    const request: RefundRequest = { idempotencyKey: refund.idempotencyKey, orderNo: refund.orderNo, amount: refund.amount };
    try {
      await withTimeout(provider.refund(db, request), callTimeoutMs);
    } catch (error) {
      const message = messageOf(error);
      if (attempt.attempts < REFUND_MAX_ATTEMPTS) {
        writeTransaction(db, () => refundFailed(db, attempt, message, deps.now(), { giveUp: false }));
        deps.logger.warn({ ...log, err: error }, "refund failed; it is tried again");
        pass.retrying.push(refund.idempotencyKey);
        continue;
      }
      const known = await askProvider(provider, deps, request, callTimeoutMs);
      const now = deps.now();
      if (known.status === "SUCCEEDED") {
        writeTransaction(db, () => refundSucceeded(db, refund, now));
        deps.logger.warn({ ...log, err: error }, "refund call failed, but the provider has paid the key: refund settled");
        pass.succeeded.push(refund.idempotencyKey);
      } else if (known.status === "PROCESSING") {
        writeTransaction(db, () => refundInProgress(db, attempt, message, now));
        deps.logger.warn({ ...log, err: error }, "refund call failed; the provider is still processing the key: asked again later");
        pass.retrying.push(refund.idempotencyKey);
      } else if (known.status === "NO_ANSWER") {
        writeTransaction(db, () => refundUnknown(db, attempt, `${message}；查询亦无结果：${known.reason}`, now));
        deps.logger.error({ ...log, err: error, query: known.reason }, "refund outcome unknown: order flagged to be checked with the provider");
        pass.unknown.push(refund.idempotencyKey);
      } else {
        const reason = known.status === "FAILED" ? `${message}；支付通道答复退款失败：${known.reason}` : `${message}；支付通道查无此退款`;
        writeTransaction(db, () => refundFailed(db, attempt, reason, now, { giveUp: true }));
        deps.logger.error({ ...log, err: error }, "refund failed for good: order flagged for a refund by hand");
        pass.failed.push(refund.idempotencyKey);
      }
      continue;
    }
    writeTransaction(db, () => refundSucceeded(db, refund, deps.now()));
    pass.succeeded.push(refund.idempotencyKey);
  }
  return pass;
}
