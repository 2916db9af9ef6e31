// What the bench puts into its temp database: the demo seed, then (for the scaling figures) a
// catalogue grown to 1k/10k/100k goods (one transaction each, then the search indexes merged) and
// a member with 10k orders, plus stock and credentials for the load.
import { join } from "node:path";
import { openStore, type Store } from "../../db/client";
import { optimizeSearchIndexes } from "../../server/trade/services/goods.service";
import { issueCredential } from "../../server/trade/services/session.service";
import { createRng, type Rng } from "../../seed/random";
import { seedDatabase, type SeedSummary } from "../../seed/seed";

export function createSeededDb(dir: string): { dbFile: string; summary: SeedSummary } {
  const dbFile = join(dir, "shop.sqlite");
  const store = openStore(dbFile);
  const summary = seedDatabase(store, { mediaDir: join(dir, "media") });
  store.close();
  return { dbFile, summary };
}

export function withStore<T>(dbFile: string, work: (store: Store) => T): T {
  const store = openStore(dbFile);
  try {
    return work(store);
  } finally {
    store.close();
  }
}

export function credentialFor(dbFile: string, memberId: number): string {
  return withStore(dbFile, (store) => issueCredential(store.db, memberId, Date.now()).token);
}

// ─── a larger catalogue ────────────────────────────────────────────────

const HANZI =
  "天地玄黄宇宙洪荒日月盈昃辰宿列张寒来暑往秋收冬藏龙师火帝鸟官人皇剑侠情缘仙灵幻想传说英雄王者荣耀战神魔兽世界星际争霸使命召唤刺客信条古墓丽影生化危机最终幻想勇者斗恶龙怪物猎人塞尔达宝可梦马里奥赛车派对动物森友会原神崩坏铁道绝区零鸣潮明日方舟碧蓝航线阴阳师梦幻西游大话逆水寒永劫无间黑神话悟空只狼艾尔登法环双人成行";
const EDITIONS = ["标准版", "豪华版", "终极版", "季票", "年度版", "数字版", "典藏版", "充值卡", "点卡", "礼包"];
const PLATFORMS = ["STEAM", "NINTENDO", "PSN", "XBOX", "MOBILE", "GIFT_CARD"] as const;
const PLATFORM_WORDS: Record<(typeof PLATFORMS)[number], string> = {
  STEAM: "Steam",
  NINTENDO: "Switch",
  PSN: "PlayStation",
  XBOX: "Xbox",
  MOBILE: "手游",
  GIFT_CARD: "礼品卡",
};
const TAGS = ["国区", "港区", "全球", "激活码", "秒发", "预售", "充值", "会员"];

function generatedName(rng: Rng): { name: string; platform: (typeof PLATFORMS)[number] } {
  const platform = rng.pick(PLATFORMS);
  let title = "";
  for (let i = rng.int(2, 5); i > 0; i -= 1) title += HANZI[rng.int(0, HANZI.length - 1)];
  return { name: `${title} ${rng.pick(EDITIONS)} ${PLATFORM_WORDS[platform]}`, platform };
}

/** Adds generated on-sale goods until the catalogue has `total`; returns how many were added. */
export function growCatalogue(dbFile: string, total: number): number {
  return withStore(dbFile, (store) => {
    const have = (store.sqlite.prepare("SELECT count(*) FROM goods").pluck().get() as number) ?? 0;
    const covers = store.sqlite.prepare("SELECT covers FROM goods LIMIT 1").pluck().get() as string;
    const insert = store.sqlite.prepare(
      `INSERT INTO goods (goods_no, goods_name, goods_desc, platform, covers, goods_tags, status, sort, created_at)
       VALUES (?, ?, '', ?, ?, ?, 'ON_SALE', ?, ?)`,
    );
    // a goods' prices are its SKUs' (migration 0013): one SKU each
    const insertSku = store.sqlite.prepare(
      "INSERT INTO skus (sku_no, goods_no, sku_name, price_turn_cny, origin_price_cny) VALUES (? || '-S01', ?, '标准版', ?, ?)",
    );
    const rng = createRng(`bench-goods-${have}`);
    const now = Date.now();
    store.sqlite.transaction(() => {
      for (let i = have; i < total; i += 1) {
        const { name, platform } = generatedName(rng);
        const tags = [...new Set([rng.pick(TAGS), rng.pick(TAGS)])];
        const origin = rng.int(10, 800) * 100;
        const goodsNo = `B${String(i).padStart(7, "0")}`;
        insert.run(goodsNo, name, platform, covers, JSON.stringify(tags), rng.int(0, 999), now);
        insertSku.run(goodsNo, goodsNo, origin - rng.int(0, origin / 200) * 100, origin);
      }
    })();
    // as an import of goods should end: the search indexes merged (goods.service.ts)
    optimizeSearchIndexes(store.db);
    return Math.max(0, total - have);
  });
}

/** Keywords a shopper might type: 3–4 characters out of generated or seeded names (mostly few matches). */
export function searchKeywords(dbFile: string, count: number): string[] {
  return withStore(dbFile, (store) => {
    // titles of 3 or more characters (the API trims spaces, and shorter keywords take the LIKE path)
    const titles = (
      store.sqlite
        .prepare("SELECT goods_name FROM goods ORDER BY random() LIMIT ?")
        .pluck()
        .all(count * 4) as string[]
    )
      .map((name) => name.split(" ")[0]!)
      .filter((title) => [...title].length >= 3)
      .slice(0, count);
    const rng = createRng("bench-keywords");
    return titles.map((title) => {
      const chars = [...title];
      const length = Math.min(chars.length, rng.int(3, 4));
      const start = rng.int(0, chars.length - length);
      return chars.slice(start, start + length).join("");
    });
  });
}

// ─── a member with many orders ─────────────────────────────────────────

/** A new member with `count` orders (one unit each), spread over the past two years. */
export function memberWithOrders(dbFile: string, count: number): number {
  return withStore(dbFile, (store) => {
    const { sqlite } = store;
    const memberId = Number(
      sqlite.prepare("INSERT INTO members (mobile, member_name) VALUES (?, ?)").run(`+86-1990000${String(count).padStart(4, "0").slice(-4)}`, "压测会员")
        .lastInsertRowid,
    );
    const unit = sqlite
      .prepare(
        `SELECT s.sku_no, s.goods_no, s.sku_name, s.price_turn_cny, s.origin_price_cny, g.goods_name, g.goods_tags, g.covers
         FROM skus s JOIN goods g USING (goods_no) WHERE s.disabled = 0 LIMIT 1`,
      )
      .get() as Record<string, string | number>;
    const order = sqlite.prepare(
      `INSERT INTO orders (order_no, member_id, status, pay_way, goods_amount, pay_price, pay_expire_at, pay_at, created_at, updated_at)
       VALUES (?, ?, ?, 'WX', ?, ?, ?, ?, ?, ?)`,
    );
    const orderUnit = sqlite.prepare(
      `INSERT INTO order_units (order_no, goods_no, sku_no, unit_price, origin_price, goods_name, sku_name, goods_tags, covers, sku_options)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, '[]')`,
    );
    const statuses = ["SEND_SUCCESS", "SEND_SUCCESS", "SEND_SUCCESS", "CLOSE", "PAY_SUCCESS", "ALL_REFUND"];
    const rng = createRng("bench-orders");
    const now = Date.now();
    const used = new Set<string>();
    sqlite.transaction(() => {
      for (let i = 0; i < count; i += 1) {
        const createdAt = now - rng.int(1, 730 * 86_400) * 1000;
        const day = new Date(createdAt).toISOString().slice(0, 10).replace(/-/g, "");
        let orderNo: string;
        do orderNo = `TT${day}${String(rng.int(0, 999_999)).padStart(6, "0")}`;
        while (used.has(orderNo));
        used.add(orderNo);
        const status = rng.pick(statuses);
        const price = Number(unit.price_turn_cny);
        order.run(orderNo, memberId, status, price, price, createdAt + 900_000, status === "CLOSE" ? null : createdAt + 60_000, createdAt, createdAt);
        orderUnit.run(orderNo, unit.goods_no, unit.sku_no, price, unit.origin_price_cny, unit.goods_name, unit.sku_name, unit.goods_tags, unit.covers);
      }
    })();
    return memberId;
  });
}

/** The cheapest enabled SKU of a goods, with its price (cents): what the order scenario buys. */
export function skuToBuy(dbFile: string, goodsNo: string): { skuNo: string; goodsNo: string; priceCents: number } {
  return withStore(dbFile, (store) => {
    const row = store.sqlite
      .prepare("SELECT sku_no, price_turn_cny FROM skus WHERE goods_no = ? AND disabled = 0 ORDER BY price_turn_cny LIMIT 1")
      .get(goodsNo) as { sku_no: string; price_turn_cny: number };
    return { skuNo: row.sku_no, goodsNo, priceCents: row.price_turn_cny };
  });
}

/** Adds unused codes to a SKU so that a long run of purchases is delivered, not left waiting for stock. */
export function addStock(dbFile: string, skuNo: string, count: number): void {
  withStore(dbFile, (store) => {
    const insert = store.sqlite.prepare("INSERT INTO cdkeys (sku_no, code) VALUES (?, ?)");
    store.sqlite.transaction(() => {
      for (let i = 0; i < count; i += 1) insert.run(skuNo, `BENCH-${skuNo}-${String(i).padStart(7, "0")}`);
    })();
  });
}
