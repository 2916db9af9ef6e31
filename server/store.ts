// The trade services' database, ready to serve: created and seeded when missing (the demo's
// accounts only with DEMO=1), migrated by openStore, and the seed's images generated. The seed
// comes from the entry point (boot.ts): the server does not import seed/.
import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { openStore, StoreError, type Store } from "../db/client";
import type { Config } from "./config";

export { StoreError };

export interface Seeder {
  /** Fills a database just created: the demo's accounts, orders and codes with `demo`, else the catalogue only. */
  seed(store: Store, options: { demo: boolean; mediaDir: string }): { counts: Record<string, number> };
  /** Writes the seed's images into mediaDir. */
  images(mediaDir: string): void;
}

export function prepareStore(config: Config, logger: Logger, seeder: Seeder): Store {
  const fresh = config.dbFile === ":memory:" || !existsSync(config.dbFile);
  if (fresh && !config.createDb) {
    throw new StoreError(
      `数据库文件不存在: ${config.dbFile}。正式环境不会自动新建数据库（以免 DB_FILE 写错时开出一家空店）：请检查 DB_FILE；首次部署请设置 DB_CREATE=1 启动一次 (docs/deploy.md)`,
    );
  }
  const store = openStore(config.dbFile);
  if (fresh) {
    // demo accounts (published password demo123456), their orders and the seed's codes only in the demo
    const summary = seeder.seed(store, { demo: config.demo, mediaDir: config.mediaDir });
    logger.info(
      { dbFile: config.dbFile, goods: summary.counts.goods, demo: config.demo },
      config.demo ? "database created and seeded with the demo" : "database created with the catalogue only (no accounts, orders or codes)",
    );
  }
  if (config.payProvider === "none") {
    logger.warn("no payment provider (PAY_PROVIDER=none): order creation answers 503 支付通道未开通 until one is configured");
  }
  if (!existsSync(config.mediaDir)) seeder.images(config.mediaDir);
  return store;
}
