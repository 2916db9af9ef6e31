// The storefront's Remix request handler for Express: @remix-run/express's own adapter (the web
// Request from Express's, the web Response written back), with two additions: a middleware before
// it may take the Response before it is written (`beforeSend`), so the page cache keeps a copy of
// what Remix answered without patching Express's res.write/res.end; and a document, which
// entry.server.tsx renders whole into one buffer, is written in one piece, compressed in one
// synchronous call like the services' JSON (server/http/content-coding.ts), not chunk by chunk
// through a web stream and the compression middleware's zlib stream.
import { createRemixRequest, sendRemixResponse, type GetLoadContextFunction } from "@remix-run/express/dist/server.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { compressWhole } from "./http/content-coding";

type BeforeSend = (response: Response) => Response;
const BEFORE_SEND = "remixBeforeSend";

/** Lets `hook` see (and replace) the Remix answer to this request before it is written. */
export function beforeSend(res: ExpressResponse, hook: BeforeSend): void {
  res.locals[BEFORE_SEND] = hook;
}

/** Writes a web Response to Express, through the `beforeSend` hook of this request if any. */
export async function sendResponse(req: ExpressRequest, res: ExpressResponse, response: Response): Promise<void> {
  const hook = res.locals[BEFORE_SEND] as BeforeSend | undefined;
  const answer = hook ? hook(response) : response;
  if (!isWholeDocument(answer)) return sendRemixResponse(res, answer);
  const body = compressWhole(req, res, Buffer.from(await answer.arrayBuffer()), { brotli: true });
  res.statusMessage = answer.statusText;
  res.status(answer.status);
  for (const [name, value] of answer.headers) res.append(name, value);
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * An HTML answer not yet encoded: a document, rendered whole (a resource route that streamed HTML
 * would be collected first, never cut short).
 */
function isWholeDocument(response: Response): boolean {
  return response.body !== null && /^text\/html\b/.test(response.headers.get("Content-Type") ?? "") && !response.headers.has("Content-Encoding");
}

export function remixHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: GetLoadContextFunction;
}): RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(createRemixRequest(req, res), await getLoadContext(req, res));
      await sendResponse(req, res, response);
    } catch (error) {
      next(error);
    }
  };
}
