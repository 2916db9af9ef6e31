// The trade client parses a public answer the HTTP cache replays once per text, and hands every
// request the same frozen result (issue 24); a changed answer is parsed again.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";

let server: Server;
let version = 1;
let served = 0;
let tradeClient: typeof import("./client.server").tradeClient;
let parsedAnswersHeld: typeof import("./client.server").parsedAnswersHeld;
/** The text of /api/changing: a public answer revalidated before every reuse, as the home layout's countdown is. */
let changing = 1;

beforeAll(async () => {
  server = createServer((req, res) => {
    served++;
    if (req.url === "/api/mine") {
      // a member's answer: the services mark it private, no shared cache keeps it
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "private, no-store" });
      res.end(JSON.stringify({ success: true, result: { list: [{ name: "mine", tags: [] }] } }));
      return;
    }
    if (req.url === "/api/changing") {
      const etag = `"c${changing}"`;
      if (req.headers["if-none-match"] === etag) {
        res.writeHead(304, { "Cache-Control": "public, no-cache", ETag: etag }).end();
        return;
      }
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "public, no-cache", ETag: etag });
      res.end(JSON.stringify({ success: true, result: { list: [{ name: `c${changing}`, tags: [] }] } }));
      return;
    }
    // public and fresh for a minute: undici's shared cache keeps it; the version is the text
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "public, max-age=60", ETag: `"v${version}"` });
    res.end(JSON.stringify({ success: true, result: { list: [{ name: `v${version}`, tags: ["a"] }] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.TRADE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ tradeClient, parsedAnswersHeld } = await import("./client.server"));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const ListSchema = z.object({ list: z.array(z.object({ name: z.string(), tags: z.array(z.string()) })) });
const caller = {
  urlParams: { channelId: "", channelName: "", storeId: "official" as const },
  credential: null,
  saasToken: null,
  userAgent: "",
  clientIp: "127.0.0.1",
};
const client = () => tradeClient(caller, { unavailable() {} });

it("a cached public answer is parsed once and shared frozen; another text is parsed again", async () => {
  const first = await client().get("/api/list", ListSchema);
  const second = await client().get("/api/list", ListSchema);
  const third = await client().get("/api/list", ListSchema);
  expect(served).toBe(1);
  if (!first.ok || !second.ok || !third.ok) throw new Error("not ok");
  expect(first.result.list[0]!.name).toBe("v1");
  // the first answer came from the services (its own objects); the replays share one frozen result
  expect(Object.isFrozen(first.result)).toBe(false);
  expect(third.result).toBe(second.result);
  expect(Object.isFrozen(second.result.list[0]!.tags)).toBe(true);
  expect(() => (second.result.list as unknown[]).push({})).toThrow(TypeError);

  // a schema that does not fit the same text is refused, not served from another schema's result
  await expect(client().get("/api/list", z.object({ list: z.array(z.number()) }))).rejects.toThrow(/unexpected answer/);

  version = 2;
  const other = await client().get("/api/list?page=2", ListSchema);
  if (!other.ok) throw new Error("not ok");
  expect(other.result.list[0]!.name).toBe("v2");
});

it("a member's private answer is never shared: each request parses its own, and may change it (abuse case)", async () => {
  const before = served;
  const one = await client().get("/api/mine", ListSchema);
  const two = await client().get("/api/mine", ListSchema);
  expect(served - before).toBe(2);
  if (!one.ok || !two.ok) throw new Error("not ok");
  expect(two.result).not.toBe(one.result);
  expect(Object.isFrozen(one.result)).toBe(false);
  one.result.list.push({ name: "changed", tags: [] });
  expect(two.result.list).toHaveLength(1);
});

it("an answer that changes at the same path replaces the version before it: the memo keeps one per path", async () => {
  const replayed = async () => {
    const answer = await client().get("/api/changing", ListSchema);
    if (!answer.ok) throw new Error("not ok");
    return answer.result.list[0]!.name;
  };
  await replayed(); // from the services
  expect(await replayed()).toBe("c1"); // revalidated (304), replayed from the cache: parsed into the memo
  const held = parsedAnswersHeld();
  for (const next of [2, 3, 4]) {
    changing = next;
    expect(await replayed()).toBe(`c${next}`); // the new text from the services
    expect(await replayed()).toBe(`c${next}`); // and replayed
  }
  expect(parsedAnswersHeld()).toBe(held);
});
