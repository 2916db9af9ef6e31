// What server/serve.ts gives every request's load context besides the Request, for tests that build one themselves.
import { pino } from "pino";
import { parseEnv } from "../../app/server-only/env.server";
import type { RequestBasics } from "../../app/server-only/session.server";

/**
 * A request's basics: no nonce, a client on loopback, a logger that writes nothing (a test asks the log it reads), and
 * the settings of a test storefront without a configured origin.
 */
export function testBasics(overrides: Partial<RequestBasics> = {}): RequestBasics {
  return { cspNonce: "", clientIp: "127.0.0.1", keepOutOfCaches: () => {}, log: pino({ level: "silent" }), env: TEST_ENV, ...overrides };
}

const TEST_ENV = parseEnv({ NODE_ENV: "test" });
