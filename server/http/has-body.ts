import type { IncomingMessage } from "node:http";

/**
 * Whether a request carries a body of at least one byte. Unlike `type-is`, Content-Length: 0 is no
 * body: fetch sends it with a POST that has none.
 */
export function hasBody(req: IncomingMessage): boolean {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}
