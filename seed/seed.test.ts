import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "../db/client";
import { verifyPassword } from "../server/trade/domain/password";
import { DEMO_PASSWORD } from "./data";
import { generateImages, renderImages } from "./images";
import { seedDatabase, type SeedSummary } from "./seed";
import { isDemoDatabase } from "../server/trade/services/shop-settings.service";

const NOW = Date.UTC(2026, 10, 22, 2, 30, 0);
const DAY = 86_400_000;

type Row = Record<string, unknown>;

function all(store: Store, sql: string, ...params: unknown[]): Row[] {
  return store.sqlite.prepare(sql).all(...params) as Row[];
}

function one(store: Store, sql: string, ...params: unknown[]): Row {
  const row = store.sqlite.prepare(sql).get(...params) as Row | undefined;
  if (!row) throw new Error(`no row for ${sql}`);
  return row;
}

function json<T>(value: unknown): T {
  return JSON.parse(String(value)) as T;
}

function dump(store: Store): Record<string, Row[]> {
  const tables = store.sqlite
    // ordinary and virtual tables; FTS5's shadow tables are its own business
    .prepare("SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual') AND name NOT LIKE '__drizzle%' ORDER BY name")
    .pluck()
    .all() as string[];
  return Object.fromEntries(tables.map((t) => [t, all(store, `SELECT * FROM "${t}" ORDER BY rowid`)]));
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((f) => join(dir, f))
    .filter((f) => statSync(f).isFile());
}

let mediaDir: string;
let store: Store;
let summary: SeedSummary;

beforeAll(() => {
  mediaDir = mkdtempSync(join(tmpdir(), "seed-media-"));
  store = openStore(":memory:");
  summary = seedDatabase(store, { mediaDir, now: NOW });
});

afterAll(() => {
  store.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe("determinism", () => {
  it("re-seeding the same store gives identical rows", () => {
    const first = dump(store);
    const again = seedDatabase(store, { mediaDir, now: NOW });
    expect(dump(store)).toEqual(first);
    expect(again).toEqual(summary);
  });

  it("a fresh store gets the same rows", () => {
    const other = openStore(":memory:");
    try {
      seedDatabase(other, { mediaDir, now: NOW });
      expect(dump(other)).toEqual(dump(store));
    } finally {
      other.close();
    }
  });

  it("re-seeding wipes rows added since", () => {
    store.sqlite.prepare("INSERT INTO outbox_messages (channel, recipient, body) VALUES ('SMS', '+86-13800138000', 'x')").run();
    store.sqlite.prepare("INSERT INTO login_attempts (mobile, client_ip, success) VALUES ('+86-13800138000', '127.0.0.1', 0)").run();
    seedDatabase(store, { mediaDir, now: NOW });
    expect(one(store, "SELECT count(*) n FROM login_attempts").n).toBe(0);
    expect(one(store, "SELECT count(*) n FROM outbox_messages").n).toBe(summary.counts.outbox_messages);
  });

  it("summary counts match the tables", () => {
    for (const [table, n] of Object.entries(summary.counts)) {
      expect(one(store, `SELECT count(*) n FROM "${table}"`).n, table).toBe(n);
    }
  });
});

describe("catalogue", () => {
  it("has at least 44 goods across every platform", () => {
    expect(summary.counts.goods).toBeGreaterThanOrEqual(44);
    const platforms = all(store, "SELECT DISTINCT platform FROM goods").map((r) => r.platform);
    expect(platforms.sort()).toEqual(["GIFT_CARD", "MOBILE", "NINTENDO", "PSN", "STEAM", "XBOX"]);
    expect(all(store, "SELECT goods_no FROM goods WHERE goods_no NOT GLOB 'G[0-9][0-9][0-9][0-9]'")).toEqual([]);
  });

  it("prices live on the SKUs only: every goods has an enabled SKU, each original price not below its sale price", () => {
    expect(all(store, "SELECT name FROM pragma_table_info('goods') WHERE name LIKE '%price%'")).toEqual([]);
    for (const s of all(store, "SELECT * FROM skus")) expect(Number(s.origin_price_cny), String(s.sku_no)).toBeGreaterThanOrEqual(Number(s.price_turn_cny));
    for (const g of all(store, "SELECT * FROM goods")) {
      expect(one(store, "SELECT count(*) n FROM skus WHERE goods_no = ? AND disabled = 0", g.goods_no).n, String(g.goods_no)).toBeGreaterThan(0);
      const tags = json<string[]>(g.goods_tags);
      expect(tags.length).toBeGreaterThanOrEqual(2);
      expect(tags.length).toBeLessThanOrEqual(4);
    }
  });

  it("SKU trees: 3 levels for 12+ goods, leaves carry SKUs, some nodes disabled", () => {
    const depths = all(
      store,
      `WITH RECURSIVE d(id, goods_no, depth) AS (
         SELECT id, goods_no, 1 FROM spec_nodes WHERE parent_id IS NULL
         UNION ALL SELECT n.id, n.goods_no, d.depth + 1 FROM spec_nodes n JOIN d ON n.parent_id = d.id)
       SELECT goods_no, max(depth) depth FROM d GROUP BY goods_no`,
    );
    expect(depths.length).toBe(summary.counts.goods);
    expect(depths.filter((d) => d.depth === 3).length).toBeGreaterThanOrEqual(12);
    expect(depths.filter((d) => d.depth === 2).length).toBeGreaterThan(0);
    expect(depths.filter((d) => d.depth === 1).length).toBeGreaterThan(0);
    expect(all(store, "SELECT id FROM spec_nodes WHERE disabled = 1").length).toBeGreaterThan(3);

    const leaves = all(store, "SELECT * FROM spec_nodes n WHERE NOT EXISTS (SELECT 1 FROM spec_nodes c WHERE c.parent_id = n.id)");
    expect(leaves.every((n) => n.sku_no !== null)).toBe(true);
    expect(one(store, "SELECT count(*) n FROM spec_nodes WHERE sku_no IS NOT NULL").n).toBe(summary.counts.skus);
    expect(one(store, "SELECT count(*) n FROM spec_nodes WHERE sku_no IS NOT NULL AND id IN (SELECT parent_id FROM spec_nodes)").n).toBe(0);
  });

  it("SKUs carry their spec choices plus the SALE_OFF original price", () => {
    for (const sku of all(store, "SELECT * FROM skus")) {
      expect(sku.sku_no).toMatch(/^G\d{4}-S\d{2}$/);
      const spec = json<{ sku_spec_key: string; sku_spec_value: string }[]>(sku.sku_spec);
      const last = spec[spec.length - 1];
      expect(last).toEqual({ sku_spec_key: "SALE_OFF", sku_spec_value: String(sku.origin_price_cny) });
      expect(
        spec
          .slice(0, -1)
          .map((s) => s.sku_spec_value)
          .join(" / "),
      ).toBe(sku.sku_name);
      expect(sku.redemption_url).toMatch(/^https:\/\//);
      expect(Number(sku.origin_price_cny)).toBeGreaterThanOrEqual(Number(sku.price_turn_cny));
    }
    expect(one(store, "SELECT redemption_url u FROM skus WHERE sku_no = 'G1001-S01'").u).toBe("https://store.steampowered.com/account/registerkey");
  });

  it("has presale, region-restricted goods and the topic extras", () => {
    const presale = all(store, "SELECT * FROM goods WHERE is_presale = 1");
    expect(presale.length).toBeGreaterThanOrEqual(3);
    expect(presale.every((g) => Number(g.presale_performance_at) > NOW)).toBe(true);
    expect(one(store, "SELECT count(*) n FROM goods WHERE region_restricted = 1").n).toBeGreaterThanOrEqual(6);
    const keys = ["TAG", "performance", "TOPIC_BG_IMAGE", "TOPIC_MAIN_IMAGE", "TOPIC_SUB_IMAGES", "TOPIC_SIDE_IMAGE", "TOPIC_TAGS"];
    for (const key of keys) {
      expect(one(store, "SELECT count(*) n FROM goods_extras WHERE extra_key = ?", key).n, key).toBe(summary.counts.goods);
    }
    // the discount (SALE_OFF) is worked out from the prices by the goods detail, never stored
    expect(one(store, "SELECT count(*) n FROM goods_extras WHERE extra_key = 'SALE_OFF'").n).toBe(0);
    for (const e of all(store, "SELECT extra_value FROM goods_extras WHERE extra_key IN ('TOPIC_TAGS', 'TOPIC_SUB_IMAGES')")) {
      expect(Array.isArray(json(e.extra_value))).toBe(true);
    }
  });
});

describe("codes", () => {
  it("stocks 20–60 unused codes per SKU, except the nearly sold out and sold out ones", () => {
    const rows = all(
      store,
      "SELECT s.sku_no, count(c.id) total, coalesce(sum(c.status = 'UNUSED'), 0) unused FROM skus s LEFT JOIN cdkeys c USING (sku_no) GROUP BY s.sku_no",
    );
    for (const r of rows) {
      if (r.sku_no === summary.nearlySoldOutSku.skuNo) expect(r.unused).toBe(2);
      else if (r.sku_no === summary.soldOutSku.skuNo) expect(r.total).toBe(0);
      else {
        expect(Number(r.unused), String(r.sku_no)).toBeGreaterThanOrEqual(20);
        expect(Number(r.unused), String(r.sku_no)).toBeLessThanOrEqual(60);
      }
    }
  });

  it("codes look like the platform's own", () => {
    const formats: Record<string, RegExp> = {
      STEAM: /^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/,
      NINTENDO: /^[A-Z0-9]{16}$/,
      PSN: /^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/,
      XBOX: /^([A-Z0-9]{5}-){4}[A-Z0-9]{5}$/,
      MOBILE: /^([A-Z0-9]{4}-){3}[A-Z0-9]{4}$/,
      GIFT_CARD: /^([A-Z0-9]{4}-){3}[A-Z0-9]{4}$/,
    };
    for (const [platform, format] of Object.entries(formats)) {
      const codes = all(store, "SELECT c.code FROM cdkeys c JOIN skus USING (sku_no) JOIN goods g USING (goods_no) WHERE g.platform = ? LIMIT 50", platform);
      expect(codes.length).toBeGreaterThan(0);
      for (const c of codes) expect(c.code).toMatch(format);
    }
  });

  it("delivered codes belong to their order's performance rows", () => {
    const delivered = all(store, "SELECT * FROM cdkeys WHERE status = 'DELIVERED'");
    expect(delivered.length).toBe(summary.counts.order_performances);
    for (const c of delivered) {
      const p = one(store, "SELECT * FROM order_performances WHERE cdkey_id = ?", c.id);
      expect(p.order_no).toBe(c.order_no);
      expect(p.value).toBe(c.code);
      expect(c.delivered_at).not.toBeNull();
    }
  });
});

describe("layout and content", () => {
  const blocks = (page: string) =>
    all(store, "SELECT b.*, (SELECT count(*) FROM layout_items i WHERE i.block_id = b.id) items FROM layout_blocks b WHERE page_type = ? ORDER BY sort", page);

  it("home has every style type, a WINDOW block and an empty block", () => {
    const home = blocks("HOME");
    const byStyle = (s: string) => home.filter((b) => b.style_type === s);
    for (const s of ["BANNER", "SINGLE_ROW", "HORIZ_BANNER", "SIDE_SLIP", "COLUMN_TILING", "WINDOW"]) {
      expect(byStyle(s).length, s).toBeGreaterThan(0);
    }
    expect(home.some((b) => b.items === 0)).toBe(true);
    expect(byStyle("BANNER")[0]?.items).toBe(5);
    expect(byStyle("SIDE_SLIP").some((b) => Number(b.items) >= 7 && json<Row>(b.settings).COUNT_DOWN)).toBe(true);
    const tilings = byStyle("COLUMN_TILING").map((b) => [json<{ TILING: { tiling_num: number } }>(b.settings).TILING.tiling_num, b.items]);
    expect(tilings.some(([n, items]) => n === 5 && Number(items) >= 10)).toBe(true);
    expect(tilings.some(([n, items]) => n === 4 && items === 8)).toBe(true);
  });

  it("the single-row countdown is open and ends in about two days", () => {
    const row = blocks("HOME").find((b) => b.style_type === "SINGLE_ROW" && json<Row>(b.settings).COUNT_DOWN);
    const cd = json<{ COUNT_DOWN: Record<string, unknown> }>(row?.settings).COUNT_DOWN;
    expect(cd.open).toBe(true);
    const left = Number(cd.count_down_end) * 1000 - NOW;
    expect(left).toBeGreaterThan(1.5 * DAY);
    expect(left).toBeLessThan(2.5 * DAY);
    // spec/01 §4 shows 0 once the start is reached: the countdown starts at its end
    expect(Number(cd.count_down_start)).toBe(Number(cd.count_down_end));
    expect(cd.timer_image).toBe("/media/blocks/timer.svg");
  });

  it("items cover every link type and set goods_no with GOODS", () => {
    const items = all(store, "SELECT * FROM layout_items");
    const jumps = new Set(items.map((i) => json<Record<string, { value?: string }>>(i.assembly).JUMP?.value).filter(Boolean));
    for (const t of ["NO_REDIRECT", "INTERNAL_WEB", "EXTERNAL_WEB", "PAGE_REDIRECT", "GOODS_DETAIL"]) expect(jumps.has(t), t).toBe(true);
    for (const i of items) {
      const a = json<Record<string, { value?: string }>>(i.assembly);
      expect(i.goods_no ?? null).toBe(a.GOODS?.value ?? null);
    }
  });

  it("hot search, recommendations and rich text", () => {
    expect(blocks("HOT_SEARCH").map((b) => [b.style_type, b.items])).toEqual([["HOT_SEARCH", 8]]);
    for (const page of ["PRODUCT_DETAIL", "ORDER_DETAIL"]) {
      const [b] = blocks(page);
      expect(b?.style_type).toBe("RECOMMEND");
      expect(Number(b?.items)).toBeGreaterThanOrEqual(8);
    }
    const renders = blocks("PROMOTION_RENDER");
    expect(renders.length).toBeGreaterThanOrEqual(8);
    for (const r of renders) {
      expect(one(store, "SELECT count(*) n FROM goods WHERE goods_no = ?", r.render_id).n).toBe(1);
      const [item] = all(store, "SELECT assembly FROM layout_items WHERE block_id = ?", r.id);
      const html = json<{ RICHTEXT: { value: string } }>(item?.assembly).RICHTEXT.value;
      expect(html).toMatch(/^<h3>/);
      expect(html).not.toMatch(/<script|on\w+=/i);
      expect(html).toContain(`/media/goods/${String(r.render_id)}/`);
    }
  });

  it("popup adverts of every frequency", () => {
    const periods = all(store, "SELECT pop_period FROM popup_adverts WHERE page_type = 'HOME' ORDER BY sort").map((r) => r.pop_period);
    expect([...periods].sort()).toEqual(["EVERY_DAY", "EVERY_TIMES", "EVERY_USER"]);
  });
});

describe("promotions", () => {
  it("activities: both types, both validity modes, auto grant, nearly out, scoped", () => {
    const acts = all(store, "SELECT * FROM coupon_activities");
    expect(acts.length).toBeGreaterThanOrEqual(8);
    expect(new Set(acts.map((a) => a.coupon_type))).toEqual(new Set(["SALE_OFF", "DISCOUNT"]));
    expect(new Set(acts.map((a) => a.validity_mode))).toEqual(new Set(["FIXED", "DAYS"]));
    expect(acts.filter((a) => a.auto_grant === 1).length).toBe(1);
    expect(acts.some((a) => a.total_stock === Number(a.claimed_count) + 1)).toBe(true);
    expect(acts.some((a) => json<string[]>(a.goods_scope).length > 0)).toBe(true);
    for (const a of acts) {
      expect(a.activity_no).toMatch(/^ACT\d{3}$/);
      const n = one(store, "SELECT count(*) n FROM coupons WHERE activity_no = ?", a.activity_no).n;
      expect(a.claimed_count, String(a.activity_no)).toBe(n);
      if (a.coupon_type === "SALE_OFF") expect(Number(a.amount_off)).toBeGreaterThan(0);
      else expect(Number(a.discount_percent)).toBeGreaterThan(0);
    }
  });

  it("the first member has coupons in every status, with due-soon ones", () => {
    const coupons = all(store, "SELECT * FROM coupons WHERE member_id = 1");
    const statuses = new Set(coupons.map((c) => c.status));
    for (const s of ["UNUSED", "LOCKED", "USED", "INVALID"]) expect(statuses.has(s), s).toBe(true);
    const active = coupons.filter((c) => c.status === "UNUSED");
    expect(active.some((c) => Number(c.use_time_end) < NOW)).toBe(true);
    expect(active.some((c) => Number(c.use_time_end) > NOW && Number(c.use_time_end) - NOW < DAY)).toBe(true);
    expect(active.some((c) => Number(c.use_time_end) - NOW > 2 * DAY && Number(c.use_time_end) - NOW < 3 * DAY)).toBe(true);
    for (const c of coupons) expect(c.coupon_no).toMatch(/^CP\d{10}$/);
    const locked = coupons.find((c) => c.status === "LOCKED");
    expect(one(store, "SELECT status FROM orders WHERE order_no = ?", locked?.order_no).status).toBe("WAIT_PAY");
    const used = coupons.find((c) => c.status === "USED");
    expect(one(store, "SELECT pay_at FROM orders WHERE order_no = ?", used?.order_no).pay_at).not.toBeNull();
  });
});

describe("members and orders", () => {
  it("two demo members with the demo password", () => {
    const members = all(store, "SELECT * FROM members ORDER BY member_id");
    expect(members.map((m) => m.mobile)).toEqual(["+86-13800138000", "+86-13900139000"]);
    for (const m of members) expect(verifyPassword(DEMO_PASSWORD, String(m.password_hash))).toBe(true);
    expect(members[0]?.email).toBe("player8000@example.com");
    expect(summary.members.map((m) => m.mobile)).toEqual(["+86-13800138000", "+86-13900139000"]);
  });

  it("the first member has an order in every status", () => {
    for (const s of ["WAIT_PAY", "PAY_FAIL", "PAY_SUCCESS", "SENDING", "SEND_SUCCESS", "PART_REFUND", "ALL_REFUND", "CLOSE"] as const) {
      expect(summary.ordersByStatus[s]?.length, s).toBeGreaterThan(0);
    }
    expect(summary.ordersByStatus.SEND_SUCCESS?.length).toBeGreaterThanOrEqual(2);
    const statuses = all(store, "SELECT status FROM orders WHERE member_id = 2 ORDER BY status").map((o) => o.status);
    expect(statuses).toEqual(["CLOSE", "SEND_SUCCESS"]);
  });

  it("money, times and delivery are consistent", () => {
    for (const o of all(store, "SELECT * FROM orders")) {
      const label = String(o.order_no);
      expect(label).toMatch(/^TT\d{8}\d{6}$/);
      const unit = one(store, "SELECT * FROM order_units WHERE order_no = ?", o.order_no);
      const discount = one(store, "SELECT coalesce(sum(discount), 0) d FROM order_coupons WHERE order_no = ?", o.order_no).d;
      expect(o.goods_amount, label).toBe(unit.unit_price);
      expect(o.coupon_amount, label).toBe(discount);
      expect(o.pay_price, label).toBe(Number(o.goods_amount) - Number(o.coupon_amount));
      expect(["WX", "ALIPAY"]).toContain(o.pay_way);
      const paid = o.pay_at !== null;
      const notes = all(store, "SELECT * FROM payment_notifications WHERE order_no = ?", o.order_no);
      if (paid) expect(notes.map((n) => [n.trade_status, n.outcome, n.amount])).toEqual([["SUCCESS", "APPLIED", o.pay_price]]);
      const performances = all(store, "SELECT * FROM order_performances WHERE order_no = ?", o.order_no);
      const delivered = ["SEND_SUCCESS", "PART_REFUND", "ALL_REFUND"].includes(String(o.status));
      expect(performances.length, label).toBe(delivered ? 1 : 0);
      if (delivered) {
        const sku = one(store, "SELECT redemption_url FROM skus WHERE sku_no = ?", unit.sku_no);
        expect(performances[0]).toMatchObject({ title: "兑换码", copy: 1, url_title: "兑换地址", url_value: sku.redemption_url });
        const channels = all(store, "SELECT channel FROM outbox_messages WHERE order_no = ? ORDER BY channel", o.order_no).map((m) => m.channel);
        expect(channels).toEqual(["MAIL", "SMS"]);
        expect(o.fulfil_after).toBeNull();
      }
      if (o.status === "WAIT_PAY" || o.status === "PAY_FAIL") expect(Number(o.pay_expire_at)).toBeGreaterThan(NOW);
      if (o.status === "CLOSE") expect(o.closed_at).not.toBeNull();
      if (o.status === "PAY_SUCCESS" || o.status === "SENDING") {
        const due = unit.is_presale ? unit.presale_performance_at : null;
        if (due) expect(o.fulfil_after).toBe(due);
        else expect(Number(o.fulfil_after)).toBeLessThan(NOW);
      }
    }
  });

  it("the presale and out-of-stock orders", () => {
    const presale = one(
      store,
      "SELECT o.*, u.is_presale, u.presale_performance_at p FROM orders o JOIN order_units u USING (order_no) WHERE order_no = ?",
      summary.presaleOrderNo,
    );
    expect(presale.is_presale).toBe(1);
    expect(Number(presale.p)).toBeGreaterThan(NOW);
    const waiting = one(store, "SELECT o.*, u.sku_no FROM orders o JOIN order_units u USING (order_no) WHERE order_no = ?", summary.outOfStockOrderNo);
    expect(waiting.status).toBe("SENDING");
    expect(waiting.notice).toBe("库存不足，正在补货，请耐心等待");
    expect(waiting.sku_no).toBe(summary.soldOutSku.skuNo);
  });
});

describe("images", () => {
  it("every /media URL stored in the database exists as a generated file", () => {
    const urls = new Set<string>();
    for (const rows of Object.values(dump(store))) {
      for (const row of rows) {
        for (const value of Object.values(row)) {
          if (typeof value !== "string") continue;
          for (const m of value.matchAll(/\/media\/[\w\-./]+/g)) urls.add(m[0]);
        }
      }
    }
    expect(urls.size).toBeGreaterThan(100);
    for (const url of urls) expect(existsSync(join(mediaDir, url.slice("/media/".length))), url).toBe(true);
  });

  it("every image is a small SVG with explicit size and viewBox", () => {
    const files = listFiles(mediaDir);
    expect(files.length).toBe(renderImages().size);
    for (const file of files) {
      const svg = readFileSync(file, "utf8");
      expect(Buffer.byteLength(svg), file).toBeLessThan(6 * 1024);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="\d+" viewBox="0 0 \d+ \d+">/);
    }
    const size = (path: string) => /width="(\d+)" height="(\d+)"/.exec(readFileSync(join(mediaDir, path), "utf8"))?.slice(1);
    expect(size("goods/G1001/cover.svg")).toEqual(["600", "338"]);
    expect(size("goods/G1001/bg.svg")).toEqual(["1920", "600"]);
    expect(size("banners/banner-5.svg")).toEqual(["1200", "400"]);
    expect(size("adverts/advert-3.svg")).toEqual(["480", "640"]);
    expect(size("blocks/timer.svg")).toEqual(["240", "60"]);
  });

  it("generation is byte-for-byte deterministic", () => {
    const other = mkdtempSync(join(tmpdir(), "seed-media-"));
    try {
      generateImages(other);
      for (const file of listFiles(mediaDir)) {
        expect(readFileSync(join(other, relative(mediaDir, file))).equals(readFileSync(file))).toBe(true);
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("the demo mark (decision 049)", () => {
  it("the demo seed marks its database a demo one; a database it did not write is not", () => {
    expect(isDemoDatabase(store.db)).toBe(true);
    const other = openStore(":memory:");
    try {
      expect(isDemoDatabase(other.db)).toBe(false);
    } finally {
      other.close();
    }
  });
});
