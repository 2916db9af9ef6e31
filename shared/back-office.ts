/** Where the back office's pages live: on its own listener (ADMIN_PORT) only; the shop's port answers 404 there. */
export const BACK_OFFICE_PATH = "/admin";

/** Every address of the back office's pages: theirs and their data requests (/admin.data, /admin/codes.data), any case. */
export const BACK_OFFICE_PATHS = /^\/admin(\.data|\/|$)/i;

/** A SKU with this many unused codes or fewer is marked low in the back office. */
export const LOW_STOCK = 5;

/** The hidden field of every back-office form holding its CSRF token. */
export const CSRF_FIELD = "csrf";

/** The longest password the operator login takes (UTF-16 units, as zod counts them): operator:create refuses a longer one. */
export const OPERATOR_PASSWORD_MAX = 256;

// What the back office's pages may call (server/trade/services/back-office.ts implements it; the
// routes under app/routes/admin.* get it in their load context on the back office's listener alone).

export interface SignedInOperator {
  operatorId: number;
  name: string;
  csrfToken: string;
}

export interface SkuStock {
  skuNo: string;
  goodsName: string;
  skuName: string;
  disabled: boolean;
  unused: number;
  delivered: number;
}

/** A line of an import that cannot be imported, numbered from 1. */
export interface ImportLineProblem {
  line: number;
  reason: string;
}

/** A code import's outcome: the file refused whole (`refused`), or its report (all or nothing). */
export type CodeImportOutcome =
  | { refused: string }
  | {
      refused?: undefined;
      written: boolean;
      codes: number;
      skus: { skuNo: string; name: string; codes: number; unused: number | null }[];
      problems: ImportLineProblem[];
    };

export interface AuditLine {
  id: number;
  actor: string;
  action: string;
  subject: string;
  before: string | null;
  after: string | null;
  createdAt: number;
}

export interface BackOfficeServices extends GoodsBackOffice {
  signedIn(token: string | undefined): SignedInOperator | null;
  /** `clientIp`: the address the back office's listener derived; `limited`: that address is over its limit (decision 065). */
  login(input: {
    name: string;
    password: string;
    code: string;
    clientIp: string;
  }): { ok: true; token: string; operator: SignedInOperator } | { ok: false; message: string; limited?: true };
  logout(token: string, operator: SignedInOperator): void;
  dashboard(): {
    dayStart: number;
    ordersCreated: number;
    ordersPaid: number;
    /** What the payments of the day brought in, before refunds. */
    revenueCents: number;
    /** What the refunds started today give back (pending, paid out or flagged for a refund by hand). */
    refundedCents: number;
    waiting: { orderNo: string; payAt: number | null; payPrice: number }[];
    /** The SKUs on sale with at most LOW_STOCK unused codes, the emptiest first: the rest wait on the codes page. */
    restock: SkuStock[];
    skuCount: number;
  };
  skuStock(): SkuStock[];
  /** The newest codes, masked: no list shows a code in full. */
  recentCodes(): { id: number; skuNo: string; masked: string; status: string; createdAt: number }[];
  importCodes(operator: SignedInOperator, file: Uint8Array | string, options?: { skuNo?: string; dryRun?: boolean }): CodeImportOutcome;
  audit(beforeId?: number): AuditLine[];
}

// ─── goods, SKUs and the shop's identity (issue 39, decision 061) ───────

/** The largest image an operator may upload (a goods cover, the service QR code). */
export const IMAGE_MAX_BYTES = 1024 * 1024;

/** The shop's identity as the storefront shows it; "" where the operator has set nothing. */
export interface ShopIdentity {
  company: string;
  address: string;
  icp: string;
  contact: string;
  /** A /media/ (or the demo's /images/) address, or "". */
  qrImage: string;
}

export interface GoodsListRow {
  goodsNo: string;
  name: string;
  platform: string;
  onSale: boolean;
  cover: string | null;
  skus: number;
  /** The cheapest SKU on sale's price (cents), null without one. */
  lowestPrice: number | null;
}

export interface GoodsEditSku {
  skuNo: string;
  name: string;
  price: number;
  originPrice: number;
  disabled: boolean;
  /** Unpaid orders holding this SKU: it cannot be stopped while there are any. */
  unpaidOrders: number;
}

export interface GoodsEdit {
  goodsNo: string;
  name: string;
  platform: string;
  tags: string[];
  aliases: string;
  onSale: boolean;
  covers: string[];
  skus: GoodsEditSku[];
}

/** A change's outcome: done, or refused with a Chinese message (nothing changed). */
export type ChangeOutcome = { ok: true; message: string } | { ok: false; message: string };

/** What a goods or SKU form sends, as typed (prices in yuan); the service checks it. */
export interface GoodsFields {
  name: string;
  tags: string;
  aliases: string;
  onSale: boolean;
}
export interface SkuFields {
  name: string;
  price: string;
  originPrice: string;
  onSale: boolean;
}
export interface NewGoodsFields {
  goodsNo: string;
  name: string;
  platform: string;
  codeKind: string;
  skuNo: string;
  skuName: string;
  price: string;
}

export interface GoodsBackOffice {
  listGoods(): GoodsListRow[];
  platforms(): string[];
  goodsForEdit(goodsNo: string): GoodsEdit | null;
  createGoods(operator: SignedInOperator, fields: NewGoodsFields): ChangeOutcome;
  updateGoods(operator: SignedInOperator, goodsNo: string, fields: GoodsFields): ChangeOutcome;
  addSku(operator: SignedInOperator, goodsNo: string, fields: SkuFields & { skuNo: string }): ChangeOutcome;
  updateSku(operator: SignedInOperator, skuNo: string, fields: SkuFields): ChangeOutcome;
  setCover(operator: SignedInOperator, goodsNo: string, image: Uint8Array): ChangeOutcome;
  identity(): ShopIdentity;
  updateIdentity(operator: SignedInOperator, fields: Omit<ShopIdentity, "qrImage">, qrImage: Uint8Array | null): ChangeOutcome;
}

// ─── orders and members (decision 060) ───────────────────────────────────

/** Orders a page of the back office's order search lists. */
export const ORDER_PAGE_SIZE = 20;

export interface OrderSummary {
  orderNo: string;
  status: string;
  payPrice: number;
  createdAt: number;
  mobile: string;
  email: string;
  goods: string;
  flagged: boolean;
}

export interface OrderSearch {
  query: string;
  page: number;
  pages: number;
  total: number;
  orders: OrderSummary[];
}

export interface OrderRefund {
  id: number;
  key: string;
  amount: number;
  reason: string;
  /** PENDING, SUCCEEDED, FAILED (flagged: refund by hand, then mark it done) */
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: number;
  settledAt: number | null;
  /** The operator who marked it refunded by hand; null when the provider refunded it. */
  settledBy: string | null;
}

export interface OrderDetail {
  orderNo: string;
  status: string;
  payWay: string;
  goodsAmount: number;
  couponAmount: number;
  payPrice: number;
  /** The payment came in: `payPrice` was paid, not only asked for. */
  paid: boolean;
  userPhone: string;
  userEmail: string;
  notice: string | null;
  flag: string | null;
  member: { memberId: number; mobile: string; email: string | null; disabled: boolean };
  units: { skuNo: string; goodsName: string; skuName: string; skuNum: number; unitPrice: number }[];
  /** The delivered codes, masked as every list of the back office shows them. */
  codes: { title: string; masked: string; createdAt: number }[];
  /** What happened, oldest first: the order's states, payments, refunds and messages. */
  history: { at: number; what: string; detail: string }[];
  refunds: OrderRefund[];
  messages: {
    id: number;
    channel: string;
    kind: string;
    recipient: string;
    status: string;
    createdAt: number;
    sentAt: number | null;
    lastError: string | null;
  }[];
  /** What is left to refund (cents: what was paid less every refund, pending, paid or flagged), and which changes the order allows. */
  refundable: number;
  canRefund: boolean;
  canRefundPart: boolean;
  canResend: boolean;
}

export interface RefundInput {
  orderNo: string;
  amount: number;
  formToken: string;
}

export interface MemberSummary {
  memberId: number;
  mobile: string;
  memberName: string;
  email: string | null;
  disabled: boolean;
  createdAt: number;
  orders: number;
}

// the order and member calls of the back office, merged into the interface above
export interface BackOfficeServices {
  /** Orders by number (or its start), mobile or e-mail; all of them for an empty query. Newest first, paged. */
  searchOrders(query: string, page: number): OrderSearch;
  orderDetail(orderNo: string): OrderDetail | null;
  /** `amount` cents through the refund queue (the provider), once per `formToken` (the refund form's own, decision 067). */
  refundOrder(operator: SignedInOperator, input: RefundInput): ChangeOutcome;
  /** A FAILED (flagged) refund the operator paid back by hand. */
  markRefundDone(operator: SignedInOperator, input: { orderNo: string; refundId: number }): ChangeOutcome;
  /** `formToken`: the order page's rendering; the same form posted again (a reload) sends nothing more. */
  resendDelivery(operator: SignedInOperator, input: { orderNo: string; formToken: string }): ChangeOutcome;
  findMembers(query: string): MemberSummary[];
  lockMember(operator: SignedInOperator, input: { memberId: number; locked: boolean }): ChangeOutcome;
}

// ─── coupon activities (decision 064) ────────────────────────────────────

export type ActivityState = "未开始" | "进行中" | "已结束" | "已停用";

export interface ActivityRow {
  activityNo: string;
  name: string;
  couponType: string;
  /** What it takes off, in words: ￥10.00, 9折（最多减 ￥30.00） */
  terms: string;
  /** Minimum goods amount (cents); 0 = none. */
  threshold: number;
  claimStartAt: number | null;
  claimEndAt: number | null;
  /** FIXED (the activity's window) or DAYS (N days from the claim). */
  validityMode: string;
  /** How long a claimed coupon is valid, in words. */
  validity: string;
  totalStock: number;
  claimed: number;
  used: number;
  perMemberLimit: number;
  goodsScope: string[];
  state: ActivityState;
  stoppedAt: number | null;
}

export interface ActivityEdit extends ActivityRow {
  /** SALE_OFF: cents off; null for a DISCOUNT activity. */
  amountOff: number | null;
  /** DISCOUNT: percent off (a 8.5折 coupon is 15) and the most it takes off (cents); null for SALE_OFF. */
  discountPercent: number | null;
  maxDiscount: number | null;
  /** DAYS: how many days a claimed coupon lasts; null for FIXED. */
  validDays: number | null;
  /** Claimed coupons not used yet (what stopping may void). */
  unusedClaimed: number;
}

/** What the activity form sends, as typed (yuan, Shanghai wall-clock times); the service checks it. */
export interface ActivityFields {
  name: string;
  /** SALE_OFF (满减, the default) or DISCOUNT (折扣). */
  couponType?: string;
  /** SALE_OFF: yuan off. */
  amount: string;
  /** DISCOUNT: the 折 (8.5) and the most it takes off (yuan). */
  discount?: string;
  maxDiscount?: string;
  threshold: string;
  /** FIXED (the activity's window, the default) or DAYS (validDays from the claim). */
  validityMode?: string;
  validDays?: string;
  startAt: string;
  endAt: string;
  totalStock: string;
  perMemberLimit: string;
  /** Goods numbers separated by commas, spaces or lines; empty = every goods. */
  goodsScope: string;
}

export interface BackOfficeServices {
  listActivities(): ActivityRow[];
  activityForEdit(activityNo: string): ActivityEdit | null;
  /** A fresh activity number for a new activity's form: the same form posted twice creates one activity. */
  newActivityNo(): string;
  createActivity(operator: SignedInOperator, activityNo: string, fields: ActivityFields): ChangeOutcome;
  updateActivity(operator: SignedInOperator, activityNo: string, fields: ActivityFields): ChangeOutcome;
  /** Stops claims at once; `voidUnused` also voids claimed coupons not used yet (INVALID). */
  stopActivity(operator: SignedInOperator, activityNo: string, options: { voidUnused: boolean }): ChangeOutcome;
}
