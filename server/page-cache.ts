// A short-lived full-page cache for visitors (decision 008). A visitor's catalogue page depends only on
// its address (with the protocol, host and port Remix renders it for: decision 012, review finding 7) and the
// shopper's cookies, so the rendered answer is kept under exactly those (minus the per-visitor
// saas-token) and replayed, already compressed (brotli for browsers, gzip for other clients), for a
// few seconds.
//
// What keeps it from serving one shopper's data to another:
// - a request that carries the login cookie (a member) is never served from nor stored in it;
// - only 200 answers of allowed paths are stored, and only when every cookie they set is one the
//   cache may repeat (the popup advert's records: a function of the key and the day), the
//   saas-token being dropped from the stored copy; an answer with `Cache-Control: private` or
//   `no-store`, or any other cookie, is not stored.
// The CSP nonce of the render that filled an entry is not replayed: a hit's policy allows the
// entry's inline scripts by their SHA-256 hashes instead, and its fresh nonce is dropped.
// An expired entry is still served while one request re-renders it (stale-while-revalidate), so a
// busy page renders once per TTL instead of once per waiting request. Entries live in lru-cache,
// bounded by their bytes; a miss's copy is taken from Remix's Response before it is written
// (server/remix-handler.ts), so Express's response is not patched.
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { parse as parseCookieHeader } from "cookie";
import type { Request, RequestHandler, Response } from "express";
import { LRUCache } from "lru-cache";
import { preferredCoding, type StoredCoding } from "./http/content-coding";
import { requestOrigin } from "./http/request-origin";
import { beforeSend } from "./remix-handler";

export interface PageCacheOptions {
  /** How long an entry is fresh; 0 turns the cache off. */
  ttlMs: number;
  /** The pages served from the cache, by path. */
  paths: RegExp[];
  /** A request carrying one of these cookies is neither served nor stored (the member's login). */
  bypassCookies: string[];
  /** Left out of the key and of the stored answer (the per-visitor saas-token). */
  ignoredCookies: string[];
  /** Cookies a stored answer may set again (deterministic for its key). */
  repeatableCookies: string[];
  /** A request with one of these query parameters is neither served nor stored. */
  bypassParams: string[];
  /** Upper bound of the stored bytes (bodies: plain, gzipped and in brotli). */
  maxBytes?: number;
  /**
   * Called for every document served from the cache (page-view analytics), with the stored answer
   * it was served from: the same object for every hit of one stored render, a new one once re-rendered.
   */
  onHit?: (req: Request, res: Response, path: string, stored: object) => void;
  /** Called for every answer served from the cache, once sent (the access log: a hit never reaches the app's). */
  onAnswered?: (req: Request, res: Response) => void;
  now?: () => number;
}

interface Entry {
  status: number;
  /**
   * What every replay sends, by whether a shared cache may keep it: the answer's headers (security
   * headers included, CSP with script hashes), its repeatable cookies and the cache's own.
   */
  replayHeaders: Record<"shared" | "private", Header[]>;
  body: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** A strong validator of the body: a browser that has it gets 304 without the bytes. */
  etag: string;
  document: boolean;
  storedAt: number;
  size: number;
}

type Header = [string, string | string[]];

const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
/** How long past its TTL an entry may still be served while it is being re-rendered. */
const MAX_STALE_MS = 60_000;
// headers that belong to one response, not to the page
const UNSTORED = new Set([
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
  "vary",
  "x-request-id",
  "x-page-cache",
  "age",
]);
const CACHEABLE_TYPES = /^text\/(html|x-script)\b/;
/** What a miss says until the app adds its own word: for this browser only, revalidated. */
const MISS_CACHE_CONTROL = "private, no-cache";
/** A replay keyed on a cookie other than the repeatable ones: the browser may keep it, per cookie. */
const PRIVATE_REPLAY = { cacheControl: "private, max-age=0", vary: "Accept-Encoding, Cookie" };

export interface PageCache {
  /** Mounted early (before helmet and compression): answers hits, keeps a copy of a miss's Remix answer. */
  serve: RequestHandler;
  clear(): void;
  size(): number;
}

export function pageCache(options: PageCacheOptions): PageCache {
  const { ttlMs, maxBytes = 64 * 1024 * 1024, now = Date.now } = options;
  const shared = `public, max-age=0, s-maxage=${Math.ceil(ttlMs / 1000)}, stale-while-revalidate=${MAX_STALE_MS / 1000}`;
  const replayPolicies = { shared: { cacheControl: shared, vary: "Accept-Encoding" }, private: PRIVATE_REPLAY };
  // least recently used first out; an entry past its TTL stays until replaced or evicted (it may be served stale)
  const entries = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: (entry) => entry.size });
  const refreshing = new Set<string>();

  const serve: RequestHandler = (req, res, next) => {
    if (ttlMs <= 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const page = pagePath(req.path);
    if (!options.paths.some((pattern) => pattern.test(page))) return next();
    if (options.bypassParams.length && req.originalUrl.includes("?")) {
      // the parameters as the app reads them (URLSearchParams): Express's req.query keeps only 1,000
      const query = new URL(req.originalUrl, "http://page-cache").searchParams;
      if (options.bypassParams.some((name) => query.has(name))) return next();
    }
    const cookies = parseCookies(req.headers.cookie);
    if (options.bypassCookies.some((name) => cookies.get(name))) return next();

    const kept = [...cookies].filter(([name]) => !options.ignoredCookies.includes(name));
    const key = cacheKey(req, kept);
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : Infinity;
    if (entry && (age <= ttlMs || (refreshing.has(key) && age <= ttlMs + MAX_STALE_MS))) {
      // a page that depends on a cookie a shared cache does not key on is the browser's alone
      const shareable = kept.every(([name]) => options.repeatableCookies.includes(name));
      replayEntry(req, res, entry, age, shareable ? entry.replayHeaders.shared : entry.replayHeaders.private);
      if (entry.document && req.method === "GET") options.onHit?.(req, res, page, entry);
      options.onAnswered?.(req, res);
      return;
    }
    if (refreshing.has(key) || req.method === "HEAD") return next();
    refreshing.add(key);
    res.once("close", () => refreshing.delete(key));
    beforeSend(res, (response) =>
      keepCopy(res, response, (body) => {
        const stored = toEntry(res, body, options, now(), replayPolicies);
        if (stored) entries.set(key, stored);
      }),
    );
    res.setHeader("X-Page-Cache", "MISS");
    // this render's CSP holds a nonce for this answer alone: no shared cache may replay it
    res.setHeader("Cache-Control", MISS_CACHE_CONTROL);
    next();
  };

  return { serve, clear: () => entries.clear(), size: () => entries.size };
}

/**
 * The Response to send in place of `response`, its body read a second time on the side; `keep`
 * gets the body once the answer has been sent whole (never a 2 MB+ body, never an aborted one).
 */
function keepCopy(res: Response, response: globalThis.Response, keep: (body: Buffer) => void): globalThis.Response {
  if (response.status !== 200 || !response.body) return response;
  const [sent, kept] = response.body.tee();
  const copy = readUpTo(kept, MAX_ENTRY_BYTES);
  res.once("finish", () => void copy.then((body) => body && keep(body)));
  return new globalThis.Response(sent, { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function readUpTo(stream: ReadableStream<Uint8Array>, limit: number): Promise<Buffer | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks, size);
}

/** The page a request is for: single-fetch data requests (`/topic/G1.data`, `/_root.data`) count as their page. */
function pagePath(path: string): string {
  if (!path.endsWith(".data")) return path;
  const page = path.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

/** The page's address exactly as Remix renders it (protocol and host through the trusted proxy), and the kept cookies. */
function cacheKey(req: Request, kept: [string, string][]): string {
  const sorted = [...kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${req.method === "HEAD" ? "GET" : req.method} ${requestOrigin(req)}${req.originalUrl}\n${sorted.map(([n, v]) => `${n}=${v}`).join("; ")}`;
}

/** What a finished answer leaves in the cache, or null when it must not be repeated. */
function toEntry(res: Response, body: Buffer, options: PageCacheOptions, storedAt: number, policies: Record<"shared" | "private", ReplayPolicy>): Entry | null {
  if (res.statusCode !== 200 || !CACHEABLE_TYPES.test(String(res.getHeader("content-type") ?? ""))) return null;
  // the app's own word, besides the miss's
  const declared = [res.getHeader("cache-control") ?? []]
    .flat()
    .map(String)
    .filter((value) => value !== MISS_CACHE_CONTROL);
  if (declared.some((value) => /\b(private|no-store)\b/.test(value))) return null;
  const cookies: string[] = [];
  for (const cookie of [res.getHeader("set-cookie") ?? []].flat().map(String)) {
    const name = cookie.slice(0, cookie.indexOf("=")).trim();
    if (options.ignoredCookies.includes(name)) continue;
    if (!options.repeatableCookies.includes(name)) return null;
    cookies.push(cookie);
  }
  const document = /^text\/html\b/.test(String(res.getHeader("content-type")));
  const headers: Header[] = [];
  for (const name of res.getHeaderNames()) {
    if (UNSTORED.has(name)) continue;
    let value = res.getHeader(name) as string | string[];
    // the render's nonce is not repeated: its inline scripts are allowed by their hashes
    if (name === "content-security-policy" && typeof value === "string") {
      const hashes = document ? inlineScriptHashes(body.toString("utf8")) : [];
      value = value.replace(/'nonce-[^']*'/, hashes.join(" ") || "'none'");
    }
    headers.push([name, value]);
  }
  if (cookies.length) headers.push(["set-cookie", cookies]);
  const gzip = gzipSync(body);
  const br = brotliCompressSync(body, BROTLI);
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  const replayHeaders = {
    shared: replayHeadersOf(headers, etag, policies.shared),
    private: replayHeadersOf(headers, etag, policies.private),
  };
  return { status: res.statusCode, replayHeaders, body, gzip, br, etag, document, storedAt, size: body.length + gzip.length + br.length + 1024 };
}

interface ReplayPolicy {
  cacheControl: string;
  vary: string;
}

/** The headers of every replay of an entry under one policy (Age and the body's own come per request). */
function replayHeadersOf(headers: Header[], etag: string, { cacheControl, vary }: ReplayPolicy): Header[] {
  return [...headers, ["X-Page-Cache", "HIT"], ["Cache-Control", cacheControl], ["Vary", vary], ["ETag", etag]];
}

/**
 * A stored page: the same answer for every request with its key, its scripts allowed by hash, so
 * a shared cache in front (nginx, a CDN: docs/deploy.md) may keep it too for the same time
 * (`s-maxage`, counted from `Age`) when the key holds no cookie but the repeatable ones; browsers
 * revalidate it (`max-age=0`, ETag).
 */
function replayEntry(req: Request, res: Response, entry: Entry, age: number, headers: Header[]) {
  res.statusCode = entry.status;
  for (const [name, value] of headers) res.setHeader(name, value);
  res.setHeader("Age", String(Math.floor(age / 1000)));
  if (req.headers["if-none-match"] === entry.etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = encodingFor(req);
  const body = encoding ? entry[encoding] : entry.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * Quality 5: the home page's 88 kB of HTML in 13.0 kB instead of gzip's 16.0 kB, for the CPU of gzip
 * (~1 ms, once per entry and TTL): under the ~14.6 kB a new connection carries in its first round
 * trip, which a phone on a slow link waits for before it sees the page's image (decision 036).
 */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * Accept-Encoding values seen, and which stored copy each takes (null: the plain bytes; a browser
 * sends one value on every request). Bounded: at most 256 values of at most 128 characters
 * (~40 kB); a longer value is negotiated every time.
 */
const encodingByAcceptEncoding = new Map<string, StoredCoding | null>();
const MAX_ACCEPT_ENCODINGS = 256;
const MAX_KEPT_ACCEPT_ENCODING = 128;

function encodingFor(req: Request): StoredCoding | null {
  const header = req.headers["accept-encoding"] ?? "";
  const known = encodingByAcceptEncoding.get(header);
  if (known !== undefined) return known;
  const encoding = preferredCoding(req);
  if (header.length <= MAX_KEPT_ACCEPT_ENCODING) {
    if (encodingByAcceptEncoding.size >= MAX_ACCEPT_ENCODINGS) encodingByAcceptEncoding.clear();
    encodingByAcceptEncoding.set(header, encoding);
  }
  return encoding;
}

/** `'sha256-…'` sources for every inline `<script>` of a document (React escapes `<` inside them). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

function parseCookies(header: string | undefined): Map<string, string> {
  return new Map(Object.entries(parseCookieHeader(header ?? "")).map(([name, value]) => [name, value ?? ""]));
}
