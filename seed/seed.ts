// Deterministic, re-runnable demo seed: wipes every table and inserts the catalogue, layout,
// promotions, demo members and their orders in one synchronous transaction.
// Run as a script: `npm run seed` (seed/run.ts).
// Only the demo is seeded: a shop outside it starts empty (decision 049) and marks nothing; the seed
// marks its database as a demo one (shop_settings), which the admin script's demo commands require.
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { schema, type Db, type Store } from "../db/client";
import { hashPassword } from "../server/trade/domain/password";
import { markDemoDatabase } from "../server/trade/services/shop-settings.service";
import { writeIdentity } from "../server/trade/services/shop-identity.service";
import {
  ACTIVITIES,
  BLOCKS,
  DELIVERY_NOTICES,
  DEMO_PASSWORD,
  GOODS,
  MEMBER_COUPONS,
  MEMBER_SERVERS,
  MEMBERS,
  ORDERS,
  PERFORMANCE_TEXT,
  PLATFORM_LABELS,
  POPUPS,
  REDEMPTION_URLS,
  type ActivityDef,
  type GoodsDef,
  type ItemDef,
  type OrderDef,
  type OrderStatus,
  type Platform,
  type SpecDef,
} from "./data";
import { generateImages, goodsImagePaths, mediaUrl, TIMER_IMAGE } from "./images";
import { createRng, type Rng } from "./random";
import { searchAliasesOf } from "./search-aliases";
import { yuanText } from "../shared/money";
import { compactShopDay, formatDateTime, shopClock, shopDayStart } from "../shared/shop-time";
import { redeemGuideKey, redeemGuides } from "../server/trade/services/platforms.service";

type Insert<T extends SQLiteTable> = T["$inferInsert"];

/** The demo shop's identity (decision 061): what the footer and the 订单凭证 showed before it was a setting. */
export const DEMO_IDENTITY = {
  company: "香港天时数码科技有限公司",
  address: "香港九龙尖沙咀广东道 33 号中港城第 5 座 12 楼 1203 室",
  icp: "粤ICP备2024012345号-1",
  contact: "陈先生（business@ttsgame.example）",
  qrImage: "/images/qr-service.svg",
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Matches the ORDER_PAY_MINUTES default. */
const PAY_WINDOW = 15 * MINUTE;
/** Matches the FULFIL_DELAY_MS default. */
const FULFIL_DELAY = 1500;
const SHOP_NAME = "游戏商城";

const PAID: ReadonlySet<OrderStatus> = new Set(["PAY_SUCCESS", "SENDING", "SEND_SUCCESS", "PART_REFUND", "ALL_REFUND"]);
const DELIVERED: ReadonlySet<OrderStatus> = new Set(["SEND_SUCCESS", "PART_REFUND", "ALL_REFUND"]);

export interface SkuRef {
  skuNo: string;
  goodsNo: string;
  /** e.g. "博德之门3 · 全球 / 数字豪华版 / 本体" */
  name: string;
}

export interface SeedSummary {
  /** Rows per table after seeding. */
  counts: Record<string, number>;
  /** A SKU with exactly 2 UNUSED codes. */
  nearlySoldOutSku: SkuRef;
  /** A SKU with no codes at all. */
  soldOutSku: SkuRef;
  members: { memberId: number; mobile: string; memberName: string; password: string }[];
  /** Order numbers of the first demo member, by status. */
  ordersByStatus: Partial<Record<OrderStatus, string[]>>;
  /** The presale order of the first member, waiting for presale_performance_at. */
  presaleOrderNo: string;
  /** The SENDING order of the first member that waits for stock. */
  outOfStockOrderNo: string;
  /** Order numbers of the second demo member. */
  secondMemberOrderNos: string[];
}

// ─── time and text helpers ───────────────────────────────────────────────

/** The end of "today" both in China and in UTC, so a coupon ending then is due today in either. */
function endOfToday(now: number): number {
  const utcEnd = Math.floor(now / DAY) * DAY + DAY - 1;
  return Math.min(utcEnd, shopDayStart(now) + DAY - 1);
}

/** "2026年11月22日 18:05" in Shanghai. */
function chinaDateText(t: number): string {
  const c = shopClock(t);
  return `${c.year}年${c.month}月${c.day}日 ${String(c.hours).padStart(2, "0")}:${String(c.minutes).padStart(2, "0")}`;
}

function digits(rng: Rng, count: number): string {
  let out = "";
  for (let i = 0; i < count; i++) out += String(rng.int(0, 9));
  return out;
}

/** Draws until the value is new, so generated numbers are unique yet deterministic. */
function uniqueFrom(used: Set<string>, make: () => string): string {
  for (;;) {
    const value = make();
    if (!used.has(value)) {
      used.add(value);
      return value;
    }
  }
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// ─── catalogue ───────────────────────────────────────────────────────────

interface BuiltSku {
  row: Insert<typeof schema.skus>;
  goods: GoodsDef;
  options: string[];
  stock?: number;
}

interface Catalogue {
  goods: Insert<typeof schema.goods>[];
  extras: Insert<typeof schema.goodsExtras>[];
  skus: BuiltSku[];
  nodes: Insert<typeof schema.specNodes>[];
  presaleAt: Map<string, number>;
}

function buildCatalogue(now: number): Catalogue {
  const cat: Catalogue = { goods: [], extras: [], skus: [], nodes: [], presaleAt: new Map() };
  let nodeId = 0;

  GOODS.forEach((g, index) => {
    const goodsSkus: BuiltSku[] = [];
    const walk = (specs: SpecDef[], parentId: number | null, path: string[], parentDisabled: boolean) => {
      specs.forEach((spec, sort) => {
        const id = ++nodeId;
        const depth = path.length;
        const specName = g.specNames[depth];
        if (!specName) throw new Error(`${g.no}: spec tree deeper than specNames`);
        const disabled = parentDisabled || Boolean(spec.disabled);
        const options = [...path, spec.value];
        let skuNo: string | null = null;
        if (spec.children) {
          if (spec.price) throw new Error(`${g.no}: ${spec.value} has both children and a price`);
        } else {
          if (!spec.price) throw new Error(`${g.no}: leaf ${spec.value} has no price`);
          if (depth !== g.specNames.length - 1) throw new Error(`${g.no}: leaf ${spec.value} at the wrong depth`);
          skuNo = `${g.no}-S${String(goodsSkus.length + 1).padStart(2, "0")}`;
          const [sale, origin] = spec.price;
          goodsSkus.push({
            goods: g,
            options,
            stock: spec.stock,
            row: {
              skuNo,
              goodsNo: g.no,
              skuName: options.join(" / "),
              priceTurnCny: sale,
              originPriceCny: origin,
              skuSpec: [
                ...options.map((value, d) => ({ sku_spec_key: g.specNames[d] ?? "", sku_spec_value: value })),
                { sku_spec_key: "SALE_OFF", sku_spec_value: String(origin) },
              ],
              redemptionUrl: g.redemptionUrl ?? REDEMPTION_URLS[g.platform],
              disabled,
            },
          });
        }
        cat.nodes.push({
          id,
          goodsNo: g.no,
          parentId,
          specName,
          specValue: spec.value,
          specDesc: spec.desc ?? "",
          disabled: Boolean(spec.disabled),
          skuNo,
          sort,
        });
        if (spec.children) walk(spec.children, id, options, disabled);
      });
    };
    walk(g.specs, null, [], false);

    if (!goodsSkus.some((s) => !s.row.disabled)) throw new Error(`${g.no}: no enabled SKU`);
    // Presale codes unlock at 10:00 Beijing time.
    const presaleAt = g.presaleInDays ? shopDayStart(now) + g.presaleInDays * DAY + 10 * HOUR : null;
    if (presaleAt) cat.presaleAt.set(g.no, presaleAt);
    const img = goodsImagePaths(g.no);

    cat.goods.push({
      goodsNo: g.no,
      goodsName: g.name,
      goodsDesc: g.desc,
      platform: g.platform,
      codeKind: codeKindOf(g),
      covers: [mediaUrl(img.cover), mediaUrl(img.cover2)],
      goodsTags: g.tags,
      isPresale: presaleAt !== null,
      presalePerformanceAt: presaleAt,
      saleEndAt: g.saleEndsInDays ? shopDayStart(now) + (g.saleEndsInDays + 1) * DAY - 1000 : null,
      originCurrency: "CNY",
      regionRestricted: Boolean(g.regionRestricted),
      status: "ON_SALE",
      sort: index + 1,
      searchAliases: searchAliasesOf(g.no),
      createdAt: now - (GOODS.length - index) * 6 * HOUR,
    });

    // no SALE_OFF extra: the goods detail works it out from the card SKU's prices (migration 0013)
    const extra = (extraKey: string, extraValue: string) => cat.extras.push({ goodsNo: g.no, extraKey, extraValue });
    extra("TAG", g.label);
    extra("performance", presaleAt ? `预售商品：将于 ${chinaDateText(presaleAt)} 自动发货，届时请留意短信与邮件。` : PERFORMANCE_TEXT);
    extra("TOPIC_BG_IMAGE", mediaUrl(img.bg));
    extra("TOPIC_MAIN_IMAGE", mediaUrl(img.title));
    extra("TOPIC_SUB_IMAGES", JSON.stringify([mediaUrl(img.cover), mediaUrl(img.cover2)]));
    extra("TOPIC_SIDE_IMAGE", mediaUrl(img.side));
    extra("TOPIC_TAGS", JSON.stringify(g.topicTags));
    cat.skus.push(...goodsSkus);
  });
  return cat;
}

// ─── codes ───────────────────────────────────────────────────────────────

const CODE_CHARS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const CODE_GROUPS: Record<Platform, number[]> = {
  STEAM: [5, 5, 5],
  NINTENDO: [16],
  PSN: [4, 4, 4],
  XBOX: [5, 5, 5, 5, 5],
  MOBILE: [4, 4, 4, 4],
  GIFT_CARD: [4, 4, 4, 4],
};

function makeCode(rng: Rng, platform: Platform): string {
  return CODE_GROUPS[platform].map((n) => Array.from({ length: n }, () => rng.pick(Array.from(CODE_CHARS))).join("")).join("-");
}

/** Per-SKU code inventory: one code per delivered order first, then the unused stock. */
function buildCodes(skus: BuiltSku[], now: number) {
  const rows: Insert<typeof schema.cdkeys>[] = [];
  const pending = new Map<string, Insert<typeof schema.cdkeys>[]>();
  const deliveredPerSku = new Map<string, number>();
  for (const o of ORDERS) {
    if (DELIVERED.has(o.status)) deliveredPerSku.set(o.skuNo, (deliveredPerSku.get(o.skuNo) ?? 0) + 1);
  }
  for (const sku of skus) {
    const skuNo = sku.row.skuNo;
    const rng = createRng(`cdkeys:${skuNo}`);
    const delivered = deliveredPerSku.get(skuNo) ?? 0;
    const total = delivered + (sku.stock ?? rng.int(20, 60));
    const seen = new Set<string>();
    const list: Insert<typeof schema.cdkeys>[] = [];
    for (let i = 0; i < total; i++) {
      list.push({
        id: rows.length + 1,
        skuNo,
        code: uniqueFrom(seen, () => makeCode(rng, sku.goods.platform)),
        status: "UNUSED",
        orderNo: null,
        deliveredAt: null,
        createdAt: now - 40 * DAY,
      });
      rows.push(list[list.length - 1]!);
    }
    pending.set(skuNo, list.slice(0, delivered));
  }
  /** Hands out the next code reserved for delivery of this SKU. */
  const deliver = (skuNo: string, orderNo: string, at: number) => {
    const code = pending.get(skuNo)?.shift();
    if (!code) throw new Error(`no reserved code for ${skuNo}`);
    code.status = "DELIVERED";
    code.orderNo = orderNo;
    code.deliveredAt = at;
    return code;
  };
  return { rows, deliver };
}

// ─── promotions ──────────────────────────────────────────────────────────

function validity(a: ActivityDef, now: number) {
  if (a.validity.mode === "DAYS") return { validFrom: null, validTo: null, validDays: a.validity.days };
  return {
    validFrom: shopDayStart(now) + a.validity.fromDays * DAY,
    validTo: shopDayStart(now) + (a.validity.toDays + 1) * DAY - 1000,
    validDays: null,
  };
}

function buildActivities(now: number): Insert<typeof schema.couponActivities>[] {
  return ACTIVITIES.map((a, i) => {
    const claimed = MEMBER_COUPONS.filter((c) => c.activityNo === a.no).length;
    const v = validity(a, now);
    const window = a.claimWindow
      ? {
          claimStartAt: shopDayStart(now) + a.claimWindow.fromDays * DAY,
          claimEndAt: shopDayStart(now) + (a.claimWindow.toDays + 1) * DAY - 1000,
        }
      : { claimStartAt: v.validFrom, claimEndAt: v.validTo };
    return {
      activityNo: a.no,
      couponType: a.type,
      couponName: a.name,
      mainTitle: a.mainTitle,
      subTitle: a.subTitle,
      displayName: a.displayName,
      displayUse: a.displayUse,
      displayGet: a.displayGet,
      jumpUrl: a.jumpUrl,
      amountOff: a.amountOff ?? null,
      discountPercent: a.discountPercent ?? null,
      maxDiscount: a.maxDiscount ?? null,
      threshold: a.threshold,
      validityMode: a.validity.mode,
      ...v,
      totalStock: claimed + a.stockLeft,
      claimedCount: claimed,
      perMemberLimit: a.perMemberLimit,
      goodsScope: a.goodsScope,
      autoGrant: Boolean(a.autoGrant),
      ...window,
      sort: i + 1,
    };
  });
}

function activity(no: string): ActivityDef {
  const a = ACTIVITIES.find((x) => x.no === no);
  if (!a) throw new Error(`unknown activity ${no}`);
  return a;
}

/** What a coupon of this activity saves on the goods amount; throws when it does not apply. */
function couponDiscount(a: ActivityDef, goodsNo: string, amount: number): number {
  if (a.goodsScope.length && !a.goodsScope.includes(goodsNo)) throw new Error(`${a.no} does not cover ${goodsNo}`);
  if (amount < a.threshold) throw new Error(`${a.no}: ${amount} is below the threshold`);
  if (a.type === "SALE_OFF") return Math.min(a.amountOff ?? 0, amount);
  return Math.min(Math.floor((amount * (a.discountPercent ?? 0)) / 100), a.maxDiscount ?? Infinity);
}

function buildCoupons(now: number) {
  const rng = createRng("coupon-no");
  const used = new Set<string>();
  const byKey = new Map<string, Insert<typeof schema.coupons>>();
  const rows = MEMBER_COUPONS.map((c) => {
    const a = activity(c.activityNo);
    let start: number;
    let end: number;
    if (a.validity.mode === "DAYS") {
      const span = a.validity.days * DAY;
      if (c.endsToday || c.endsInDays !== undefined) {
        end = endOfToday(now) + (c.endsInDays ?? 0) * DAY;
        start = end - span;
      } else {
        start = now - (c.claimedDaysAgo ?? 0) * DAY;
        end = start + span;
      }
    } else {
      if (c.endsToday || c.endsInDays !== undefined) throw new Error(`${c.key}: FIXED coupons end with the activity`);
      const v = validity(a, now);
      start = v.validFrom ?? now;
      end = v.validTo ?? now;
    }
    const claimedAt = a.validity.mode === "DAYS" ? start : now - (c.claimedDaysAgo ?? 0) * DAY;
    const row: Insert<typeof schema.coupons> = {
      couponNo: uniqueFrom(used, () => `CP${digits(rng, 10)}`),
      activityNo: a.no,
      memberId: c.member,
      status: c.status,
      orderNo: null,
      useTimeStart: start,
      useTimeEnd: end,
      usedAt: null,
      createdAt: claimedAt,
    };
    byKey.set(c.key, row);
    return row;
  });
  return { rows, byKey };
}

// ─── orders ──────────────────────────────────────────────────────────────

interface OrderRows {
  orders: Insert<typeof schema.orders>[];
  units: Insert<typeof schema.orderUnits>[];
  orderCoupons: Insert<typeof schema.orderCoupons>[];
  performances: Insert<typeof schema.orderPerformances>[];
  gifts: Insert<typeof schema.orderGifts>[];
  notifications: Insert<typeof schema.paymentNotifications>[];
  /** The refunds of the refunded orders, as the refund job leaves them once the provider confirmed (decision 021). */
  refunds: Insert<typeof schema.refunds>[];
  sandboxRefunds: Insert<typeof schema.sandboxRefunds>[];
  outbox: Insert<typeof schema.outboxMessages>[];
}

function notifyId(rng: Rng, payWay: string, at: number): string {
  return payWay === "WX" ? `42000${digits(rng, 23)}` : `${compactShopDay(at)}22001${digits(rng, 16)}`;
}

function buildOrders(now: number, cat: Catalogue, coupons: ReturnType<typeof buildCoupons>, codes: ReturnType<typeof buildCodes>): OrderRows {
  const out: OrderRows = {
    orders: [],
    units: [],
    orderCoupons: [],
    performances: [],
    gifts: [],
    notifications: [],
    refunds: [],
    sandboxRefunds: [],
    outbox: [],
  };
  const rng = createRng("orders");
  const orderNos = new Set<string>();
  const skuByNo = new Map(cat.skus.map((s) => [s.row.skuNo, s]));
  const goodsByNo = new Map(cat.goods.map((g) => [g.goodsNo, g]));

  ORDERS.forEach((def: OrderDef) => {
    const sku = skuByNo.get(def.skuNo);
    if (!sku || sku.row.disabled) throw new Error(`order SKU ${def.skuNo} is unknown or disabled`);
    const goods = goodsByNo.get(sku.goods.no);
    const member = MEMBERS[def.member - 1];
    if (!goods || !member) throw new Error(`order ${def.skuNo}: bad goods or member`);

    const createdAt = now - def.createdMinutesAgo * MINUTE;
    const orderNo = uniqueFrom(orderNos, () => `TT${compactShopDay(createdAt)}${digits(rng, 6)}`);
    const paid = PAID.has(def.status);
    const delivered = DELIVERED.has(def.status);
    if (paid && def.paidAfterMinutes === undefined) throw new Error(`${orderNo}: paid order without a pay time`);
    const payAt = paid ? createdAt + (def.paidAfterMinutes ?? 0) * MINUTE : null;
    const deliveredAt = delivered && payAt ? payAt + (def.deliveredAfterMinutes ?? 1) * MINUTE : null;
    const closedAt = def.status === "CLOSE" ? createdAt + (def.closedAfterMinutes ?? 15) * MINUTE : null;
    const presaleAt = cat.presaleAt.get(goods.goodsNo) ?? null;
    const waiting = def.status === "PAY_SUCCESS" || def.status === "SENDING";

    const amount = sku.row.priceTurnCny;
    let discount = 0;
    if (def.coupon) {
      const coupon = coupons.byKey.get(def.coupon);
      if (!coupon) throw new Error(`unknown coupon key ${def.coupon}`);
      const expected = def.status === "WAIT_PAY" ? "LOCKED" : "USED";
      if (coupon.status !== expected) throw new Error(`${def.coupon} must be ${expected} for a ${def.status} order`);
      discount = couponDiscount(activity(coupon.activityNo), goods.goodsNo, amount);
      coupon.orderNo = orderNo;
      if (expected === "USED") coupon.usedAt = payAt;
      out.orderCoupons.push({ orderNo, couponNo: coupon.couponNo, discount });
    }
    const payPrice = amount - discount;
    const userEmail = def.userEmail ?? member.email ?? "";
    const failedAt = def.status === "PAY_FAIL" ? createdAt + 2 * MINUTE : null;

    out.orders.push({
      orderNo,
      memberId: def.member,
      status: def.status,
      storeLine: "official",
      channelNo: "1",
      channelName: def.channelName ?? "",
      payWay: def.payWay,
      userPhone: member.mobile,
      userEmail,
      goodsAmount: amount,
      couponAmount: discount,
      payPrice,
      currency: "CNY",
      currencySymbol: "￥",
      payExpireAt: createdAt + PAY_WINDOW,
      payAt,
      closedAt,
      deliveredAt,
      fulfilAfter: waiting && payAt ? (sku.goods.presaleInDays && presaleAt ? presaleAt : payAt + FULFIL_DELAY) : null,
      notice: def.notice ?? null,
      flag: null,
      createdAt,
      updatedAt: Math.max(createdAt, payAt ?? 0, deliveredAt ?? 0, closedAt ?? 0, failedAt ?? 0),
    });

    const unitId = out.units.length + 1;
    out.units.push({
      id: unitId,
      orderNo,
      goodsNo: goods.goodsNo,
      skuNo: sku.row.skuNo,
      skuNum: 1,
      unitPrice: amount,
      originPrice: sku.row.originPriceCny,
      goodsName: goods.goodsName,
      skuName: sku.row.skuName,
      goodsTags: goods.goodsTags,
      covers: goods.covers,
      skuOptions: sku.options,
      isPresale: Boolean(goods.isPresale),
      presalePerformanceAt: presaleAt,
    });

    if (payAt || failedAt) {
      const at = payAt ?? failedAt ?? createdAt;
      out.notifications.push({
        notifyId: notifyId(rng, def.payWay, at),
        orderNo,
        tradeStatus: payAt ? "SUCCESS" : "FAIL",
        amount: payPrice,
        outcome: "APPLIED",
        createdAt: at,
      });
    }

    if (payAt && (def.status === "PART_REFUND" || def.status === "ALL_REFUND")) {
      // a part refund of the seed gives back half of what was paid
      const amount = def.status === "ALL_REFUND" ? payPrice : Math.floor(payPrice / 2);
      const idempotencyKey = `${orderNo}:1`;
      const refundedAt = (deliveredAt ?? payAt) + HOUR;
      out.refunds.push({
        orderNo,
        idempotencyKey,
        amount,
        reason: def.notice ?? "订单退款",
        status: "SUCCEEDED",
        attempts: 1,
        nextAttemptAt: refundedAt,
        createdAt: refundedAt,
        settledAt: refundedAt,
      });
      out.sandboxRefunds.push({ idempotencyKey, orderNo, amount, createdAt: refundedAt });
    }

    if (deliveredAt) {
      const code = codes.deliver(sku.row.skuNo, orderNo, deliveredAt);
      const url = sku.row.redemptionUrl ?? REDEMPTION_URLS[sku.goods.platform];
      out.performances.push({
        id: out.performances.length + 1,
        orderNo,
        unitId,
        cdkeyId: code.id ?? null,
        title: "兑换码",
        value: code.code,
        copy: true,
        urlTitle: "兑换地址",
        urlValue: url,
        noticeText: DELIVERY_NOTICES[sku.goods.platform],
        createdAt: deliveredAt,
      });
      for (const gift of def.gifts ?? []) {
        out.gifts.push({
          orderNo,
          title: gift.title,
          value: gift.value,
          copy: gift.copy,
          urlTitle: gift.urlTitle ?? null,
          urlValue: gift.urlValue ?? null,
        });
      }
      const what = `「${goods.goodsName}」${sku.row.skuName}`;
      // the delivery's messages, sent when the order was delivered (the demo's outbox provider took them)
      const sent = {
        orderNo,
        kind: "DELIVERY",
        params: JSON.stringify({
          orderNo,
          amount: yuanText(payPrice),
          orderedAt: formatDateTime(createdAt),
          items: [{ goods: goods.goodsName, sku: sku.row.skuName, code: code.code, url }],
        }),
        status: "SENT",
        attempts: 1,
        sentAt: deliveredAt,
        providerId: "outbox",
        createdAt: deliveredAt,
      };
      if (userEmail) {
        out.outbox.push({
          channel: "MAIL",
          recipient: userEmail,
          subject: `【${SHOP_NAME}】您的订单 ${orderNo} 已发货`,
          body:
            `您好，${member.name}：\n\n您购买的${what}已发货。\n兑换码：${code.code}\n兑换地址：${url}\n\n` +
            `${DELIVERY_NOTICES[sku.goods.platform]}\n\n订单号：${orderNo}\n实付金额：${yuanText(payPrice)}\n\n${SHOP_NAME}`,
          ...sent,
        });
      }
      out.outbox.push({
        channel: "SMS",
        recipient: member.mobile,
        subject: "",
        body: `【${SHOP_NAME}】您购买的${what}已发货，兑换码：${code.code}，兑换地址：${url}。请勿泄露给他人。`,
        ...sent,
      });
    }
  });
  return out;
}

// ─── layout and content ──────────────────────────────────────────────────

type Assembly = Record<string, { value?: string; desc?: string }>;

function assembly(item: ItemDef): Assembly {
  const a: Assembly = {};
  if (item.image) a.IMG = { value: mediaUrl(item.image) };
  if (item.thumb) a.THUMB = { value: mediaUrl(item.thumb) };
  if (item.text) a.TEXT = item.textDesc ? { value: item.text, desc: item.textDesc } : { value: item.text };
  if (item.goodsNo) a.GOODS = { value: item.goodsNo };
  if (item.link) a.LINK = { value: item.link };
  a.JUMP = { value: item.jump };
  return a;
}

/**
 * What a goods' codes are (goods.code_kind, migration 0010): a store's gift card, a platform's wallet
 * card, in-game currency, else a game key (games, DLC, memberships).
 */
function codeKindOf(g: GoodsDef): string {
  if (g.platform === "GIFT_CARD") return "GIFT_CARD";
  if (g.art === "card") return "WALLET_CODE";
  if (g.art === "topup") return "TOP_UP";
  return "GAME_KEY";
}

function richText(g: GoodsDef, redeemSteps: string[]): string {
  if (!g.intro) return "";
  const isGame = g.art === "game";
  const li = (items: string[]) => `<ul>${items.map((x) => `<li>${x}</li>`).join("")}</ul>`;
  const steps = redeemSteps.map((s, i) => `<strong>第${"一二三四五"[i] ?? i + 1}步：</strong>${escapeHtml(s)}`);
  return [
    `<h3>${isGame ? "游戏介绍" : "商品介绍"}</h3>`,
    `<p>${escapeHtml(g.intro.about)}</p>`,
    `<img src="${mediaUrl(goodsImagePaths(g.no).cover2)}" alt="${escapeHtml(g.name)}">`,
    `<h3>${isGame ? "特色亮点" : "商品亮点"}</h3>`,
    li(g.intro.highlights.map(escapeHtml)),
    `<h3>兑换步骤（${escapeHtml(PLATFORM_LABELS[g.platform])}）</h3>`,
    li(steps),
    g.regionRestricted ? `<p><strong>注意：</strong>本商品有地区限制，请确认账户地区与所选区服一致后再兑换。</p>` : "",
    `<p><strong>温馨提示：</strong>兑换码属于虚拟商品，发货后除兑换失败外不支持退款。</p>`,
  ].join("");
}

/** The layouts, pages and adverts; goods introductions show the steps of their platform and kind of code (the redeem_guides table). */
function buildLayout(now: number, redeemSteps: Map<string, string[]>) {
  const blocks: Insert<typeof schema.layoutBlocks>[] = [];
  const items: Insert<typeof schema.layoutItems>[] = [];
  const addBlock = (block: Omit<Insert<typeof schema.layoutBlocks>, "id">, blockItems: { goodsNo: string | null; assembly: Assembly }[]) => {
    const id = blocks.length + 1;
    blocks.push({ id, ...block });
    blockItems.forEach((item, sort) => items.push({ id: items.length + 1, blockId: id, ...item, sort: sort + 1 }));
  };

  const sortByPage = new Map<string, number>();
  for (const b of BLOCKS) {
    const sort = (sortByPage.get(b.pageType) ?? 0) + 1;
    sortByPage.set(b.pageType, sort);
    const settings: Record<string, Record<string, unknown>> = {};
    if (b.countDown) {
      // spec/01 §4: the remaining time is 0 once count_down_start is reached, so the sale's
      // countdown runs to its end with the start set at the same moment
      const end = Math.floor((now + b.countDown.endsInHours * HOUR) / 1000);
      settings.COUNT_DOWN = {
        open: true,
        count_down_start: end,
        count_down_end: end,
        font_color: b.countDown.fontColor,
        background_style: b.countDown.background,
        timer_image: mediaUrl(TIMER_IMAGE),
      };
    }
    if (b.tilingNum) settings.TILING = { tiling_num: b.tilingNum };
    addBlock(
      { pageType: b.pageType, name: b.name, styleType: b.styleType, settings, renderId: null, sort },
      b.items.map((item) => ({ goodsNo: item.goodsNo ?? null, assembly: assembly(item) })),
    );
  }
  GOODS.filter((g) => g.intro).forEach((g, i) =>
    addBlock({ pageType: "PROMOTION_RENDER", name: `${g.name} 商品详情`, styleType: "RENDER", settings: {}, renderId: g.no, sort: i + 1 }, [
      { goodsNo: null, assembly: { RICHTEXT: { value: richText(g, redeemSteps.get(redeemGuideKey(g.platform, codeKindOf(g))) ?? []) } } },
    ]),
  );

  const popups: Insert<typeof schema.popupAdverts>[] = POPUPS.map((p, i) => ({
    id: i + 1,
    pageType: "HOME",
    popPeriod: p.popPeriod,
    imageUrls: [mediaUrl(p.image)],
    goodsNo: p.goodsNo ?? null,
    linkUrl: p.link ?? null,
    jumpType: p.jump,
    startsAt: now - DAY,
    endsAt: now + 30 * DAY,
    sort: i + 1,
  }));
  return { blocks, items, popups };
}

// ─── members ─────────────────────────────────────────────────────────────

function buildMembers(now: number, coupons: ReturnType<typeof buildCoupons>): Insert<typeof schema.members>[] {
  return MEMBERS.map((m, i) => {
    const autoGranted = coupons.rows.find((c) => c.memberId === i + 1 && ACTIVITIES.some((a) => a.autoGrant && a.no === c.activityNo));
    return {
      memberId: i + 1,
      mobile: m.mobile,
      memberName: m.name,
      email: m.email,
      passwordHash: hashPassword(DEMO_PASSWORD, Buffer.from(m.salt, "utf8")),
      lockedUntil: null,
      autoCouponsGrantedAt: m.autoCouponsGranted ? (autoGranted?.createdAt ?? now - DAY) : null,
      createdAt: now - m.joinedDaysAgo * DAY,
    };
  });
}

// ─── writing ─────────────────────────────────────────────────────────────

/** Children before parents; tables missing here (added later) are emptied first. */
const DELETE_ORDER = [
  "order_performances",
  "order_gifts",
  "order_coupons",
  "order_units",
  "payment_notifications",
  "refunds",
  "sandbox_refunds",
  "outbox_messages",
  "analytics_events",
  "idempotency_keys",
  "coupons",
  "orders",
  "cdkeys",
  "layout_items",
  "layout_blocks",
  "popup_adverts",
  "spec_nodes",
  "skus",
  "goods_extras",
  "goods",
  "coupon_activities",
  "member_servers",
  "credentials",
  "login_attempts",
  "sms_codes",
  "captcha_lots",
  "members",
];

/** Ordinary and virtual tables (the search indexes), not the shadow tables FTS5 manages itself. */
function tableNames(store: Store, types: string[] = ["table", "virtual"]): string[] {
  return store.sqlite
    .prepare(
      `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN (${types.map(() => "?").join(", ")}) AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%' ORDER BY name`,
    )
    .pluck()
    .all(...types) as string[];
}

/** Reference data the migrations write, not the seed: a reseed keeps it. */
const MIGRATION_DATA = ["platforms", "redeem_guides"];

function clearAll(store: Store): void {
  // the search indexes (contentless FTS5 tables) empty themselves through the triggers of the
  // tables they index, and refuse a plain DELETE
  const present = tableNames(store, ["table"]).filter((t) => !MIGRATION_DATA.includes(t));
  const unknown = present.filter((t) => !DELETE_ORDER.includes(t));
  for (const table of [...unknown, ...DELETE_ORDER.filter((t) => present.includes(t))]) {
    store.sqlite.prepare(`DELETE FROM "${table}"`).run();
  }
  const hasSequence = store.sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sqlite_sequence'").get();
  if (hasSequence) store.sqlite.prepare("DELETE FROM sqlite_sequence").run();
}

function insertAll<T extends SQLiteTable>(db: Db, table: T, rows: Insert<T>[]): void {
  for (let i = 0; i < rows.length; i += 200) {
    db.insert(table)
      .values(rows.slice(i, i + 200))
      .run();
  }
}

function countRows(store: Store): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const table of tableNames(store)) {
    counts[table] = store.sqlite.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number;
  }
  return counts;
}

function skuRef(sku: BuiltSku | undefined): SkuRef {
  if (!sku) throw new Error("the catalogue lacks a nearly-sold-out or sold-out SKU");
  return { skuNo: sku.row.skuNo, goodsNo: sku.goods.no, name: `${sku.goods.name} · ${sku.row.skuName}` };
}

function insertCatalogue(db: Db, cat: Catalogue, layout: ReturnType<typeof buildLayout>, activities: Insert<typeof schema.couponActivities>[]): void {
  insertAll(db, schema.goods, cat.goods);
  insertAll(db, schema.goodsExtras, cat.extras);
  insertAll(
    db,
    schema.skus,
    cat.skus.map((s) => s.row),
  );
  insertAll(db, schema.specNodes, cat.nodes);
  insertAll(db, schema.layoutBlocks, layout.blocks);
  insertAll(db, schema.layoutItems, layout.items);
  insertAll(db, schema.popupAdverts, layout.popups);
  insertAll(db, schema.couponActivities, activities);
}

/** The whole demo: the catalogue, its codes, the demo members (password demo123456) and their orders. */
export function seedDatabase(store: Store, options: { mediaDir: string; now?: number }): SeedSummary {
  const now = options.now ?? Date.now();
  generateImages(options.mediaDir);

  const cat = buildCatalogue(now);
  const codes = buildCodes(cat.skus, now);
  const coupons = buildCoupons(now);
  const orders = buildOrders(now, cat, coupons, codes);
  const layout = buildLayout(now, redeemGuides(store.db));
  const activities = buildActivities(now);
  const members = buildMembers(now, coupons);
  const servers: Insert<typeof schema.memberServers>[] = MEMBER_SERVERS.map((s, i) => ({
    id: i + 1,
    memberId: 1,
    serverName: s.name,
    serverStatus: s.status,
    expiresAt: now + s.expiresInDays * DAY,
    createdAt: now - s.createdDaysAgo * DAY,
  }));

  const { db } = store;
  store.sqlite.transaction(() => {
    clearAll(store);
    insertAll(db, schema.members, members);
    insertCatalogue(db, cat, layout, activities);
    insertAll(db, schema.cdkeys, codes.rows);
    insertAll(db, schema.coupons, coupons.rows);
    insertAll(db, schema.orders, orders.orders);
    insertAll(db, schema.orderUnits, orders.units);
    insertAll(db, schema.orderCoupons, orders.orderCoupons);
    insertAll(db, schema.orderPerformances, orders.performances);
    insertAll(db, schema.orderGifts, orders.gifts);
    insertAll(db, schema.paymentNotifications, orders.notifications);
    insertAll(db, schema.refunds, orders.refunds);
    insertAll(db, schema.sandboxRefunds, orders.sandboxRefunds);
    insertAll(db, schema.memberServers, servers);
    insertAll(db, schema.outboxMessages, orders.outbox);
    markDemoDatabase(db, now);
    writeIdentity(db, DEMO_IDENTITY, now);
  })();

  const ordersByStatus: Partial<Record<OrderStatus, string[]>> = {};
  for (const o of orders.orders) {
    if (o.memberId !== 1) continue;
    (ordersByStatus[o.status as OrderStatus] ??= []).push(o.orderNo);
  }
  const firstMemberOrder = (pick: (o: Insert<typeof schema.orders>, u: Insert<typeof schema.orderUnits>) => boolean) => {
    const i = orders.orders.findIndex((o, idx) => o.memberId === 1 && orders.units[idx] && pick(o, orders.units[idx]));
    const found = orders.orders[i];
    if (!found) throw new Error("the demo orders lack a presale or out-of-stock order");
    return found.orderNo;
  };

  return {
    counts: countRows(store),
    nearlySoldOutSku: skuRef(cat.skus.find((s) => s.stock !== undefined && s.stock > 0)),
    soldOutSku: skuRef(cat.skus.find((s) => s.stock === 0)),
    members: members.map((m) => ({
      memberId: m.memberId ?? 0,
      mobile: m.mobile,
      memberName: m.memberName,
      password: DEMO_PASSWORD,
    })),
    ordersByStatus,
    presaleOrderNo: firstMemberOrder((o, u) => Boolean(u.isPresale) && o.status === "PAY_SUCCESS"),
    outOfStockOrderNo: firstMemberOrder((o) => o.status === "SENDING" && Boolean(o.notice)),
    secondMemberOrderNos: orders.orders.filter((o) => o.memberId === 2).map((o) => o.orderNo),
  };
}
