import type { Logger } from "pino";
import type { Store } from "../../db/client";
import type { Config } from "../config";

/** What every router and job of the trade services is built from. */
export interface TradeDeps {
  config: Config;
  store: Store;
  logger: Logger;
  /** The clock, so tests can move time. */
  now(): number;
}
