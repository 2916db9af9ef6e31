// An order's trade at a real payment provider (decision 047): opened when the shopper opens the
// cashier (the provider's prepay step, its answer kept in pay_trades), settled by a query when
// its notification never came, and closed at the provider once the order expired or was closed.
// The provider is called outside any transaction; what it answers is applied in one.
import { and, asc, eq, inArray, isNull, lte } from "drizzle-orm";
import { orders, orderUnits, payTrades } from "../../../db/schema";
import type { TradeDeps } from "../deps";
import { OPEN_STATUSES, PAID_STATUSES, type OrderStatus } from "../domain/order-state";
import type { Cashier, PayClient, PayProvider } from "../providers/pay";
import { applyPayment, type NotifyOutcome } from "./payment.service";
import { writeTransaction } from "./prepared";

/** How long after the cashier opened, and between queries, an open trade is queried. */
export const TRADE_QUERY_INTERVAL_MS = 10_000;
/** Trades one pass queries or closes at most. */
const TRADE_BATCH = 20;

export type OpenedCashier = Cashier | { kind: "state"; status: OrderStatus; paid: boolean };

/**
 * The provider's cashier for an open order, its prepay answer kept with the order: a QR code is
 * made once and shown again (WeChat answers the same code for the same trade). A closed or paid
 * order gets its state instead.
 */
export async function openCashier(deps: TradeDeps, provider: PayProvider, orderNo: string, client: PayClient): Promise<OpenedCashier | null> {
  const { db } = deps.store;
  const order = db
    .select({ status: orders.status, payPrice: orders.payPrice, payExpireAt: orders.payExpireAt })
    .from(orders)
    .where(eq(orders.orderNo, orderNo))
    .get();
  if (!order) return null;
  const status = order.status as OrderStatus;
  if (!OPEN_STATUSES.includes(status) || order.payExpireAt <= deps.now()) return { kind: "state", status, paid: PAID_STATUSES.includes(status) };
  const kept = db.select().from(payTrades).where(eq(payTrades.orderNo, orderNo)).get();
  if (kept?.codeUrl && kept.provider === provider.name && client.device === "desktop") return { kind: "qr", codeUrl: kept.codeUrl };
  const unit = db.select({ name: orderUnits.goodsName }).from(orderUnits).where(eq(orderUnits.orderNo, orderNo)).get();
  const cashier = await provider.cashier(
    { orderNo, amount: order.payPrice, subject: `TTS游戏商城 ${unit?.name ?? orderNo}`, expiresAt: order.payExpireAt },
    client,
  );
  const now = deps.now();
  const codeUrl = cashier.kind === "qr" ? cashier.codeUrl : (kept?.codeUrl ?? null);
  db.insert(payTrades)
    .values({ orderNo, provider: provider.name, codeUrl, createdAt: now, checkedAt: now })
    .onConflictDoUpdate({ target: payTrades.orderNo, set: { provider: provider.name, codeUrl } })
    .run();
  return cashier;
}

export interface TradePass {
  /** Orders a query found paid (their notification never came). */
  settled: { orderNo: string; outcome: NotifyOutcome }[];
  /** Orders whose trade was closed at the provider. */
  closed: string[];
  /** What failed, by order, to be tried again on a later pass. */
  failed: { orderNo: string; error: string }[];
}

/**
 * One pass: queries the open orders' trades that have been quiet for TRADE_QUERY_INTERVAL_MS and
 * applies a payment found (as its notification would have), then closes at the provider the
 * trades of orders that can no longer be paid. A trade paid before its close is applied too: an
 * order already closed flags it and refunds it (decision 021), nothing is kept unpaid for.
 */
export async function syncTrades(deps: TradeDeps, provider: PayProvider | null): Promise<TradePass> {
  const pass: TradePass = { settled: [], closed: [], failed: [] };
  if (!provider || provider.name === "sandbox") return pass;
  const { db } = deps.store;
  const now = deps.now();
  const quiet = db
    .select({ orderNo: payTrades.orderNo, status: orders.status })
    .from(payTrades)
    .innerJoin(orders, eq(orders.orderNo, payTrades.orderNo))
    .where(and(isNull(payTrades.closedAt), lte(payTrades.checkedAt, now - TRADE_QUERY_INTERVAL_MS)))
    .orderBy(asc(payTrades.checkedAt))
    .limit(TRADE_BATCH)
    .all();
  const paidAlready = quiet.filter((t) => PAID_STATUSES.includes(t.status as OrderStatus)).map((t) => t.orderNo);
  if (paidAlready.length) db.update(payTrades).set({ closedAt: now }).where(inArray(payTrades.orderNo, paidAlready)).run();

  for (const trade of quiet) {
    const status = trade.status as OrderStatus;
    if (PAID_STATUSES.includes(status)) continue;
    const open = OPEN_STATUSES.includes(status);
    try {
      let paid = open ? await provider.queryTrade(trade.orderNo) : null;
      if (!open && (await provider.closeTrade(trade.orderNo)) === "PAID") paid = await provider.queryTrade(trade.orderNo);
      if (paid) pass.settled.push({ orderNo: trade.orderNo, outcome: applyPayment(deps, paid).outcome });
      const closed = !open || paid !== null;
      writeTransaction(db, () =>
        db
          .update(payTrades)
          .set({ checkedAt: deps.now(), ...(closed ? { closedAt: deps.now() } : {}) })
          .where(eq(payTrades.orderNo, trade.orderNo))
          .run(),
      );
      if (!open) pass.closed.push(trade.orderNo);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      db.update(payTrades).set({ checkedAt: deps.now() }).where(eq(payTrades.orderNo, trade.orderNo)).run();
      pass.failed.push({ orderNo: trade.orderNo, error: message });
    }
  }
  return pass;
}

/** The kept trade of an order (tests and the admin script look at it). */
export function payTradeOf(deps: Pick<TradeDeps, "store">, orderNo: string) {
  return deps.store.db.select().from(payTrades).where(eq(payTrades.orderNo, orderNo)).get() ?? null;
}
