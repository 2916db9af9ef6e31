// The trade client's HTTP cache replays a public answer, and its parsed, validated result is kept per path and
// ETag and shared, frozen, by every request that gets that version (parsed-answers.server.ts, issue 40); a
// changing answer replaces its old version, the memo stays bounded, and a member's private answer is never shared.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { testBasics } from "../../tests/support/request-basics";

let server: Server;
let served = 0;
let baseUrl = "";
let tradeClient: typeof import("./client.server").tradeClient;
let parsedAnswersHeld: typeof import("./parsed-answers.server").parsedAnswersHeld;
/** The version of /api/changing: a public answer revalidated before every reuse, as the home layout is. */
let changing = 1;

beforeAll(async () => {
  server = createServer((req, res) => {
    served++;
    const json = (headers: Record<string, string>, name: string) => {
      res.writeHead(200, { "Content-Type": "application/json", ...headers });
      res.end(JSON.stringify({ success: true, result: { list: [{ name, tags: [] }] } }));
    };
    if (req.url === "/api/mine") {
      // a member's answer, with a validator as a backend may send one: the services mark it private
      json({ "Cache-Control": "private, no-store", ETag: '"same-for-all"' }, `mine:${req.headers["login-credential"] ?? "none"}`);
      return;
    }
    if (req.url === "/api/services-public") {
      // what the shop's own services send for a public read (server/trade/http/cache-control.ts: a header field
      // private, the body public); tests/operations/probes-and-metrics.test.ts sees it reused in the real shop
      json({ "Cache-Control": 'public, max-age=60, stale-while-revalidate=300, private="set-saas-token"', ETag: '"services"' }, "services");
      return;
    }
    if (req.url?.startsWith("/api/private-too/")) {
      // public and private at once: private wins, for any spelling (abuse case)
      const cacheControl = decodeURIComponent(req.url.slice("/api/private-too/".length));
      json({ "Cache-Control": cacheControl, ETag: '"same-for-all"' }, `mine:${req.headers["login-credential"] ?? "none"}`);
      return;
    }
    if (req.url === "/api/changing") {
      const etag = `"c${changing}"`;
      if (req.headers["if-none-match"] === etag) res.writeHead(304, { "Cache-Control": "public, no-cache", ETag: etag }).end();
      else json({ "Cache-Control": "public, no-cache", ETag: etag }, `c${changing}`);
      return;
    }
    // public and fresh for a minute: undici's shared cache keeps it
    json({ "Cache-Control": "public, max-age=60", ETag: `"${req.url}"` }, `v1${req.url}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ tradeClient } = await import("./client.server"));
  ({ parsedAnswersHeld } = await import("./parsed-answers.server"));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const ListSchema = z.object({ list: z.array(z.object({ name: z.string(), tags: z.array(z.string()) })) });
const caller = {
  urlParams: { channelId: "", channelName: "", storeId: "official" as const },
  credential: null as string | null,
  saasToken: null,
  userAgent: "",
  clientIp: "127.0.0.1",
};
const client = (credential: string | null = null) => tradeClient({ ...caller, credential }, { unavailable() {}, log: testBasics().log, baseUrl });

async function listOf(answer: Promise<import("./client.server").ApiResult<z.output<typeof ListSchema>>>) {
  const result = await answer;
  if (!result.ok) throw new Error("not ok");
  return result.result;
}

it("a public answer is asked once; the version the cache replays is parsed once and shared, frozen", async () => {
  await listOf(client().get("/api/list", ListSchema));
  const second = await listOf(client().get("/api/list", ListSchema));
  const third = await listOf(client().get("/api/list", ListSchema));
  expect(served).toBe(1);
  expect(second.list[0]!.name).toBe("v1/api/list");
  expect(third).toBe(second);
  expect(Object.isFrozen(third.list[0])).toBe(true);
  expect(() => third.list.push({ name: "changed", tags: [] })).toThrow();
  // a schema that does not fit the replayed answer is refused, not answered from another schema's result
  await expect(client().get("/api/list", z.object({ list: z.array(z.number()) }))).rejects.toThrow(/unexpected answer/);
});

it("the shop's own services' public reads are kept too: a private header field does not make the body private", async () => {
  const before = served;
  const first = await listOf(client().get("/api/services-public", ListSchema));
  const second = await listOf(client("a-member-credential-01").get("/api/services-public", ListSchema));
  const third = await listOf(client().get("/api/services-public", ListSchema));
  expect(served - before).toBe(1);
  expect(first.list[0]!.name).toBe("services");
  expect(third).toBe(second);
  expect(Object.isFrozen(third)).toBe(true);
});

for (const cacheControl of ["public, private", 'public, private="x", no-store', "public, PRIVATE, max-age=60", "public,private"]) {
  it(`an answer that is also private or not to be stored is never shared (${cacheControl}; abuse case)`, async () => {
    const path = `/api/private-too/${encodeURIComponent(cacheControl)}`;
    const alice = await listOf(client("alice-credential-0001").get(path, ListSchema));
    const mallory = await listOf(client("mallory-credential-01").get(path, ListSchema));
    expect(alice.list[0]!.name).toBe("mine:alice-credential-0001");
    expect(mallory.list[0]!.name).toBe("mine:mallory-credential-01");
    expect(Object.isFrozen(mallory)).toBe(false);
  });
}

it("a changing answer replaces its old version: one version per path, the new one's result", async () => {
  const results: string[] = [];
  for (const version of [1, 1, 2, 2, 3]) {
    changing = version;
    results.push((await listOf(client().get("/api/changing", ListSchema))).list[0]!.name);
  }
  expect(results).toEqual(["c1", "c1", "c2", "c2", "c3"]);
  const before = parsedAnswersHeld().paths;
  changing = 4;
  await listOf(client().get("/api/changing", ListSchema));
  await listOf(client().get("/api/changing", ListSchema));
  expect(parsedAnswersHeld().paths).toBe(before);
});

// 600 calls: on a busy machine (CI beside other work) well past vitest's 5 s default
it("stays bounded however many public paths are asked (memory flat: at most 256 paths)", { timeout: 60_000 }, async () => {
  for (let batch = 0; batch < 300; batch += 50) {
    const paths = Array.from({ length: 50 }, (_, i) => `/api/many/${batch + i}`);
    // asked, then replayed by the cache: the replayed version is the one kept
    await Promise.all(paths.map((path) => client().get(path, ListSchema)));
    await Promise.all(paths.map((path) => client().get(path, ListSchema)));
  }
  expect(parsedAnswersHeld().paths).toBeLessThanOrEqual(256);
  expect(parsedAnswersHeld().paths).toBeGreaterThan(100);
});

it("a member's private answer is never shared, even with a validator: each member gets their own (abuse case)", async () => {
  const before = served;
  const alice = await listOf(client("alice-credential-0001").get("/api/mine", ListSchema));
  const again = await listOf(client("alice-credential-0001").get("/api/mine", ListSchema));
  const mallory = await listOf(client("mallory-credential-01").get("/api/mine", ListSchema));
  expect(served - before).toBe(3);
  expect(alice.list[0]!.name).toBe("mine:alice-credential-0001");
  expect(mallory.list[0]!.name).toBe("mine:mallory-credential-01");
  expect(again).not.toBe(alice);
  expect(Object.isFrozen(alice)).toBe(false);
});
