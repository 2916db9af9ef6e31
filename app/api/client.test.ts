// The trade client's HTTP cache replays a public answer, and every request gets its own result from
// it; a member's private answer is never replayed. (A memo sharing parsed answers between requests
// was tried in issue 24 and removed: the 10-minute soak's memory no longer stayed flat with it.)
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";

let server: Server;
let served = 0;
let tradeClient: typeof import("./client.server").tradeClient;

beforeAll(async () => {
  server = createServer((req, res) => {
    served++;
    if (req.url === "/api/mine") {
      // a member's answer: the services mark it private, no shared cache keeps it
      res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "private, no-store" });
      res.end(JSON.stringify({ success: true, result: { list: [{ name: "mine", tags: [] }] } }));
      return;
    }
    // public and fresh for a minute: undici's shared cache keeps it
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "public, max-age=60", ETag: '"v1"' });
    res.end(JSON.stringify({ success: true, result: { list: [{ name: "v1", tags: ["a"] }] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  process.env.TRADE_API_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ({ tradeClient } = await import("./client.server"));
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

it("a public answer is asked once and replayed by the cache, each request getting its own result", async () => {
  const first = await client().get("/api/list", ListSchema);
  const second = await client().get("/api/list", ListSchema);
  expect(served).toBe(1);
  if (!first.ok || !second.ok) throw new Error("not ok");
  expect(second.result.list[0]!.name).toBe("v1");
  expect(second.result).not.toBe(first.result);
  first.result.list.push({ name: "changed", tags: [] });
  expect(second.result.list).toHaveLength(1);
  // a schema that does not fit the replayed answer is refused
  await expect(client().get("/api/list", z.object({ list: z.array(z.number()) }))).rejects.toThrow(/unexpected answer/);
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
