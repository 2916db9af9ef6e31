// Request bodies of the storefront (decision 012, review finding 4). Remix's `request.formData()` reads a body of
// any size into memory, so the body is read here first, up to 64 kB, with Express's own body
// reader (which counts the streamed bytes, chunked bodies included), and Remix reads that copy.
// No storefront form uploads files: multipart is refused.
import { PassThrough } from "node:stream";
import express, { type Request, type RequestHandler, type Response } from "express";
import { hasBody } from "./has-body";

export const STOREFRONT_BODY_LIMIT = 64 * 1024;

const MESSAGES = { 413: "请求体过大", 415: "不支持的请求体类型", 400: "请求体不完整" } as const;

/**
 * Reads the body of a storefront request before Remix runs, or answers 413 / 415. The back office
 * takes file uploads (`multipart`) up to its own limit, refused over it with its own message.
 */
export function storefrontBody(limit = STOREFRONT_BODY_LIMIT, { multipart = false, tooLarge = MESSAGES[413] as string } = {}): RequestHandler {
  // inflate: false refuses Content-Encoding bodies (415): Remix would not decode them either
  const read = express.raw({ type: () => true, limit, inflate: false });
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    // the declared length is known before a byte is read: no need to read it off
    if (Number(req.headers["content-length"]) > limit) return refuse(req, res, 413, tooLarge);
    // a small multipart body is read off before the refusal, so the client (still sending it)
    // reads the 415 instead of a broken pipe
    if (!multipart && req.is("multipart/form-data")) {
      return read(req, res, (error?: { status?: number }) => (error?.status === 413 ? refuse(req, res, 413, tooLarge) : refuse(req, res, 415)));
    }
    read(req, res, (error?: { status?: number }) => {
      if (!error) return next();
      if (error.status === 413) refuse(req, res, 413, tooLarge);
      else refuse(req, res, error.status === 415 ? 415 : 400);
    });
  };
}

/**
 * The Remix request handler, given the body read by `storefrontBody` instead of the spent request
 * stream: the adapter builds its Request from `req` (headers, address, protocol) and streams the
 * body from it, so the stream members of `req` answer from the copy.
 */
export function withReadBody(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!Buffer.isBuffer(req.body)) return handler(req, res, next);
    const body = new PassThrough();
    body.end(req.body);
    const view = new Proxy(req, {
      get: (target, key) => {
        if (!STREAM_MEMBERS.has(key)) return Reflect.get(target, key, target);
        const value = Reflect.get(body, key, body) as unknown;
        return typeof value === "function" ? value.bind(body) : value;
      },
    });
    return handler(view, res, next);
  };
}

const STREAM_MEMBERS = new Set<string | symbol>([
  "on",
  "once",
  "off",
  "addListener",
  "removeListener",
  "removeAllListeners",
  "prependListener",
  "emit",
  "read",
  "pause",
  "resume",
  "isPaused",
  "pipe",
  "unpipe",
  "setEncoding",
  "destroy",
  "destroyed",
  "readable",
  "readableEnded",
  "readableFlowing",
  "readableHighWaterMark",
  "readableLength",
  Symbol.asyncIterator,
]);

/** How long the rest of a refused body is read off before the connection closes. */
const LINGER_MS = 2_000;

/**
 * Answers, then reads off and drops what the client is still sending for up to LINGER_MS before
 * the connection closes (nginx's lingering close). Closing at once, with the client's bytes still
 * arriving, resets the connection, and a client still sending often sees the reset before it
 * reads the answer (a browser shows a network error instead of 请求体过大).
 */
function refuse(req: Request, res: Response, status: keyof typeof MESSAGES, message: string = MESSAGES[status]) {
  res.status(status).type("text/plain; charset=utf-8").send(message);
  if (req.complete) return;
  const close = setTimeout(() => req.socket.destroy(), LINGER_MS);
  req.once("end", () => clearTimeout(close));
  req.resume();
}
