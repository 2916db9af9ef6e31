// The trade services' database, ready to serve: created and seeded when missing (the demo's
// accounts only with DEMO=1), migrated by openStore, and the seed's images generated. The seed
// comes from the entry point (boot.ts): the server does not import seed/.
import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { openStore, type Store } from "../db/client";
import type { Config } from "./config";
import { messageWarnings } from "./config-messages";

export interface Seeder {
  /** Fills a database just created: the demo's accounts, orders and codes with `demo`, else the catalogue only. */
  seed(store: Store, options: { demo: boolean; mediaDir: string }): { counts: Record<string, number> };
  /** Writes the seed's images into mediaDir. */
  images(mediaDir: string): void;
}

export function prepareStore(config: Config, logger: Logger, seeder: Seeder): Store {
  const fresh = config.dbFile === ":memory:" || !existsSync(config.dbFile);
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
  if (config.messages) {
    const { sms, mail } = config.messages;
    logger.info({ sms: sms.provider, mail: mail.provider }, "message providers");
    for (const warning of messageWarnings(config.messages)) logger.warn(warning);
  }
  if (!existsSync(config.mediaDir)) seeder.images(config.mediaDir);
  return store;
}
