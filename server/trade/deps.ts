import type { Logger } from "pino";
import type { Store } from "../../db/client";
import type { Config } from "../config";
import { messageSenders, type MessageSenders } from "./providers/message-senders";

/** What every router and job of the trade services is built from. */
export interface TradeDeps {
  config: Config;
  store: Store;
  logger: Logger;
  /** The clock, so tests can move time. */
  now(): number;
  /** The SMS and mail providers; unset: those the configuration names (providers/message-senders.ts). */
  senders?: MessageSenders;
}

/** The providers the outbox relay sends through. */
export function sendersOf(deps: TradeDeps): MessageSenders {
  return (deps.senders ??= messageSenders(deps.config));
}

/**
 * The one argument style of the services that endpoints call: `(deps, member, input)`. `deps` is
 * what they need of TradeDeps (the store and the clock), `member` the caller (null for a visitor
 * where the endpoint allows one). Helpers that run inside another service's transaction take the
 * transaction and the time instead: `(tx, …, now)`.
 */
export type ServiceDeps = Pick<TradeDeps, "store" | "now">;
export interface Caller {
  memberId: number;
}
