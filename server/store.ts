// The trade services' database, ready to serve: created when missing, migrated by openStore, and
// seeded with the demo (and its images generated) only with DEMO=1; a shop outside the demo starts
// empty and its storefront says 正在筹备中 until goods are on its home page (decision 049). The
// seed comes from the entry point (boot.ts): the server does not import seed/.
import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { openStore, StoreError, type Store } from "../db/client";
import type { Config } from "./config";
import { messageWarnings } from "./config-messages";

export { StoreError };

export interface Seeder {
  /** Fills a database just created with the demo: catalogue, accounts, orders and codes. */
  seed(store: Store, options: { mediaDir: string }): { counts: Record<string, number> };
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
  // an upgrade's migrations, each once (a new database's are its creation, logged below)
  if (!fresh) for (const migration of store.migrationsApplied) logger.info({ dbFile: config.dbFile, migration }, "migration applied");
  if (fresh && config.demo) {
    // demo goods, coupons, accounts (published password demo123456), orders and codes
    const summary = seeder.seed(store, { mediaDir: config.mediaDir });
    logger.info(
      { dbFile: config.dbFile, schema: store.migrationsApplied.at(-1), goods: summary.counts.goods, demo: true },
      "database created and seeded with the demo",
    );
  } else if (fresh) {
    logger.info(
      { dbFile: config.dbFile, schema: store.migrationsApplied.at(-1), demo: false },
      "database created empty: the storefront says 正在筹备中 until goods are imported (npm run admin -- goods:import)",
    );
  }
  if (config.payProvider === "none") {
    logger.warn("no payment provider (PAY_PROVIDER=none): order creation answers 503 支付通道未开通 until one is configured");
  }
  if (config.messages) {
    const { sms, mail } = config.messages;
    logger.info({ sms: sms.provider, mail: mail.provider }, "message providers");
    for (const warning of messageWarnings(config.messages)) logger.warn(warning);
  }
  if (config.demo && !existsSync(config.mediaDir)) seeder.images(config.mediaDir);
  return store;
}
