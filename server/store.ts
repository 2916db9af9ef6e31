// The trade services' database, ready to serve: created and seeded when missing (the demo's
// accounts only with DEMO=1), migrated by openStore, and the seed's images generated.
import { existsSync } from "node:fs";
import type { Logger } from "pino";
import { openStore, type Store } from "../db/client";
import { generateImages } from "../seed/images";
import { seedCatalogue, seedDatabase } from "../seed/seed";
import type { Config } from "./config";

export function prepareStore(config: Config, logger: Logger): Store {
  const fresh = config.dbFile === ":memory:" || !existsSync(config.dbFile);
  const store = openStore(config.dbFile);
  if (fresh) {
    // demo accounts (published password demo123456), their orders and the seed's codes only in the demo
    const summary = config.demo ? seedDatabase(store, { mediaDir: config.mediaDir }) : seedCatalogue(store, { mediaDir: config.mediaDir });
    logger.info(
      { dbFile: config.dbFile, goods: summary.counts.goods, demo: config.demo },
      config.demo ? "database created and seeded with the demo" : "database created with the catalogue only (no accounts, orders or codes)",
    );
  }
  if (config.payProvider === "none") {
    logger.warn("no payment provider (PAY_PROVIDER=none): order creation answers 503 支付通道未开通 until one is configured");
  }
  if (!existsSync(config.mediaDir)) generateImages(config.mediaDir);
  return store;
}
