import type { Logger } from "pino";
import type { Store } from "../../db/client";
import type { Config } from "../config";
import { messageSenders, type MessageSenders } from "./providers/message-senders";
import type { PayProvider } from "./providers/pay";
import { alipayPay } from "./providers/pay-alipay";
import { sandboxPay } from "./providers/pay-sandbox";
import { wechatPay } from "./providers/pay-wechat";

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

/**
 * The payment provider PAY_PROVIDER names, with its keys, or null (`none`): chosen here and only
 * here (review 2026-11c R1), one per configuration.
 */
export function payProvider(config: Config): PayProvider | null {
  let provider = payProviders.get(config);
  if (provider === undefined) {
    provider = choosePayProvider(config);
    payProviders.set(config, provider);
  }
  return provider;
}

const payProviders = new WeakMap<Config, PayProvider | null>();

function choosePayProvider(config: Config): PayProvider | null {
  const urls = { hkBaseUrl: config.hkBaseUrl, payLinkSecret: config.payLinkSecret };
  switch (config.payProvider) {
    case "sandbox":
      return sandboxPay(config);
    case "alipay":
      return alipayPay(config.alipay!, urls);
    case "wechat":
      return wechatPay(config.wechatPay!, { ...urls, now: Date.now });
    case "none":
      return null;
  }
}
