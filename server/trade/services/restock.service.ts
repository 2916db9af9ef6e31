// 到货提醒 (an extension of the contract, decision 031): a member asks to be told when a sold-out SKU
// has codes again; the notice job (jobs/restock-notices.ts) tells them once, by SMS and by mail to
// the account's e-mail, on the channels the shop has (decision 058); every answer says which.
// "Sold out" counts the codes the waiting orders will take first: a code that arrives for an order
// already paid is not one a reminded shopper could buy.
import { and, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../../../db/client";
import { cdkeys, goods, members, ORDERS_TO_FULFIL_SQL, restockNotices, skus } from "../../../db/schema";
import { shopDayStart } from "../../../shared/shop-time";
import type { Caller, ServiceDeps, TradeDeps } from "../deps";
import { ApiError, ERROR } from "../http/api-error";
import { queueMail, queueSms } from "../providers/outbox";
import { memberEmail, notifyBy, shopChannels } from "./member-contact.service";
import { preparedFor, statement, writeTransaction } from "./prepared";

/** What the restock answers need: the store and clock, and the shop's message channels. */
type RestockDeps = ServiceDeps & Pick<TradeDeps, "config" | "senders">;

/** The channels a reminder of this member's would go by now (the daily SMS allowance aside). */
const memberNotifyBy = (deps: RestockDeps, member: Caller) => notifyBy(shopChannels(deps, "RESTOCK"), memberEmail(deps, member));

export const RESTOCK = {
  /** Open reminders a member may hold at once. */
  openPerMember: 20,
  /** Restock SMS a number receives per shop day; past it the notice goes by mail only. */
  smsPerDay: 5,
  /** How long a sent reminder stays in the member's list. */
  shownAfterNoticeMs: 30 * 86_400_000,
  /** Reminders one pass of the notice job sends at most. */
  batch: 50,
} as const;

export const RESTOCK_MESSAGES = {
  NO_SKU: "该规格不存在或已下架",
  IN_STOCK: "该规格有货，可直接购买，无需到货提醒",
  TWICE: "您已订阅该规格的到货提醒",
  TOO_MANY: `到货提醒最多 ${RESTOCK.openPerMember} 个，请先取消不需要的提醒`,
  NO_NOTICE: "到货提醒不存在或已结束",
} as const;

/**
 * Units of the SKU (the column named) that paid orders wait for (found through order_units_sku_idx).
 * An order that also waits for a SKU with no unused code at all is left out: delivery is all or
 * nothing (decision 021), so it takes none of this SKU's codes until that other SKU has one, and
 * counting it would take this SKU off sale while its codes stay on the shelf (review 2026-11c M1,
 * decision 044).
 */
const waitingUnits = (skuNoColumn: string) => `(select count(*) from order_units u join orders o on o.order_no = u.order_no
    left join order_performances p on p.unit_id = u.id
    where u.sku_no = ${skuNoColumn} and o.status in ${ORDERS_TO_FULFIL_SQL} and p.id is null
      and not exists (select 1 from order_units b where b.order_no = o.order_no and b.sku_no <> u.sku_no
        and not exists (select 1 from cdkeys c where c.sku_no = b.sku_no and c.status = 'UNUSED')))`;

/** Codes of a SKU of the query's skus that no paid order is waiting for, every code counted: the notice job's pass. */
const spareCodes = sql<number>`((select count(*) from ${cdkeys} where ${cdkeys.skuNo} = ${skus.skuNo} and ${cdkeys.status} = 'UNUSED') - ${sql.raw(
  waitingUnits('"skus"."sku_no"'),
)})`;

const isOpen = and(isNull(restockNotices.notifiedAt), isNull(restockNotices.cancelledAt));

// A page view and a request only ask whether a SKU has a spare code: the bounded read takes at most
// waiting + 1 unused codes from cdkeys_sku_status_idx instead of counting them all (the bench's
// 200,000). SQLite refuses a LIMIT or OFFSET that refers to the outer query, so the waiting units
// come first, with the SKU, and are bound as the OFFSET. Raw SQL: in a one-table select drizzle
// leaves the subquery's columns unqualified ("ambiguous column name: id").
const SKU_WITH_WAITING = `select s.sku_no as skuNo, ${waitingUnits("s.sku_no")} as waiting
  from skus s join goods g on g.goods_no = s.goods_no where s.disabled = 0`;
const skusOfGoods = (db: Db, goodsNo: string) => statement(db, `${SKU_WITH_WAITING} and s.goods_no = ?`).all(goodsNo) as { skuNo: string; waiting: number }[];
/** A SKU on sale (its goods on sale, the SKU not disabled), or undefined. */
const skuOnSale = (db: Db, skuNo: string) =>
  statement(db, `${SKU_WITH_WAITING} and g.status = 'ON_SALE' and s.sku_no = ?`).get(skuNo) as { skuNo: string; waiting: number } | undefined;
/** More unused codes than paid orders wait for: not sold out (decision 031). */
const hasSpareCode = (db: Db, sku: { skuNo: string; waiting: number }) =>
  statement(db, "select 1 from cdkeys where sku_no = ? and status = 'UNUSED' limit 1 offset ?").get(sku.skuNo, sku.waiting) !== undefined;

/** The SKUs among these that have no spare code (sold out as the goods page says), each once. */
export function soldOutSkus(db: Db, skuNos: readonly string[]): string[] {
  const waiting = statement(db, `select ${waitingUnits("?")} as waiting`);
  return [...new Set(skuNos)].filter((skuNo) => !hasSpareCode(db, { skuNo, waiting: (waiting.get(skuNo) as { waiting: number }).waiting }));
}

const openNoticesOfGoods = preparedFor((db) =>
  db
    .select({ notice_id: restockNotices.id, sku_no: restockNotices.skuNo })
    .from(restockNotices)
    .innerJoin(skus, eq(skus.skuNo, restockNotices.skuNo))
    .where(and(eq(restockNotices.memberId, sql.placeholder("memberId")), eq(skus.goodsNo, sql.placeholder("goodsNo")), isOpen))
    .prepare(),
);

/** The goods' sold-out SKUs, the member's open reminders among them and the channels a reminder goes by. */
export function restockStatus(deps: RestockDeps, member: Caller | null, goodsNo: string) {
  const db = deps.store.db;
  const soldOut = skusOfGoods(db, goodsNo)
    .filter((sku) => !hasSpareCode(db, sku))
    .map((sku) => sku.skuNo);
  const notices = member ? openNoticesOfGoods(db).all({ memberId: member.memberId, goodsNo }) : [];
  return { sold_out_skus: soldOut, notices, ...(member ? { notify_by: memberNotifyBy(deps, member) } : {}) };
}

/** Asks for a reminder: 404 for a SKU not on sale, 409 for one in stock or already asked for, 429 past the cap. */
export function requestRestockNotice(deps: RestockDeps, member: Caller, skuNo: string) {
  const db = deps.store.db;
  const asked = writeTransaction(db, () => {
    const sku = skuOnSale(db, skuNo);
    if (!sku) throw new ApiError(ERROR.NOT_FOUND, RESTOCK_MESSAGES.NO_SKU);
    if (hasSpareCode(db, sku)) throw new ApiError(ERROR.CONFLICT, RESTOCK_MESSAGES.IN_STOCK);
    const open = db
      .select({ skuNo: restockNotices.skuNo })
      .from(restockNotices)
      .where(and(eq(restockNotices.memberId, member.memberId), isOpen))
      .all();
    if (open.some((n) => n.skuNo === skuNo)) throw new ApiError(ERROR.CONFLICT, RESTOCK_MESSAGES.TWICE);
    if (open.length >= RESTOCK.openPerMember) throw new ApiError(ERROR.RATE_LIMITED, RESTOCK_MESSAGES.TOO_MANY);
    const row = db.insert(restockNotices).values({ memberId: member.memberId, skuNo, createdAt: deps.now() }).returning({ id: restockNotices.id }).get();
    return { notice_id: row.id };
  });
  return { ...asked, notify_by: memberNotifyBy(deps, member) };
}

/** Cancels an open reminder of the member's; anything else (another's, sent, cancelled, unknown) is one 404. */
export function cancelRestockNotice(deps: ServiceDeps, member: Caller, noticeId: number) {
  const changed = deps.store.db
    .update(restockNotices)
    .set({ cancelledAt: deps.now() })
    .where(and(eq(restockNotices.id, noticeId), eq(restockNotices.memberId, member.memberId), isOpen))
    .run().changes;
  if (changed !== 1) throw new ApiError(ERROR.NOT_FOUND, RESTOCK_MESSAGES.NO_NOTICE);
  return {};
}

const queries = preparedFor((db) => ({
  memberNotices: db
    .select({
      notice_id: restockNotices.id,
      sku_no: restockNotices.skuNo,
      sku_name: skus.skuName,
      goods_no: goods.goodsNo,
      goods_name: goods.goodsName,
      created_at: restockNotices.createdAt,
      notified_at: restockNotices.notifiedAt,
      sms_sent: restockNotices.smsSent,
      mail_sent: restockNotices.mailSent,
    })
    .from(restockNotices)
    .innerJoin(skus, eq(skus.skuNo, restockNotices.skuNo))
    .innerJoin(goods, eq(goods.goodsNo, skus.goodsNo))
    .where(
      and(
        eq(restockNotices.memberId, sql.placeholder("memberId")),
        isNull(restockNotices.cancelledAt),
        or(isNull(restockNotices.notifiedAt), gte(restockNotices.notifiedAt, sql.placeholder("since"))),
      ),
    )
    .orderBy(desc(restockNotices.id))
    .limit(RESTOCK.openPerMember * 2)
    .prepare(),
}));

/** The member's open reminders and those sent in the last 30 days, newest first, and the channels a reminder goes by now. */
export function myRestockNotices(deps: RestockDeps, member: Caller) {
  const list = queries(deps.store.db).memberNotices.all({ memberId: member.memberId, since: deps.now() - RESTOCK.shownAfterNoticeMs });
  return {
    list: list.map((n) => ({
      ...n,
      status: n.notified_at === null ? ("WAITING" as const) : ("NOTIFIED" as const),
      sms_sent: Boolean(n.sms_sent),
      mail_sent: Boolean(n.mail_sent),
    })),
    notify_by: memberNotifyBy(deps, member),
  };
}

/**
 * One pass of the notice job: every open reminder whose SKU has spare codes is claimed (notified_at
 * set only where still null) and its messages written in the same transaction, so a reminder is
 * sent once however often a restock is seen and whichever process runs the pass. Only the channels
 * the shop has are written and recorded (`sms_sent`, `mail_sent`), so 我的订单 says what was sent.
 */
export function sendRestockNotices(deps: RestockDeps): { sent: number[]; more: boolean } {
  const db = deps.store.db;
  const now = deps.now();
  const channels = shopChannels(deps, "RESTOCK");
  return writeTransaction(db, () => {
    const due = db
      .select({
        id: restockNotices.id,
        memberId: restockNotices.memberId,
        mobile: members.mobile,
        email: members.email,
        goodsName: goods.goodsName,
        skuName: skus.skuName,
      })
      .from(restockNotices)
      .innerJoin(members, eq(members.memberId, restockNotices.memberId))
      .innerJoin(skus, eq(skus.skuNo, restockNotices.skuNo))
      .innerJoin(goods, eq(goods.goodsNo, skus.goodsNo))
      .where(and(isOpen, eq(skus.disabled, false), eq(goods.status, "ON_SALE"), sql`${spareCodes} > 0`))
      .orderBy(restockNotices.id)
      .limit(RESTOCK.batch)
      .all();
    const sent: number[] = [];
    for (const notice of due) {
      const smsToday = db
        .select({ n: sql<number>`count(*)` })
        .from(restockNotices)
        .where(and(eq(restockNotices.memberId, notice.memberId), eq(restockNotices.smsSent, true), gte(restockNotices.notifiedAt, shopDayStart(now))))
        .get()!.n;
      const bySms = channels.sms && smsToday < RESTOCK.smsPerDay;
      const byMail = channels.mail && Boolean(notice.email);
      const claimed = db
        .update(restockNotices)
        .set({ notifiedAt: now, smsSent: bySms, mailSent: byMail })
        .where(and(eq(restockNotices.id, notice.id), isOpen))
        .run().changes;
      if (claimed !== 1) continue;
      const what = `${notice.goodsName}（${notice.skuName}）`;
      const message = { kind: "RESTOCK" as const, params: { goods: what }, now };
      if (bySms) queueSms(db, notice.mobile, message);
      if (byMail) queueMail(db, notice.email!, message);
      sent.push(notice.id);
    }
    return { sent, more: due.length === RESTOCK.batch };
  });
}
