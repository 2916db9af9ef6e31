// What a loader, an action or a render threw reaches the request's logger (with its request id), once, and a request
// the browser gave up is not logged as an error.
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
