// With the services in the same process (SERVER_ROLE=all, the default, no TRADE_API_URL), a
// member's page reaches them without a socket (server/http/in-process-trade.ts): the services still
// answer each call, and the process holds no connection to its own port. Read from the real
// process, as `npm start` runs it.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startShop, type Shop } from "../security/shop";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 90_000);
afterAll(() => shop?.close());

/** The established TCP connections the process itself opened to `port` (its own sockets, from /proc). */
function connectionsTo(pid: number, port: number): number {
  const sockets = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]];
      } catch {
        return []; // closed while listed
      }
    }),
  );
  return readFileSync(`/proc/${pid}/net/tcp`, "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , remote, state, , , , , , inode]) => state === "01" && Number.parseInt(remote?.split(":")[1] ?? "", 16) === port && sockets.has(inode)).length;
}

it("a member's pages call the services without a socket", async () => {
  const port = Number(new URL(shop.url).port);
  const before = shop.log().length;
  for (const path of ["/", "/topic/G1001", "/order/list"]) {
    const page = await fetch(shop.url + path, { headers: { cookie: shop.memberCookie() } });
    expect(page.status, path).toBe(200);
    await page.arrayBuffer();
  }
  // the services answered the pages' calls (their access log), and no connection was opened for them
  expect(shop.log().slice(before)).toContain('"url":"/api/common_bll/v1/member/login_status"');
  expect(connectionsTo(shop.pid, port)).toBe(0);
});
