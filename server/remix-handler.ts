// The storefront's Remix request handler for Express: @remix-run/express's own adapter (the web
// Request from Express's, the web Response written back), with one addition: a middleware before
// it may take the Response before it is written (`beforeSend`), so the page cache keeps a copy of
// what Remix answered without patching Express's res.write/res.end.
import { createRemixRequest, sendRemixResponse, type GetLoadContextFunction } from "@remix-run/express/dist/server.js";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { RequestHandler, Response as ExpressResponse } from "express";

type BeforeSend = (response: Response) => Response;
const BEFORE_SEND = "remixBeforeSend";

/** Lets `hook` see (and replace) the Remix answer to this request before it is written. */
export function beforeSend(res: ExpressResponse, hook: BeforeSend): void {
  res.locals[BEFORE_SEND] = hook;
}

/** Writes a web Response to Express, through the `beforeSend` hook of this request if any. */
export function sendResponse(res: ExpressResponse, response: Response): Promise<void> {
  const hook = res.locals[BEFORE_SEND] as BeforeSend | undefined;
  return sendRemixResponse(res, hook ? hook(response) : response);
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
      await sendResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
