import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from "node:zlib";
import type { Request, Response } from "express";

export type StoredCoding = "br" | "gzip";

/**
 * Which ready-compressed copy of an answer a request takes, null for the plain bytes: brotli
 * whenever taken, as the compression middleware prefers it (Express's own negotiation breaks the
 * browsers' tie "gzip, deflate, br" by the header's order), else gzip unless identity is preferred.
 */
export function preferredCoding(req: Request): StoredCoding | null {
  if (req.acceptsEncodings("br")) return "br";
  return takesGzip(req) ? "gzip" : null;
}

const takesGzip = (req: Request) => req.acceptsEncodings("gzip", "identity") === "gzip";

/**
 * The coding of a document compressed for one answer (decision 069): Zstandard where the browser
 * takes it (Chrome and Edge since 123, Firefox since 126), at a third of brotli's or gzip's CPU for
 * the same size; else as for a stored copy.
 */
function answerCoding(req: Request): "zstd" | StoredCoding | null {
  return req.acceptsEncodings("zstd", "identity") === "zstd" ? "zstd" : preferredCoding(req);
}

/**
 * The levels of what is compressed per answer (decisions 033 and 069): gzip at its fastest, brotli at
 * quality 2, Zstandard at level 1. What is compressed once and kept (the page cache, the built assets)
 * uses higher ones.
 */
export const ANSWER_GZIP_LEVEL = constants.Z_BEST_SPEED;
export const ANSWER_BROTLI_QUALITY = 2;
export const ANSWER_ZSTD_LEVEL = 1;

/** From this size on an answer is compressed (the compression middleware's default threshold). */
const MIN_BYTES = 1024;

/**
 * A whole answer compressed in one synchronous call, in the coding the request takes (Zstandard and
 * brotli only where `brotli` offers them: documents), with Vary and Content-Encoding set on `res`; the plain bytes when the
 * answer is small or the client takes neither. One call costs a fraction of the compression
 * middleware's stream, whose set-up and thread-pool round trip come to 0.1–0.4 ms an answer
 * (docs/benchmarks.md, issue 24).
 */
export function compressWhole(req: Request, res: Response, body: Buffer, { brotli }: { brotli: boolean }): Buffer {
  if (body.length < MIN_BYTES) return body;
  res.vary("Accept-Encoding");
  const coding = brotli ? answerCoding(req) : takesGzip(req) ? "gzip" : null;
  if (coding === null) return body;
  res.setHeader("Content-Encoding", coding);
  if (coding === "gzip") return gzipSync(body, { level: ANSWER_GZIP_LEVEL });
  if (coding === "zstd") {
    return zstdCompressSync(body, { params: { [constants.ZSTD_c_compressionLevel]: ANSWER_ZSTD_LEVEL } });
  }
  return brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
