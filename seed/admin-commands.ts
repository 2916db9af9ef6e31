// The QA admin script's commands (spec/03 §7), run by seed/admin.ts as `npm run admin -- <command>` on
// DB_FILE (default data/shop.sqlite). It drives orders, coupons, codes and the SMS outbox through the same service
// and domain code as the API — the state machine, the paid notification, the fulfilment worker's
// allocation, the expiry sweeper, coupon claims — so QA sees exactly what a shopper would cause.
// Every command prints what changed; bad input exits 1 with a message on stderr.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, readSync, statSync } from "node:fs";
import { parseArgs } from "node:util";
import { and, desc, eq, inArray } from "drizzle-orm";
import { backupDatabase, BackupError, restoreDatabase } from "../db/backup";
import { openStore } from "../db/client";
import { couponActivities, coupons, members, orderPerformances, orders, orderUnits, outboxMessages, skus } from "../db/schema";
import { ConfigError, loadConfig } from "../server/config";
import { yuanText as yuan } from "../shared/money";
import { formatDateTime } from "../shared/shop-time";
import { createLogger } from "../server/logger";
import type { TradeDeps } from "../server/trade/deps";
import { eventBetween, HAPPY_PATH, nextStatus, OPEN_STATUSES, ORDER_STATUSES, type OrderEvent, type OrderStatus } from "../server/trade/domain/order-state";
import { parseMobile } from "../server/trade/domain/phone";
import { ApiError } from "../server/trade/http/api-error";
import { expireOrder } from "../server/trade/jobs/expiry";
import { fulfilOrder, restock } from "../server/trade/jobs/fulfilment";
import { forceOrderStatus, refundOrder } from "../server/trade/services/order-admin";
import { closeOrder, PAY_WAYS, type PayWay } from "../server/trade/services/order-commands";
import { transition } from "../server/trade/services/order-transitions";
import type { PayNotification } from "../server/trade/providers/pay";
import { applyPayment } from "../server/trade/services/payment.service";
import { claimCoupon } from "../server/trade/services/promotion.service";
import { importCodes } from "../server/trade/services/code-import.service";
import { importGoods } from "../server/trade/services/goods-import.service";
import { createOperator, OperatorInputError } from "../server/trade/services/operator.service";
import { checkImportSize, ImportFileError, type ImportProblem } from "../server/trade/services/import-file";
import { isDemoDatabase } from "../server/trade/services/shop-settings.service";
import { listMessages, MESSAGE_STATUSES, type MessageStatus } from "../server/trade/services/message.service";
import { weakOperatorPassword } from "./operator-password";
import { seedDatabase } from "./seed";

/** Bad input or a refused change: printed on stderr, exit code 1. */
class AdminError extends Error {}

interface Context {
  deps: TradeDeps;
  args: string[];
  flags: { mobile?: string; status?: string; force?: boolean; part?: string; sku?: string; "dry-run"?: boolean };
}

interface Command {
  usage: string;
  summary: string;
  /** Writes the demo's accounts, made-up codes or a payment nobody made: refused outside a demo database (decision 049). */
  demoOnly?: boolean;
  run?(ctx: Context): void | Promise<void>;
  /** Instead of run: works on the files it is given, without opening DB_FILE (which may be the one it replaces). */
  runOnFiles?(args: string[]): void;
}

const out = (...lines: string[]) => console.log(lines.join("\n"));
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// ─── lookups ─────────────────────────────────────────────────────────────

function arg(ctx: Pick<Context, "args">, index: number, name: string): string {
  const value = ctx.args[index];
  if (!value) throw new AdminError(`缺少参数 <${name}>`);
  return value;
}

function orderOf(ctx: Context, orderNo: string) {
  if (!/^TT\d{14}$/.test(orderNo)) throw new AdminError(`订单号格式错误：${orderNo}（应为 TT 加 14 位数字）`);
  const order = ctx.deps.store.db.select().from(orders).where(eq(orders.orderNo, orderNo)).get();
  if (!order) throw new AdminError(`订单不存在：${orderNo}`);
  return order;
}

/** "13800138000" or "+86-13800138000" → the stored "+86-13800138000". */
function fullMobile(value: string): string {
  const parsed = parseMobile(/^\d+$/.test(value) ? `+86-${value}` : value);
  if (!parsed) throw new AdminError(`手机号格式错误：${value}（例如 13800138000 或 +86-13800138000）`);
  return parsed.full;
}

function memberOf(ctx: Context, mobile: string) {
  const full = fullMobile(mobile);
  const member = ctx.deps.store.db.select().from(members).where(eq(members.mobile, full)).get();
  if (!member) throw new AdminError(`没有手机号为 ${full} 的会员`);
  return member;
}

function statusArg(value: string): OrderStatus {
  const status = value.toUpperCase();
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) throw new AdminError(`未知状态：${value}（可选：${ORDER_STATUSES.join("、")}）`);
  return status as OrderStatus;
}

// ─── the state changes, each through the API's own code ─────────────────

/**
 * Applies a payment result as a provider's verified notification would (applyPayment): the QA
 * script acts on the database with the operator's authority, so it holds no provider key and
 * works whatever PAY_PROVIDER is.
 */
function notifyAsProvider(ctx: Context, orderNo: string, tradeStatus: "SUCCESS" | "FAIL"): OrderStatus {
  const order = orderOf(ctx, orderNo);
  const event: OrderEvent = tradeStatus === "SUCCESS" ? "PAID" : "PAY_FAILED";
  if (!nextStatus(order.status as OrderStatus, event)) {
    const allowed = tradeStatus === "SUCCESS" ? "WAIT_PAY、PAY_FAIL" : "WAIT_PAY";
    throw new AdminError(`订单 ${orderNo} 当前为 ${order.status}，不能${tradeStatus === "SUCCESS" ? "支付" : "置为支付失败"}（仅 ${allowed} 可以）`);
  }
  const payWay: PayWay = (PAY_WAYS as readonly string[]).includes(order.payWay) ? (order.payWay as PayWay) : "WX";
  const n: PayNotification = {
    notify_id: `ADMIN-${orderNo}-${randomBytes(6).toString("hex")}`,
    order_no: orderNo,
    trade_status: tradeStatus,
    amount: order.payPrice,
    pay_way: payWay,
  };
  const result = applyPayment(ctx.deps, n);
  if (result.outcome !== "APPLIED") throw new AdminError(`支付通知未生效（${result.outcome}），订单仍为 ${result.order_status}`);
  out(`${orderNo}: ${order.status} → ${result.order_status}`);
  if (tradeStatus === "SUCCESS") {
    const paid = orderOf(ctx, orderNo);
    out(`  支付时间 ${formatDateTime(paid.payAt!)}，金额 ${yuan(paid.payPrice)}，发货时间不早于 ${formatDateTime(paid.fulfilAfter!)}`);
    const used = ctx.deps.store.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.orderNo, orderNo), eq(coupons.status, "USED")))
      .all();
    for (const c of used) out(`  优惠券 ${c.couponNo} 已核销`);
  }
  return result.order_status;
}

function startSending(ctx: Context, orderNo: string) {
  const now = ctx.deps.now();
  const { db } = ctx.deps.store;
  const to = db.transaction(() => transition(db, orderOf(ctx, orderNo), "START_SENDING", now), { behavior: "immediate" });
  out(`${orderNo}: PAY_SUCCESS → ${to}`);
}

/** Allocates the codes as the fulfilment worker does (PAY_SUCCESS or SENDING → SEND_SUCCESS). */
function deliver(ctx: Context, orderNo: string) {
  const before = orderOf(ctx, orderNo);
  const outcome = fulfilOrder(ctx.deps, orderNo, ctx.deps.now());
  if (outcome !== "delivered") {
    const after = orderOf(ctx, orderNo);
    if (outcome === "refunded") throw new AdminError(`订单 ${orderNo} 缺货已超过退款时限，已转为全额退款、退款处理中（${before.status} → ${after.status}）`);
    throw new AdminError(`订单 ${orderNo} 缺货，仍为 ${after.status}：${after.notice ?? ""}（先用 cdkeys:add 补充兑换码）`);
  }
  out(`${orderNo}: ${before.status} → SEND_SUCCESS`);
  const codes = ctx.deps.store.db.select().from(orderPerformances).where(eq(orderPerformances.orderNo, orderNo)).all();
  for (const c of codes) out(`  兑换码 ${c.value}`);
  const messages = ctx.deps.store.db.select().from(outboxMessages).where(eq(outboxMessages.orderNo, orderNo)).all();
  for (const m of messages) out(`  已发送 ${m.channel === "MAIL" ? "邮件" : "短信"} → ${m.recipient}`);
}

function close(ctx: Context, orderNo: string) {
  const order = orderOf(ctx, orderNo);
  const member = ctx.deps.store.db.select().from(members).where(eq(members.memberId, order.memberId)).get()!;
  const locked = ctx.deps.store.db
    .select()
    .from(coupons)
    .where(and(eq(coupons.orderNo, orderNo), eq(coupons.status, "LOCKED")))
    .all();
  closeOrder(ctx.deps, member, orderNo);
  out(`${orderNo}: ${order.status} → CLOSE`);
  for (const c of locked) out(`  优惠券 ${c.couponNo} 已退回`);
}

/**
 * Refunds through the refund queue, as the fulfilment worker does: in full, or (`--part`) the units
 * of the given SKUs, each its share of the pay price after coupons.
 */
function refund(ctx: Context, orderNo: string, part: string | undefined) {
  const order = orderOf(ctx, orderNo);
  const skuNos = part === undefined ? null : [...new Set(part.split(/[,，]/).map((s) => s.trim()))].filter(Boolean);
  if (skuNos && !skuNos.length) throw new AdminError("--part 需要退款商品的 SKU，例如 --part G1024-S05（多个用逗号分隔）");
  // by SKU, a part only once: a second could name a unit already refunded (decision 067)
  if ((skuNos && order.status !== "SEND_SUCCESS") || !nextStatus(order.status as OrderStatus, skuNos ? "REFUND_PART" : "REFUND_ALL")) {
    const allowed = skuNos ? "SEND_SUCCESS" : "SEND_SUCCESS、PART_REFUND、SENDING";
    throw new AdminError(`订单 ${orderNo} 当前为 ${order.status}，不能${skuNos ? "部分" : "全额"}退款（仅 ${allowed} 可以）`);
  }
  const { from, to, amount } = refundOrder(ctx.deps, orderNo, skuNos);
  out(
    `${orderNo}: ${from} → ${to}`,
    `  ${skuNos ? `部分退款（${skuNos.join("、")}）` : "全额退款"}，金额 ${yuan(amount)}（实付 ${yuan(order.payPrice)}）；已排入退款队列，由支付通道退回后通知用户`,
  );
  if (order.deliveredAt !== null) out("  已发放的兑换码保留");
}

/** The change for one allowed event, as the API or the worker makes it. */
function applyEvent(ctx: Context, orderNo: string, event: OrderEvent) {
  switch (event) {
    case "PAID":
      return void notifyAsProvider(ctx, orderNo, "SUCCESS");
    case "PAY_FAILED":
      return void notifyAsProvider(ctx, orderNo, "FAIL");
    case "CLOSE":
    case "EXPIRE":
      return close(ctx, orderNo);
    case "START_SENDING":
      return startSending(ctx, orderNo);
    case "DELIVERED":
      return deliver(ctx, orderNo);
    case "REFUND_PART":
      throw new AdminError("部分退款须指明商品：order:refund <order_no> --part <sku_no>");
    case "REFUND_ALL":
      return refund(ctx, orderNo, undefined);
    case "CREATED":
    case "REISSUE_PAY": {
      const order = orderOf(ctx, orderNo);
      const now = ctx.deps.now();
      const { db } = ctx.deps.store;
      const to = db.transaction(() => transition(db, order, event, now), { behavior: "immediate" });
      return out(`${orderNo}: ${order.status} → ${to}`);
    }
  }
}

// ─── the commands ────────────────────────────────────────────────────────

const COMMANDS: Record<string, Command> = {
  help: {
    usage: "help",
    summary: "列出全部命令",
    run: () => printHelp(),
  },
  reset: {
    usage: "reset",
    summary: "清空并重新写入演示数据（演示账户、各状态订单、优惠券、兑换码）",
    demoOnly: true,
    run(ctx) {
      const summary = seedDatabase(ctx.deps.store, { mediaDir: ctx.deps.config.mediaDir });
      out(
        `已重建演示数据 → ${ctx.deps.config.dbFile}`,
        `  商品 ${summary.counts.goods} 个，订单 ${summary.counts.orders} 个，兑换码 ${summary.counts.cdkeys} 个`,
        ...summary.members.map((m) => `  演示账户 ${m.mobile} / ${m.password}`),
        ...Object.entries(summary.ordersByStatus).map(([status, nos]) => `  ${status.padEnd(12)} ${nos.join(", ")}`),
        `  已售罄 SKU ${summary.soldOutSku.skuNo}；即将售罄 SKU ${summary.nearlySoldOutSku.skuNo}`,
      );
    },
  },
  orders: {
    usage: "orders [--mobile 13800138000] [--status WAIT_PAY]",
    summary: "以表格列出订单，可按会员手机号、状态筛选",
    run(ctx) {
      const { db } = ctx.deps.store;
      const member = ctx.flags.mobile ? memberOf(ctx, ctx.flags.mobile) : null;
      const status = ctx.flags.status ? statusArg(ctx.flags.status) : null;
      const rows = db
        .select({ order: orders, mobile: members.mobile })
        .from(orders)
        .innerJoin(members, eq(members.memberId, orders.memberId))
        .where(and(member ? eq(orders.memberId, member.memberId) : undefined, status ? eq(orders.status, status) : undefined))
        .orderBy(desc(orders.createdAt), desc(orders.orderNo))
        .all();
      const names = new Map<string, string>();
      if (rows.length) {
        for (const u of db
          .select()
          .from(orderUnits)
          .where(
            inArray(
              orderUnits.orderNo,
              rows.map((r) => r.order.orderNo),
            ),
          )
          .all()) {
          if (!names.has(u.orderNo)) names.set(u.orderNo, `${u.goodsName} · ${u.skuName}`);
        }
      }
      printTable(
        ["订单号", "状态", "会员", "实付", "下单时间", "商品", "备注"],
        rows.map(({ order, mobile }) => [
          order.orderNo,
          order.status,
          mobile,
          yuan(order.payPrice),
          formatDateTime(order.createdAt),
          names.get(order.orderNo) ?? "",
          [order.flag ? `⚠ ${order.flag}` : "", order.notice ?? ""].filter(Boolean).join("；"),
        ]),
      );
      out(`共 ${rows.length} 个订单`);
    },
  },
  "order:advance": {
    usage: "order:advance <order_no>",
    summary: "推进到下一个正常状态：WAIT_PAY → PAY_SUCCESS → SENDING → SEND_SUCCESS",
    demoOnly: true,
    run(ctx) {
      const order = orderOf(ctx, arg(ctx, 0, "order_no"));
      const event = HAPPY_PATH[order.status as OrderStatus];
      if (!event) throw new AdminError(`订单 ${order.orderNo} 当前为 ${order.status}，没有下一个正常状态`);
      applyEvent(ctx, order.orderNo, event);
    },
  },
  "order:set": {
    usage: "order:set <order_no> <STATUS> [--force]",
    summary: "改为指定状态（只允许状态机中的变更；--force 强制修改，输出 FORCED）",
    demoOnly: true,
    run(ctx) {
      const order = orderOf(ctx, arg(ctx, 0, "order_no"));
      const to = statusArg(arg(ctx, 1, "STATUS"));
      const from = order.status as OrderStatus;
      const event = eventBetween(from, to);
      if (event) return applyEvent(ctx, order.orderNo, event);
      if (!ctx.flags.force) {
        const allowed = ORDER_STATUSES.filter((s) => eventBetween(from, s));
        throw new AdminError(`不允许的状态变更：${from} → ${to}（${from} 只能变为 ${allowed.join("、") || "（无）"}；加 --force 强制修改）`);
      }
      const forced = forceOrderStatus(ctx.deps, order.orderNo, to);
      out(`FORCED ${order.orderNo}: ${forced.from} → ${forced.to}`, "  仅修改了状态：优惠券、兑换码、消息均未处理");
    },
  },
  "order:pay": {
    usage: "order:pay <order_no>",
    summary: "模拟支付成功（签名支付通知，与收银台相同：记录支付时间、核销优惠券）",
    demoOnly: true,
    run: (ctx) => void notifyAsProvider(ctx, arg(ctx, 0, "order_no"), "SUCCESS"),
  },
  "order:fail": {
    usage: "order:fail <order_no>",
    summary: "模拟支付失败（WAIT_PAY → PAY_FAIL，过期前仍可再次支付）",
    demoOnly: true,
    run: (ctx) => void notifyAsProvider(ctx, arg(ctx, 0, "order_no"), "FAIL"),
  },
  "order:expire": {
    usage: "order:expire <order_no>",
    summary: "让未支付订单立即过期关闭（与过期任务相同：退回优惠券）",
    run(ctx) {
      const order = orderOf(ctx, arg(ctx, 0, "order_no"));
      if (!OPEN_STATUSES.includes(order.status as OrderStatus)) {
        throw new AdminError(`订单 ${order.orderNo} 当前为 ${order.status}，只有 WAIT_PAY、PAY_FAIL 的订单会过期`);
      }
      const now = ctx.deps.now();
      const { db } = ctx.deps.store;
      const result = db.transaction(() => expireOrder(db, order, now), { behavior: "immediate" });
      out(`${order.orderNo}: ${order.status} → ${result.to}（支付期限已到）`);
      if (result.couponsReleased) out(`  已退回优惠券 ${result.couponsReleased} 张`);
    },
  },
  "order:refund": {
    usage: "order:refund <order_no> [--part <sku_no>[,<sku_no>]]",
    summary: "退款（经退款队列由支付通道退回）：默认全额未退部分（ALL_REFUND），--part 退所列 SKU 按实付分摊的金额（PART_REFUND）",
    run: (ctx) => refund(ctx, arg(ctx, 0, "order_no"), ctx.flags.part),
  },
  sms: {
    usage: "sms <mobile>",
    summary: "显示最近发给该手机号的短信验证码（来自短信发件箱）",
    run(ctx) {
      const mobile = fullMobile(arg(ctx, 0, "mobile"));
      const messages = ctx.deps.store.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.channel, "SMS"), eq(outboxMessages.recipient, mobile)))
        .orderBy(desc(outboxMessages.id))
        .all();
      for (const m of messages) {
        const code = /验证码[为是：:\s]*(\d{6})/.exec(m.body)?.[1];
        if (code) return out(code, `  ${formatDateTime(m.createdAt)} 发给 ${mobile}：${m.body}`);
      }
      throw new AdminError(`没有发给 ${mobile} 的验证码短信`);
    },
  },
  messages: {
    usage: "messages [--status FAILED|PENDING|SENT|SKIPPED]",
    summary: "列出短信和邮件的发送状态（默认 FAILED：多次发送失败、需要运维处理的消息），最新的在前，最多 100 条",
    run(ctx) {
      const status = (ctx.flags.status ?? "FAILED").toUpperCase();
      if (!(MESSAGE_STATUSES as readonly string[]).includes(status)) throw new AdminError(`--status 应为 ${MESSAGE_STATUSES.join("、")} 之一`);
      const rows = listMessages(ctx.deps.store.db, status as MessageStatus);
      if (!rows.length) return out(`没有 ${status} 的消息`);
      out(
        ...rows.map(
          (m) =>
            `#${m.id} ${m.channel} ${m.kind || "-"} → ${m.recipient}${m.orderNo ? ` 订单 ${m.orderNo}` : ""}  ${formatDateTime(m.createdAt)}  尝试 ${m.attempts} 次${m.providerId ? `  通道编号 ${m.providerId}` : ""}${m.lastError ? `\n    ${m.lastError}` : ""}`,
        ),
        `共 ${rows.length} 条 ${status}`,
      );
    },
  },
  "coupon:grant": {
    usage: "coupon:grant <mobile> <activity_no>",
    summary: "为会员领取一张活动优惠券（与领券接口相同：遵守库存和每人限领）",
    run(ctx) {
      const member = memberOf(ctx, arg(ctx, 0, "mobile"));
      const activityNo = arg(ctx, 1, "activity_no");
      const { coupon_no } = claimCoupon(ctx.deps, member, activityNo);
      const activity = ctx.deps.store.db.select().from(couponActivities).where(eq(couponActivities.activityNo, activityNo)).get()!;
      const coupon = ctx.deps.store.db.select().from(coupons).where(eq(coupons.couponNo, coupon_no)).get()!;
      out(
        `已发放优惠券 ${coupon_no}（${activity.couponName}，${activity.displayName}）→ ${member.mobile}`,
        `  有效期 ${formatDateTime(coupon.useTimeStart)} 至 ${formatDateTime(coupon.useTimeEnd)}；活动已领 ${activity.claimedCount}/${activity.totalStock}`,
      );
    },
  },
  "cdkeys:add": {
    usage: "cdkeys:add <sku_no> <count>",
    summary: "为 SKU 补充兑换码；缺货等待的订单随后由发货任务发货",
    demoOnly: true,
    run(ctx) {
      const skuNo = arg(ctx, 0, "sku_no");
      const countText = arg(ctx, 1, "count");
      const count = Number(countText);
      if (!/^\d+$/.test(countText) || count < 1 || count > 10_000) throw new AdminError(`数量无效：${countText}（1 至 10000 的整数）`);
      const sku = ctx.deps.store.db.select().from(skus).where(eq(skus.skuNo, skuNo)).get();
      if (!sku) throw new AdminError(`SKU 不存在：${skuNo}`);
      const codes = Array.from({ length: count }, () => `QA-${randomBytes(6).toString("hex").toUpperCase().match(/.{4}/g)!.join("-")}`);
      const result = restock(ctx.deps, skuNo, codes);
      out(
        `已为 ${skuNo}（${sku.skuName}）添加 ${result.added} 个兑换码，现有未使用 ${result.unused} 个`,
        result.waitingOrders.length
          ? `  等待发货的订单 ${result.waitingOrders.join(", ")} 将由发货任务发货（服务运行时立即进行，否则在下次启动时）`
          : "  没有等待这个 SKU 的订单",
      );
    },
  },
  "codes:import": {
    usage: "codes:import FILE [--sku SKU] [--dry-run]",
    summary: "导入真实兑换码（CSV/TXT：每行「兑换码」或「SKU,兑换码」）；有任何一行有误则全部不写入并列出；--dry-run 只检查",
    run(ctx) {
      const file = importFile(ctx);
      const report = runImport(() => importCodes(ctx.deps, file, { skuNo: ctx.flags.sku, dryRun: ctx.flags["dry-run"] }));
      if (report.problems.length) {
        printProblems(report.problems, "行");
        throw new AdminError(`导入失败：请修改文件后重新导入（${report.problems.length} 处问题）`);
      }
      out(report.written ? `已导入 ${report.codes} 个兑换码` : `检查通过（--dry-run，未写入）：${report.codes} 个兑换码可以导入`);
      for (const s of report.skus) {
        out(`  ${s.skuNo}（${s.name}）${s.codes} 个${s.unused === null ? "" : `，现有未售出 ${s.unused} 个`}`);
        if (s.waitingOrders.length) out(`    等待发货的订单 ${s.waitingOrders.join(", ")} 将由发货任务发货（服务运行时立即进行）`);
      }
    },
  },
  "goods:import": {
    usage: "goods:import FILE [--dry-run]",
    summary: "导入新商品和 SKU（CSV 每行一个 SKU，或 JSON）；上架并列入首页「全部商品」；有误则全部不写入；--dry-run 只检查",
    run(ctx) {
      const file = importFile(ctx);
      const report = runImport(() => importGoods(ctx.deps, file, { dryRun: ctx.flags["dry-run"] }));
      if (report.problems.length) {
        printProblems(report.problems, report.numberedBy === "line" ? "行" : "个商品");
        throw new AdminError(`导入失败：请修改文件后重新导入（${report.problems.length} 处问题）`);
      }
      out(report.written ? `已导入 ${report.goods.length} 个商品` : `检查通过（--dry-run，未写入）：${report.goods.length} 个商品可以导入`);
      for (const g of report.goods) out(`  ${g.goodsNo} ${g.name}：${g.skus} 个 SKU，最低 ${yuan(g.lowestPrice)}`);
      if (report.written) out("  下一步：codes:import 导入各 SKU 的兑换码");
    },
  },
  backup: {
    usage: "backup FILE",
    summary: "在线备份数据库到 FILE（商城运行时也一致；检查完整性；不覆盖已有文件）",
    async run(ctx) {
      const file = arg(ctx, 0, "FILE");
      const summary = await backupDatabase(ctx.deps.store.sqlite, file);
      out(
        `已备份 ${ctx.deps.config.dbFile} → ${file}（${megabytes(summary.bytes)}，完整性检查通过）`,
        `  订单 ${summary.orders} 个，最新下单于 ${formatDateTime(summary.newestOrderAt) || "-"}；已发放兑换码 ${summary.deliveredCodes} 个`,
      );
    },
  },
  restore: {
    usage: "restore BACKUP TARGET",
    summary: "商城停止后用备份替换数据库 TARGET：原数据库保留在旁边，其后发放的兑换码在恢复后标为已发放并列出，其后支付的订单列出供对账",
    runOnFiles(args) {
      const [backup, target] = [arg({ args }, 0, "BACKUP"), arg({ args }, 1, "TARGET")];
      const report = restoreDatabase(backup, target, Date.now());
      out(`已恢复 ${backup} → ${target}（完整性检查通过；订单 ${report.backup.orders} 个，最新下单于 ${formatDateTime(report.backup.newestOrderAt) || "-"}）`);
      if (!report.replacedFile) return out(`  ${target} 原来不存在：无法列出备份之后发放的兑换码和支付的订单，请按支付通道的账单和发货记录核对`);
      out(`  原数据库保留为 ${report.replacedFile}`);
      const carried = report.codesSold.filter((c) => c.carriedOver).length;
      out(
        `备份之后发放的兑换码 ${report.codesSold.length} 个${carried ? `（其中 ${carried} 个在恢复后的数据库中已标为已发放，不会再次售出）` : ""}：`,
        ...report.codesSold.map(
          (c) => `  ${c.skuNo}  ${c.code}  订单 ${c.orderNo ?? "-"}  ${formatDateTime(c.deliveredAt)}${c.carriedOver ? "" : "  （备份中没有这个码）"}`,
        ),
        `备份之后支付的订单 ${report.ordersPaid.length} 个（恢复后的数据库中没有这些支付，请与支付通道核对后处理）：`,
        ...report.ordersPaid.map((o) => `  ${o.orderNo}  ${o.status}  ${yuan(o.payPrice)}  ${formatDateTime(o.payAt)}`),
      );
    },
  },
  "operator:create": {
    usage: "operator:create NAME",
    summary: "创建后台操作员：从标准输入读密码（至少 12 个字符，不能太容易猜到），打印动态验证码（TOTP）密钥，用身份验证器 App 添加",
    run(ctx) {
      const name = arg(ctx, 0, "NAME");
      const password = readPassword();
      let created;
      try {
        created = createOperator(ctx.deps, name, password, weakOperatorPassword);
      } catch (error) {
        if (error instanceof OperatorInputError) throw new AdminError(error.message);
        throw error;
      }
      out(
        `已创建操作员 ${name}`,
        `动态验证码密钥（TOTP）：${created.secret}`,
        `otpauth 地址：${created.uri}`,
        "用身份验证器 App（如 Google Authenticator、Microsoft Authenticator）扫描或手动输入上面的密钥；密钥只显示这一次，请勿外传。",
        "后台在 ADMIN_PORT 上（默认只听 127.0.0.1），经 SSH 隧道访问：见 docs/deploy.md「The back office」",
      );
    },
  },
};

/**
 * The new operator's password: the first line of standard input. From a terminal it is asked for
 * and not echoed (stty); piped in (`printf '%s\n' "$PASSWORD" | npm run admin -- operator:create ops`) it is read as is.
 */
function readPassword(): string {
  const tty = process.stdin.isTTY === true;
  if (tty) {
    process.stdout.write("请输入密码（至少 12 个字符，输入时不显示）：");
    spawnSync("stty", ["-echo"], { stdio: "inherit" });
  }
  try {
    const bytes: number[] = [];
    const one = Buffer.alloc(1);
    for (;;) {
      let read = 0;
      try {
        read = readSync(0, one, 0, 1, null);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EAGAIN") continue;
        throw error;
      }
      if (read === 0 || one[0] === 0x0a) break;
      bytes.push(one[0]!);
    }
    return Buffer.from(bytes).toString("utf8").replace(/\r$/, "");
  } finally {
    if (tty) {
      spawnSync("stty", ["echo"], { stdio: "inherit" });
      process.stdout.write("\n");
    }
  }
}

/** An import file's bytes; one larger than the import's limit is refused unread. */
function importFile(ctx: Context): Buffer {
  const path = arg(ctx, 0, "FILE");
  let size;
  try {
    size = statSync(path).size;
  } catch {
    throw new AdminError(`文件不存在或无法读取：${path}`);
  }
  runImport(() => checkImportSize(size));
  return readFileSync(path);
}

/** An import's problems, numbered as the operator's editor shows them; the first 100, then how many more. */
function printProblems(problems: ImportProblem[], unit: "行" | "个商品") {
  const shown = problems.slice(0, 100);
  out(`有 ${problems.length} 处问题，未写入任何数据：`, ...shown.map((p) => `  第 ${p.line} ${unit}：${p.reason}`));
  if (problems.length > shown.length) out(`  …另有 ${problems.length - shown.length} 处`);
}

function runImport<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ImportFileError) throw new AdminError(error.message);
    throw error;
  }
}

function printHelp() {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  out(
    "用法：npm run admin -- <命令> [参数]（数据库：DB_FILE，默认 data/shop.sqlite）",
    "",
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.demoOnly ? "［仅演示库］" : ""}${c.summary}`),
    "",
    "［仅演示库］的命令只改由 npm run demo / npm run seed 创建的演示数据库，拒绝正式数据库。",
  );
}

/** Display width in a terminal: CJK and full-width characters take two columns. */
const widthOf = (text: string) => [...text].reduce((n, ch) => n + (/[\u1100-\uffff]/.test(ch) ? 2 : 1), 0);
const pad = (text: string, width: number) => text + " ".repeat(Math.max(0, width - widthOf(text)));

function printTable(head: string[], rows: string[][]) {
  const widths = head.map((h, i) => Math.max(widthOf(h), ...rows.map((r) => widthOf(r[i] ?? ""))));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => pad(c, widths[i]!))
      .join("  ")
      .trimEnd();
  out(line(head), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(line));
}

// ─── main ────────────────────────────────────────────────────────────────

/** A mistyped DB_FILE must not become a new, empty database (review operator-trial M8). */
export function databaseRefusal(dbFile: string): string | null {
  if (dbFile === ":memory:") return "DB_FILE=:memory: 没有可操作的数据库";
  if (!existsSync(dbFile)) return `数据库不存在：${dbFile}（检查 DB_FILE；数据库由商城首次启动或 npm run demo 创建）`;
  return null;
}

/** An admin command's failure as the operator reads it (exit code 1), or the unexpected error rethrown. */
function failure(error: unknown): number {
  if (error instanceof AdminError || error instanceof ApiError || error instanceof ConfigError || error instanceof BackupError) {
    console.error(error.message);
    return 1;
  }
  throw error;
}

/**
 * Runs one admin command line; its output goes to the console, and the answer is the process's exit code (a
 * promise of it for a command that waits, such as backup).
 */
export function runAdmin(argv: string[], env: NodeJS.ProcessEnv): number | Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        mobile: { type: "string" },
        status: { type: "string" },
        force: { type: "boolean" },
        part: { type: "string" },
        sku: { type: "string" },
        "dry-run": { type: "boolean" },
      },
    });
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    console.error(option ? `参数错误：不认识的选项 ${option}（运行 npm run admin -- help 查看用法）` : "参数错误（运行 npm run admin -- help 查看用法）");
    return 1;
  }
  const [name = "help", ...args] = parsed.positionals;
  const command = COMMANDS[name];
  if (!command) {
    console.error(`未知命令：${name}（运行 npm run admin -- help 查看全部命令）`);
    return 1;
  }
  if (name === "help") {
    printHelp();
    return 0;
  }
  if (command.runOnFiles) {
    try {
      command.runOnFiles(args);
      return 0;
    } catch (error) {
      return failure(error);
    }
  }

  let config;
  try {
    // the script acts as the trade tier on the database: the storefront's settings (CN_BASE_URL) do not concern it
    config = loadConfig({ ...env, SERVER_ROLE: "trade" }, { tool: true });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  const refusal = databaseRefusal(config.dbFile);
  if (refusal) {
    console.error(refusal);
    return 1;
  }
  const store = openStore(config.dbFile);
  if (command.demoOnly && !isDemoDatabase(store.db)) {
    store.close();
    console.error(
      `${name} 只能用于演示数据库，${config.dbFile} 不是（它会写入公开密码的演示账户、编造的兑换码或未付款的支付）。` +
        "导入真实兑换码用 codes:import。若这是本版本之前由 npm run demo 创建的演示数据库，删除它后重新运行 npm run demo",
    );
    return 1;
  }
  const deps: TradeDeps = { config, store, logger: createLogger("error"), now: Date.now };
  let pending: void | Promise<void>;
  try {
    pending = command.run!({ deps, args, flags: parsed.values });
  } catch (error) {
    store.close();
    return failure(error);
  }
  if (!pending) {
    store.close();
    return 0;
  }
  return pending
    .then(
      () => 0,
      (error: unknown) => failure(error),
    )
    .finally(() => store.close());
}
