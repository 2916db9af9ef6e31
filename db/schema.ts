// The whole store of the shop: members and their sessions, the catalogue, layout and content,
// promotions, orders and their delivery, outboxes, analytics and idempotency.
// Times are epoch milliseconds (integers); money is integer cents (分); lists are JSON text.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const createdAt = () => integer("created_at").notNull().default(now);
const jsonList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);

// ─── members and sessions ────────────────────────────────────────────────

export const members = sqliteTable(
  "members",
  {
    memberId: integer("member_id").primaryKey({ autoIncrement: true }),
    /** Full number as the API takes it: region code, hyphen, phone ("+86-13800138000"). */
    mobile: text("mobile").notNull(),
    memberName: text("member_name").notNull(),
    email: text("email"),
    /** scrypt: "scrypt$N$r$p$salt$hash" (base64); null for SMS-only accounts. */
    passwordHash: text("password_hash"),
    lockedUntil: integer("locked_until"),
    /** Locked by an operator in the back office (decision 060): no login, no session, no order until unlocked. */
    disabledAt: integer("disabled_at"),
    autoCouponsGrantedAt: integer("auto_coupons_granted_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("members_mobile_uq").on(t.mobile)],
);

/** Opaque login credentials; only the SHA-256 of the token is stored. */
export const credentials = sqliteTable(
  "credentials",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.memberId),
    expiresAt: integer("expires_at").notNull(),
    revokedAt: integer("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("credentials_token_uq").on(t.tokenHash), index("credentials_member_idx").on(t.memberId)],
);

/**
 * Every login attempt: a password's, for the 5-failures-in-15-minutes lockout of a number and an
 * address; a failed SMS code's, for the per-address bound. In the database, so the limits hold
 * whatever process (worker, machine) answers.
 */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The number tried; for an operator's login (decision 065), the operator name tried. */
    mobile: text("mobile").notNull(),
    clientIp: text("client_ip").notNull(),
    method: text("method", { enum: ["password", "sms_code", "operator"] })
      .notNull()
      .default("password"),
    success: integer("success", { mode: "boolean" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_mobile_idx").on(t.mobile, t.createdAt),
    index("login_attempts_address_idx").on(t.clientIp, t.createdAt),
    // the retention job (decision 056)
    index("login_attempts_created_idx").on(t.createdAt),
  ],
);

export const smsCodes = sqliteTable(
  "sms_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    mobile: text("mobile").notNull(),
    smsType: text("sms_type").notNull().default("LOGIN"),
    codeHash: text("code_hash").notNull(),
    wrongTries: integer("wrong_tries").notNull().default(0),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    clientIp: text("client_ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("sms_codes_mobile_idx").on(t.mobile, t.createdAt),
    index("sms_codes_ip_idx").on(t.clientIp, t.createdAt),
    // the retention job (decision 056)
    index("sms_codes_expires_idx").on(t.expiresAt),
  ],
);

/** Challenges of the local captcha provider (geetest v4 flow). */
export const captchaLots = sqliteTable("captcha_lots", {
  lotNumber: text("lot_number").primaryKey(),
  /** SLIDER (with JavaScript) or TEXT (answerable without scripts). */
  kind: text("kind").notNull(),
  /** The expected answer: slider offset in px, or the text to type. */
  answer: text("answer").notNull(),
  expiresAt: integer("expires_at").notNull(),
  validatedAt: integer("validated_at"),
  passToken: text("pass_token"),
  /** Set when a following SMS send or password login used the validated lot. */
  consumedAt: integer("consumed_at"),
  createdAt: createdAt(),
});

// ─── catalogue ───────────────────────────────────────────────────────────

export const goods = sqliteTable(
  "goods",
  {
    goodsNo: text("goods_no").primaryKey(),
    goodsName: text("goods_name").notNull(),
    goodsDesc: text("goods_desc").notNull().default(""),
    /** STEAM, NINTENDO, PSN, XBOX, MOBILE, GIFT_CARD */
    platform: text("platform").notNull(),
    /** GAME_KEY, WALLET_CODE, GIFT_CARD or TOP_UP: which redemption steps its codes take (redeem_guides, migration 0010). */
    codeKind: text("code_kind").notNull().default("GAME_KEY"),
    covers: jsonList("covers"),
    goodsTags: jsonList("goods_tags"),
    isPresale: integer("is_presale", { mode: "boolean" }).notNull().default(false),
    presalePerformanceAt: integer("presale_performance_at"),
    saleEndAt: integer("sale_end_at"),
    originCurrency: text("origin_currency").notNull().default("CNY"),
    regionRestricted: integer("region_restricted", { mode: "boolean" }).notNull().default(false),
    /** ON_SALE or OFF_SHELF */
    status: text("status").notNull().default("ON_SALE"),
    sort: integer("sort").notNull().default(0),
    /** What shoppers also call the goods (English titles, common names): one alias per line, searched with the tags (migrations/0015_goods_search_aliases.sql). */
    searchAliases: text("search_aliases").notNull().default(""),
    createdAt: createdAt(),
  },
  // search reads goods_search, kept in step with this table by triggers (migrations/0003_goods_search.sql);
  // a goods has no price of its own: cards and search take their card SKU's (the view goods_cards, 0013)
  (t) => [index("goods_status_idx").on(t.status, t.sort)],
);

/** goods_extra: SALE_OFF, TAG, performance, TOPIC_BG_IMAGE, TOPIC_MAIN_IMAGE, ... */
export const goodsExtras = sqliteTable(
  "goods_extras",
  {
    goodsNo: text("goods_no")
      .notNull()
      .references(() => goods.goodsNo, { onDelete: "cascade" }),
    extraKey: text("extra_key").notNull(),
    extraValue: text("extra_value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.goodsNo, t.extraKey] })],
);

export const skus = sqliteTable(
  "skus",
  {
    skuNo: text("sku_no").primaryKey(),
    goodsNo: text("goods_no")
      .notNull()
      .references(() => goods.goodsNo, { onDelete: "cascade" }),
    skuName: text("sku_name").notNull(),
    /** Sale price of this SKU (cents). */
    priceTurnCny: integer("price_turn_cny").notNull(),
    /** Original price of this SKU (cents); carried on the wire as the SALE_OFF spec. */
    originPriceCny: integer("origin_price_cny").notNull(),
    skuSpec: text("sku_spec", { mode: "json" })
      .$type<{ sku_spec_key: string; sku_spec_value: string }[]>()
      .notNull()
      .default(sql`'[]'`),
    redemptionUrl: text("redemption_url"),
    disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("skus_goods_idx").on(t.goodsNo)],
);

/** One node of the SKU specification tree (region → edition → denomination). */
export const specNodes = sqliteTable(
  "spec_nodes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    goodsNo: text("goods_no")
      .notNull()
      .references(() => goods.goodsNo, { onDelete: "cascade" }),
    parentId: integer("parent_id"),
    specName: text("spec_name").notNull(),
    specValue: text("spec_value").notNull(),
    specDesc: text("spec_desc").notNull().default(""),
    disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
    skuNo: text("sku_no").references(() => skus.skuNo),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("spec_nodes_goods_idx").on(t.goodsNo, t.parentId, t.sort)],
);

/** Code (CDKEY) inventory: one row per sellable code. */
export const cdkeys = sqliteTable(
  "cdkeys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    skuNo: text("sku_no")
      .notNull()
      .references(() => skus.skuNo),
    code: text("code").notNull(),
    /** UNUSED or DELIVERED */
    status: text("status").notNull().default("UNUSED"),
    orderNo: text("order_no"),
    deliveredAt: integer("delivered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cdkeys_code_uq").on(t.skuNo, t.code),
    index("cdkeys_sku_status_idx").on(t.skuNo, t.status, t.id),
    index("cdkeys_order_idx").on(t.orderNo),
    // the code import refuses a code already in the store under any SKU (decision 050)
    index("cdkeys_by_code_idx").on(t.code),
  ],
);

// ─── layout and content ──────────────────────────────────────────────────

/**
 * A block of a page layout: HOME blocks by style type, HOT_SEARCH items, RECOMMEND blocks of
 * PRODUCT_DETAIL / ORDER_DETAIL, and RENDER rich text of PROMOTION_RENDER (render_id = goods_no).
 */
export const layoutBlocks = sqliteTable(
  "layout_blocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pageType: text("page_type").notNull(),
    name: text("name").notNull(),
    styleType: text("style_type").notNull(),
    /**
     * Block settings keyed by type, as the wire carries them (server_time is added when read):
     * { COUNT_DOWN?: { open, count_down_start, count_down_end, font_color, background_style,
     *   timer_image }, TILING?: { tiling_num } } — count_down_* in epoch seconds.
     */
    settings: text("settings", { mode: "json" })
      .$type<Record<string, Record<string, unknown>>>()
      .notNull()
      .default(sql`'{}'`),
    renderId: text("render_id"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("layout_blocks_page_idx").on(t.pageType, t.renderId, t.sort)],
);

/** One content item of a block; `assembly` is IMG/THUMB/TEXT/GOODS/LINK/JUMP/RICHTEXT. */
export const layoutItems = sqliteTable(
  "layout_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    blockId: integer("block_id")
      .notNull()
      .references(() => layoutBlocks.id, { onDelete: "cascade" }),
    goodsNo: text("goods_no").references(() => goods.goodsNo),
    assembly: text("assembly", { mode: "json" }).$type<Record<string, { value?: string; desc?: string }>>().notNull(),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("layout_items_block_idx").on(t.blockId, t.sort)],
);

export const popupAdverts = sqliteTable(
  "popup_adverts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pageType: text("page_type").notNull().default("HOME"),
    /** EVERY_TIMES, EVERY_DAY, EVERY_USER */
    popPeriod: text("pop_period").notNull(),
    imageUrls: jsonList("image_urls"),
    goodsNo: text("goods_no"),
    linkUrl: text("link_url"),
    jumpType: text("jump_type").notNull().default("NO_REDIRECT"),
    startsAt: integer("starts_at"),
    endsAt: integer("ends_at"),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [index("popup_adverts_page_idx").on(t.pageType, t.sort)],
);

// ─── promotions ──────────────────────────────────────────────────────────

export const couponActivities = sqliteTable("coupon_activities", {
  activityNo: text("activity_no").primaryKey(),
  /** SALE_OFF (amount off above a threshold) or DISCOUNT (percentage with a cap) */
  couponType: text("coupon_type").notNull(),
  couponName: text("coupon_name").notNull(),
  mainTitle: text("main_title").notNull(),
  subTitle: text("sub_title").notNull().default(""),
  displayName: text("display_name").notNull(),
  displayUse: text("display_use").notNull(),
  displayGet: text("display_get").notNull().default(""),
  jumpUrl: text("jump_url"),
  /** SALE_OFF: cents off. */
  amountOff: integer("amount_off"),
  /** DISCOUNT: percent off, 1–99 (a "9折" coupon is 10). */
  discountPercent: integer("discount_percent"),
  /** DISCOUNT: the most it can save (cents). */
  maxDiscount: integer("max_discount"),
  /** Minimum goods amount (cents) for the coupon to apply; 0 = none. */
  threshold: integer("threshold").notNull().default(0),
  /** FIXED (valid_from..valid_to) or DAYS (valid_days after claim) */
  validityMode: text("validity_mode").notNull(),
  validFrom: integer("valid_from"),
  validTo: integer("valid_to"),
  validDays: integer("valid_days"),
  totalStock: integer("total_stock").notNull(),
  claimedCount: integer("claimed_count").notNull().default(0),
  perMemberLimit: integer("per_member_limit").notNull().default(1),
  /** Goods numbers the coupon applies to; empty = every goods. */
  goodsScope: jsonList("goods_scope"),
  autoGrant: integer("auto_grant", { mode: "boolean" }).notNull().default(false),
  claimStartAt: integer("claim_start_at"),
  claimEndAt: integer("claim_end_at"),
  sort: integer("sort").notNull().default(0),
  /** When an operator stopped it (decision 064): no longer listed or claimable; null while it runs. */
  stoppedAt: integer("stopped_at"),
});

export const coupons = sqliteTable(
  "coupons",
  {
    couponNo: text("coupon_no").primaryKey(),
    activityNo: text("activity_no")
      .notNull()
      .references(() => couponActivities.activityNo),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.memberId),
    /** UNUSED, LOCKED (in an unpaid order), USED, INVALID; EXPIRED is computed from use_time_end */
    status: text("status").notNull().default("UNUSED"),
    /** The one open order holding this coupon (LOCKED), or the order that consumed it (USED). */
    orderNo: text("order_no"),
    useTimeStart: integer("use_time_start").notNull(),
    useTimeEnd: integer("use_time_end").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("coupons_member_idx").on(t.memberId, t.status, t.useTimeEnd),
    index("coupons_activity_member_idx").on(t.activityNo, t.memberId),
    // paying or closing an order finds its coupon by order_no
    index("coupons_order_idx")
      .on(t.orderNo)
      .where(sql`${t.orderNo} is not null`),
  ],
);

// ─── orders ──────────────────────────────────────────────────────────────

/**
 * The status conditions of the partial indexes on orders: the unpaid statuses (OPEN_STATUSES of
 * server/trade/domain/order-state.ts) and those the fulfilment worker picks up. SQLite uses a
 * partial index only for a query that repeats its condition word for word, so queries build it
 * from these too: `sql\`${orders.status} in ${sql.raw(ORDERS_OPEN_SQL)}\``.
 */
export const ORDERS_OPEN_SQL = "('WAIT_PAY', 'PAY_FAIL')";
export const ORDERS_TO_FULFIL_SQL = "('PAY_SUCCESS', 'SENDING')";

export const orders = sqliteTable(
  "orders",
  {
    orderNo: text("order_no").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.memberId),
    /** INIT, WAIT_PAY, PAY_SUCCESS, PAY_FAIL, SENDING, SEND_SUCCESS, PART_REFUND, ALL_REFUND, CLOSE */
    status: text("status").notNull(),
    storeLine: text("store_line").notNull().default("official"),
    channelNo: text("channel_no").notNull().default("1"),
    channelName: text("channel_name").notNull().default(""),
    payWay: text("pay_way").notNull(),
    userPhone: text("user_phone").notNull().default(""),
    userEmail: text("user_email").notNull().default(""),
    goodsAmount: integer("goods_amount").notNull(),
    couponAmount: integer("coupon_amount").notNull().default(0),
    payPrice: integer("pay_price").notNull(),
    currency: text("currency").notNull().default("CNY"),
    currencySymbol: text("currency_symbol").notNull().default("￥"),
    payExpireAt: integer("pay_expire_at").notNull(),
    payAt: integer("pay_at"),
    closedAt: integer("closed_at"),
    deliveredAt: integer("delivered_at"),
    /** When fulfilment may run (pay time + FULFIL_DELAY_MS, or the presale time). */
    fulfilAfter: integer("fulfil_after"),
    /** Shown on the delivery card, e.g. the out-of-stock notice. */
    notice: text("notice"),
    /**
     * When an order waiting for codes of a sold-out SKU is refunded in full unless codes arrive
     * first (OUT_OF_STOCK_REFUND_MINUTES after it first found none; server/trade/jobs/fulfilment.ts).
     */
    outOfStockRefundAt: integer("out_of_stock_refund_at"),
    /** Something a person should look at (e.g. paid after it closed). */
    flag: text("flag"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    // the order list sorts by created_at then order_no: both in the index, so a page needs no sort;
    // with the status in it too, the list's filters and counts never read the table
    index("orders_member_idx").on(t.memberId, t.createdAt, t.orderNo, t.status),
    // partial indexes hold only the orders the expiry sweeper and the fulfilment worker look for,
    // so an order's later transitions do not rewrite them (docs/benchmarks.md: fewer pages per commit)
    index("orders_open_idx")
      .on(t.memberId, t.payExpireAt)
      .where(sql`${t.status} in ${sql.raw(ORDERS_OPEN_SQL)}`),
    index("orders_fulfil_idx")
      .on(t.fulfilAfter)
      .where(sql`${t.status} in ${sql.raw(ORDERS_TO_FULFIL_SQL)}`),
  ],
);

/** The goods and SKU of an order, with a snapshot of what the shopper saw. */
export const orderUnits = sqliteTable(
  "order_units",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNo: text("order_no")
      .notNull()
      .references(() => orders.orderNo),
    goodsNo: text("goods_no")
      .notNull()
      .references(() => goods.goodsNo),
    skuNo: text("sku_no")
      .notNull()
      .references(() => skus.skuNo),
    skuNum: integer("sku_num").notNull().default(1),
    unitPrice: integer("unit_price").notNull(),
    originPrice: integer("origin_price").notNull(),
    goodsName: text("goods_name").notNull(),
    skuName: text("sku_name").notNull(),
    goodsTags: jsonList("goods_tags"),
    covers: jsonList("covers"),
    skuOptions: jsonList("sku_options"),
    isPresale: integer("is_presale", { mode: "boolean" }).notNull().default(false),
    presalePerformanceAt: integer("presale_performance_at"),
  },
  // by SKU: the goods page's sold-out check counts the units paid orders still wait for (restock.service.ts)
  (t) => [index("order_units_order_idx").on(t.orderNo), index("order_units_sku_idx").on(t.skuNo)],
);

export const orderCoupons = sqliteTable(
  "order_coupons",
  {
    orderNo: text("order_no")
      .notNull()
      .references(() => orders.orderNo),
    couponNo: text("coupon_no")
      .notNull()
      .references(() => coupons.couponNo),
    discount: integer("discount").notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderNo, t.couponNo] })],
);

/** Delivered items (performance_list): one code per unit. */
export const orderPerformances = sqliteTable(
  "order_performances",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNo: text("order_no")
      .notNull()
      .references(() => orders.orderNo),
    unitId: integer("unit_id")
      .notNull()
      .references(() => orderUnits.id),
    cdkeyId: integer("cdkey_id").references(() => cdkeys.id),
    title: text("title").notNull(),
    value: text("value").notNull(),
    copy: integer("copy", { mode: "boolean" }).notNull().default(true),
    urlTitle: text("url_title"),
    urlValue: text("url_value"),
    noticeText: text("notice_text").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_performances_order_idx").on(t.orderNo),
    uniqueIndex("order_performances_cdkey_uq").on(t.cdkeyId),
    uniqueIndex("order_performances_unit_uq").on(t.unitId),
  ],
);

export const orderGifts = sqliteTable(
  "order_gifts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNo: text("order_no")
      .notNull()
      .references(() => orders.orderNo),
    title: text("title").notNull(),
    value: text("value").notNull(),
    copy: integer("copy", { mode: "boolean" }).notNull().default(false),
    urlTitle: text("url_title"),
    urlValue: text("url_value"),
  },
  (t) => [index("order_gifts_order_idx").on(t.orderNo)],
);

/** Every payment notification received, kept for idempotency and audit. */
export const paymentNotifications = sqliteTable(
  "payment_notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    notifyId: text("notify_id").notNull(),
    orderNo: text("order_no").notNull(),
    /** SUCCESS or FAIL */
    tradeStatus: text("trade_status").notNull(),
    amount: integer("amount").notNull(),
    /** APPLIED, IGNORED (replay or no change), FLAGGED (paid a closed order, amount mismatch) */
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("payment_notifications_notify_uq").on(t.notifyId), index("payment_notifications_order_idx").on(t.orderNo)],
);

/**
 * Money going back to a shopper, queued in the same transaction as the order's refund status and
 * paid out by the refund job (server/trade/jobs/refunds.ts) through the pay provider's refund,
 * retried with the same idempotency key until the provider confirms it.
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderNo: text("order_no")
      .notNull()
      .references(() => orders.orderNo),
    /** `${orderNo}:${n}`, the n-th refund of the order: the provider refunds a key once. */
    idempotencyKey: text("idempotency_key").notNull(),
    amount: integer("amount").notNull(),
    /** Why, as the shopper reads it (e.g. 商品缺货未能发货，订单全额退款). */
    reason: text("reason").notNull(),
    /** A payment the order does not keep (paid after it closed, twice, or the wrong amount): its notify_id. */
    notifyId: text("notify_id"),
    /** PENDING, SUCCEEDED, FAILED (given up: orders.flag is set for a refund by hand) */
    status: text("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    lastError: text("last_error"),
    /** A FAILED refund an operator refunded by hand and marked done in the back office: who (decision 060). */
    settledBy: text("settled_by"),
    createdAt: createdAt(),
    settledAt: integer("settled_at"),
  },
  (t) => [
    uniqueIndex("refunds_idempotency_uq").on(t.idempotencyKey),
    index("refunds_order_idx").on(t.orderNo),
    index("refunds_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
  ],
);

/** The sandbox pay provider's own ledger of the refunds it made, one per idempotency key. */
export const sandboxRefunds = sqliteTable("sandbox_refunds", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  orderNo: text("order_no").notNull(),
  amount: integer("amount").notNull(),
  createdAt: createdAt(),
});

/** Game servers rented by a member ("my-server"); the seed may leave it empty. */
export const memberServers = sqliteTable(
  "member_servers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.memberId),
    serverName: text("server_name").notNull(),
    /** NONE, UPGRADING, RELEASED, PRODUCING */
    serverStatus: text("server_status").notNull(),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("member_servers_member_idx").on(t.memberId, t.expiresAt)],
);

// ─── outboxes, analytics, idempotency ───────────────────────────────────

/**
 * Messages the shop sends (SMS and mail), written inside the transaction of what they announce;
 * the relay (server/trade/jobs/message-relay.ts) hands them to the configured provider.
 */
export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** SMS or MAIL */
    channel: text("channel").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull().default(""),
    /** The plain text as the shopper reads it (the demo's /dev pages show it). */
    body: text("body").notNull(),
    orderNo: text("order_no"),
    /** What the message says (server/trade/messages/templates.ts): picks the provider's template. */
    kind: text("kind").notNull().default(""),
    /** The template's variables, JSON. */
    params: text("params").notNull().default("{}"),
    /** PENDING (to send), SENT, FAILED (given up: an operator looks), SKIPPED (no provider for the channel). */
    status: text("status").notNull().default("PENDING"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull().default(0),
    /** A relay holds the message until then; after a crash another takes it up. */
    leaseUntil: integer("lease_until"),
    sentAt: integer("sent_at"),
    /** The provider's id for the message (Aliyun BizId, Tencent SerialNo, the SMTP message id…). */
    providerId: text("provider_id"),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_channel_idx").on(t.channel, t.createdAt),
    index("outbox_recipient_idx").on(t.recipient, t.createdAt),
    index("outbox_order_idx").on(t.orderNo),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    // the retention job (decision 056)
    index("outbox_created_idx").on(t.createdAt),
  ],
);

export const analyticsEvents = sqliteTable(
  "analytics_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    clickName: text("click_name").notNull(),
    clientType: integer("client_type").notNull(),
    clickTime: integer("click_time").notNull(),
    actionExtraInfo: text("action_extra_info", { mode: "json" })
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    storeLine: text("store_line").notNull(),
    channelId: text("channel_id").notNull().default("1"),
    memberId: integer("member_id"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_name_idx").on(t.clickName, t.createdAt)],
);

/** Answers to requests that must not run twice (order creation). */
export const idempotencyKeys = sqliteTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    memberId: integer("member_id").notNull(),
    scope: text("scope").notNull(),
    requestHash: text("request_hash").notNull(),
    orderNo: text("order_no"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.scope, t.key] })],
);

// ─── restock reminders (an extension of the contract, decision 031) ──────

/**
 * A member's 到货提醒 for a sold-out SKU: told once (one SMS, one mail) when the SKU has codes
 * again. `notified_at` is set by the one pass that sends, in the transaction that writes the
 * messages, so a reminder is sent at most once whichever process claims it.
 */
export const restockNotices = sqliteTable(
  "restock_notices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.memberId, { onDelete: "cascade" }),
    skuNo: text("sku_no")
      .notNull()
      .references(() => skus.skuNo, { onDelete: "cascade" }),
    createdAt: createdAt(),
    notifiedAt: integer("notified_at"),
    /** Whether the notice went by SMS too (false when the member's daily SMS allowance was used up). */
    smsSent: integer("sms_sent", { mode: "boolean" }),
    /** Whether the notice went by mail too (the member had an e-mail and the shop a mail provider); null before migration 0025 knew. */
    mailSent: integer("mail_sent", { mode: "boolean" }),
    cancelledAt: integer("cancelled_at"),
  },
  (t) => [
    // one open reminder per member and SKU
    uniqueIndex("restock_notices_open_idx")
      .on(t.memberId, t.skuNo)
      .where(sql`notified_at is null and cancelled_at is null`),
    index("restock_notices_waiting_idx")
      .on(t.skuNo)
      .where(sql`notified_at is null and cancelled_at is null`),
  ],
);

// ─── the shop's own settings (the back office, issue 39) ────────────────

/**
 * One row per setting. `demo` = "1" is written by the demo seed alone: the admin script's demo
 * commands (reset, seed, cdkeys:add) refuse a database without it (decision 049).
 */
export const shopSettings = sqliteTable("shop_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at").notNull().default(now),
});

/**
 * An order's trade at a real payment provider (decision 047): made when the shopper first opens
 * the cashier, with what the prepay step answered (WeChat's Native code), when the trade was last
 * queried (an order whose notification never came is settled by a query) and when it was closed
 * at the provider after the order expired. One per order: the order number is the trade number.
 */
export const payTrades = sqliteTable(
  "pay_trades",
  {
    orderNo: text("order_no")
      .primaryKey()
      .references(() => orders.orderNo),
    provider: text("provider").notNull(),
    codeUrl: text("code_url"),
    createdAt: integer("created_at").notNull(),
    checkedAt: integer("checked_at").notNull(),
    closedAt: integer("closed_at"),
  },
  (t) => [
    index("pay_trades_open_idx")
      .on(t.checkedAt)
      .where(sql`${t.closedAt} is null`),
  ],
);

// ─── operations ─────────────────────────────────────────────────────────

/** One row (id 1), rewritten by the trade services' /readyz: the database still takes writes (server/http/health.ts). */
export const readinessHeartbeat = sqliteTable("readiness_heartbeat", {
  id: integer("id").primaryKey(),
  probedAt: integer("probed_at").notNull(),
});

// ─── the back office's operators, their sessions and the audit log (issue 39, decision 053) ───

/** An operator of the back office: created by `npm run admin -- operator:create`; scrypt password plus TOTP. */
export const operators = sqliteTable(
  "operators",
  {
    operatorId: integer("operator_id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** scrypt: "scrypt$N$r$p$salt$hash" (server/trade/domain/password.ts). */
    passwordHash: text("password_hash").notNull(),
    /** The TOTP secret (base32), which the authenticator app holds too. */
    totpSecret: text("totp_secret").notNull(),
    /** The time step of the last code accepted: a code is good once (replay). */
    lastTotpStep: integer("last_totp_step"),
    /** Failed logins since the last success or lock. */
    failedLogins: integer("failed_logins").notNull().default(0),
    lockedUntil: integer("locked_until"),
    lastLoginAt: integer("last_login_at"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("operators_name_uq").on(t.name)],
);

/** A logged-in operator: only the SHA-256 of the cookie's token is stored; idle and absolute expiry. */
export const operatorSessions = sqliteTable(
  "operator_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    operatorId: integer("operator_id")
      .notNull()
      .references(() => operators.operatorId),
    /** Every form of the session carries it (CSRF). */
    csrfToken: text("csrf_token").notNull(),
    /** Slides with use (idle timeout), never past `endsAt`. */
    expiresAt: integer("expires_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("operator_sessions_operator_idx").on(t.operatorId)],
);

/** Every change the back office and the operator accounts make: who, what, before → after, when. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null for the command line and for a login with an unknown name. */
    operatorId: integer("operator_id"),
    /** The operator's name as typed or stored (kept when an operator is gone). */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    subject: text("subject").notNull().default(""),
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
