import type { Request } from "express";

export type StoredCoding = "br" | "gzip";

/**
 * Which ready-compressed copy of an answer a request takes, null for the plain bytes: brotli
 * whenever taken, as the compression middleware prefers it (Express's own negotiation breaks the
 * browsers' tie "gzip, deflate, br" by the header's order), else gzip unless identity is preferred.
 */
export function preferredCoding(req: Request): StoredCoding | null {
  if (req.acceptsEncodings("br")) return "br";
  return req.acceptsEncodings("gzip", "identity") === "gzip" ? "gzip" : null;
}
