// What the back office's pages may do (issue 39, decision 053): a closed set of calls into the
// trade tier's services, handed to the Remix routes under /admin through the load context of the
// back office's own listener (server/back-office.ts) and never through the shop's. The routes
// hold no SQL; a change goes through the service the admin script uses and writes its audit line
// in the same transaction. Codes leave this module masked: no list shows a code in full.
import { desc, eq, gte, sql } from "drizzle-orm";
import { cdkeys, goods, orders, refunds, skus } from "../../../db/schema";
import { LOW_STOCK, type BackOfficeServices, type CodeImportOutcome, type SignedInOperator, type SkuStock } from "../../../shared/back-office";
import { shopDayStart } from "../../../shared/shop-time";
import type { ServiceDeps } from "../deps";
import { maskCode } from "../domain/masked-code";
import { listAudit, recordAudit } from "./audit-log.service";
import { importCodes } from "./code-import.service";
import { orderDesk } from "./back-office-orders";
import { couponDesk } from "./coupon-admin.service";
import { ImportFileError } from "./import-file";
import { endOperatorSession, operatorLogin, operatorSession, type OperatorLoginInput } from "./operator.service";
import { goodsBackOffice } from "./goods-admin.service";

function skuStock(deps: ServiceDeps): SkuStock[] {
  const unused = sql<number>`coalesce(sum(${cdkeys.status} = 'UNUSED'), 0)`;
  return deps.store.db
    .select({
      skuNo: skus.skuNo,
      goodsName: goods.goodsName,
      skuName: skus.skuName,
      disabled: skus.disabled,
      unused,
      delivered: sql<number>`coalesce(sum(${cdkeys.status} = 'DELIVERED'), 0)`,
    })
    .from(skus)
    .innerJoin(goods, eq(goods.goodsNo, skus.goodsNo))
    .leftJoin(cdkeys, eq(cdkeys.skuNo, skus.skuNo))
    .groupBy(skus.skuNo)
    .orderBy(unused, skus.skuNo)
    .all();
}

function dashboard(deps: ServiceDeps) {
  const { db } = deps.store;
  const dayStart = shopDayStart(deps.now());
  const created = db
    .select({ n: sql<number>`count(*)` })
    .from(orders)
    .where(gte(orders.createdAt, dayStart))
    .get()!.n;
  const paid = db
    .select({ n: sql<number>`count(*)`, cents: sql<number>`coalesce(sum(${orders.payPrice}), 0)` })
    .from(orders)
    .where(gte(orders.payAt, dayStart))
    .get()!;
  const refunded = db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(gte(refunds.createdAt, dayStart))
    .get()!.cents;
  const waiting = db
    .select({ orderNo: orders.orderNo, payAt: orders.payAt, payPrice: orders.payPrice })
    .from(orders)
    .where(eq(orders.status, "SENDING"))
    .orderBy(orders.payAt)
    .limit(50)
    .all();
  const stock = skuStock(deps);
  const restock = stock.filter((s) => !s.disabled && s.unused <= LOW_STOCK);
  return { dayStart, ordersCreated: created, ordersPaid: paid.n, revenueCents: paid.cents, refundedCents: refunded, waiting, restock, skuCount: stock.length };
}

/** The newest codes, masked, with their SKU and state. */
function recentCodes(deps: ServiceDeps, limit = 20) {
  return deps.store.db
    .select({ id: cdkeys.id, skuNo: cdkeys.skuNo, code: cdkeys.code, status: cdkeys.status, createdAt: cdkeys.createdAt })
    .from(cdkeys)
    .orderBy(desc(cdkeys.id))
    .limit(limit)
    .all()
    .map(({ code, ...rest }) => ({ ...rest, masked: maskCode(code) }));
}

/**
 * The admin script's `codes:import` (decision 050) for a signed-in operator: the same checks and
 * all-or-nothing write, its audit line (the SKUs' unused counts before → after, never a code) in
 * the import's own transaction. A dry run writes no line.
 */
function importCodesAs(
  deps: ServiceDeps,
  operator: SignedInOperator,
  file: Uint8Array | string,
  options: { skuNo?: string; dryRun?: boolean },
): CodeImportOutcome {
  try {
    return writeImport(deps, operator, file, options);
  } catch (error) {
    // a whole file refused (too big, not text, no codes): nothing was read into the store
    if (error instanceof ImportFileError) return { refused: error.message };
    throw error;
  }
}

function writeImport(deps: ServiceDeps, operator: SignedInOperator, file: Uint8Array | string, options: { skuNo?: string; dryRun?: boolean }) {
  return deps.store.db.transaction(
    (tx) => {
      const report = importCodes(deps, file, options);
      if (report.written) {
        const before = report.skus.map((s) => `${s.skuNo} 未售出 ${(s.unused ?? 0) - s.codes}`).join("；");
        const after = report.skus.map((s) => `${s.skuNo} 未售出 ${s.unused ?? 0}`).join("；");
        recordAudit(
          tx,
          { operatorId: operator.operatorId, actor: operator.name, action: "导入兑换码", subject: `${report.codes} 个`, before, after },
          deps.now(),
        );
      }
      return report;
    },
    { behavior: "immediate" },
  );
}

export function backOffice(deps: ServiceDeps, options: { mediaDir: string }): BackOfficeServices {
  return {
    ...goodsBackOffice(deps, options),
    signedIn: (token: string | undefined) => operatorSession(deps, token),
    login: (input: OperatorLoginInput) => operatorLogin(deps, input),
    logout: (token: string, operator: SignedInOperator) => endOperatorSession(deps, token, operator),
    dashboard: () => dashboard(deps),
    skuStock: () => skuStock(deps),
    recentCodes: () => recentCodes(deps),
    importCodes: (operator: SignedInOperator, file: Uint8Array | string, options: { skuNo?: string; dryRun?: boolean } = {}) =>
      importCodesAs(deps, operator, file, options),
    audit: (beforeId?: number) => listAudit(deps.store.db, { beforeId }),
    ...orderDesk(deps),
    ...couponDesk(deps),
  };
}
