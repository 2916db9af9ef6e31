// `npm run seed`: recreates the demo data in DB_FILE (default data/shop.sqlite), its images beside it, and prints
// the demo accounts and orders. A file of its own so that importing the seed (boot.ts, the tests) never runs it.
// It refuses an existing database the demo seed did not write (decision 049): a shop's real data stays.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { openStore } from "../db/client";
import { isDemoDatabase } from "../server/trade/services/shop-settings.service";
import { seedDatabase, type SeedSummary } from "./seed";

function printSummary(s: SeedSummary, dbFile: string, mediaDir: string): void {
  const lines = [
    `已写入演示数据 → ${dbFile}（图片：${mediaDir}）`,
    `  表行数: ${Object.entries(s.counts)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t}=${n}`)
      .join(", ")}`,
    ...s.members.map((m) => `  演示账户: ${m.mobile} / ${m.password}（${m.memberName}）`),
    `  即将售罄: ${s.nearlySoldOutSku.skuNo} ${s.nearlySoldOutSku.name}（剩 2 个兑换码）`,
    `  已售罄:   ${s.soldOutSku.skuNo} ${s.soldOutSku.name}`,
    `  会员 1 订单:`,
    ...Object.entries(s.ordersByStatus).map(([status, nos]) => `    ${status.padEnd(12)} ${nos.join(", ")}`),
    `    预售待发货 ${s.presaleOrderNo}；缺货待补 ${s.outOfStockOrderNo}`,
    `  会员 2 订单: ${s.secondMemberOrderNos.join(", ")}`,
  ];
  console.log(lines.join("\n"));
}

const dbFile = process.env.DB_FILE ?? "data/shop.sqlite";
const mediaDir = join(dirname(resolve(dbFile)), "media");
const existed = existsSync(dbFile);
const store = openStore(dbFile);
try {
  if (existed && !isDemoDatabase(store.db)) {
    console.error(
      `npm run seed 只能重建演示数据库，${dbFile} 不是（它会清空全部数据并写入公开密码的演示账户）。若这是本版本之前创建的演示数据库，删除它后重新运行`,
    );
    process.exitCode = 1;
  } else {
    printSummary(seedDatabase(store, { mediaDir }), dbFile, mediaDir);
  }
} finally {
  store.close();
}
