// What a loader, an action or a render threw reaches the request's logger (with its request id), once; a request
// the browser gave up, or one Remix refused itself (a 4xx), is not logged as an error.
import { Writable } from "node:stream";
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { pino } from "pino";
import { expect, it } from "vitest";
import { handleError } from "./entry.server";

function logged() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) });
  return { lines, log: pino({ level: "info" }, sink).child({ req: { id: "req-42" } }) };
}

const argsOf = (log: AppLoadContext["log"], signal = new AbortController().signal) =>
  ({ request: new Request("http://shop.test/order/list", { signal }), params: {}, context: { log } as AppLoadContext }) as LoaderFunctionArgs;

it("an error is one error line on the request's logger, with the request id and the error's message", async () => {
  const { lines, log } = logged();
  handleError(new Error("the loader broke"), argsOf(log));
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 50, msg: "storefront error", req: { id: "req-42" }, err: { message: "the loader broke" } });
});

it("a request the browser gave up is not an error", async () => {
  const { lines, log } = logged();
  const gone = new AbortController();
  gone.abort();
  handleError(new Error("aborted"), argsOf(log, gone.signal));
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(0);
});

it("Remix's own 4xx (a POST to a page without a form) is an info line, not an error", async () => {
  const { lines, log } = logged();
  // what Remix's router makes of it: a route error response, internal, keeping the Error it was made of
  const cause = new Error('You made a POST request to "/protocols/user"');
  const refused = { status: 405, statusText: "Method Not Allowed", internal: true, data: String(cause), error: cause };
  handleError(refused, argsOf(log));
  await new Promise((resolve) => setImmediate(resolve));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({ level: 30, msg: "storefront refused the request", status: 405 });
});
