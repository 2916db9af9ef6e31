// Limits at the HTTP edge: storefront bodies (decision 012, review finding 4) and the per-address buckets of the
// login limits (finding 12: IPv6 /64, TRUST_PROXY).
import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShop, type Shop } from "./shop";

const MiB = 1024 * 1024;

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, 90_000);
afterAll(() => shop?.close());

interface Sent {
  status: number;
  body: string;
  ms: number;
}

/**
 * Streams `total` bytes of form body to `path` (with Content-Length, or chunked when `chunked`),
 * and resolves with the first answer, even when the server answers before the body is sent.
 */
function post(path: string, total: number, { chunked = false, type = "application/x-www-form-urlencoded", body = "" } = {}): Promise<Sent> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const url = new URL(path, shop.url);
    const req = request(url, {
      method: "POST",
      headers: { "Content-Type": type, ...(chunked ? { "Transfer-Encoding": "chunked" } : { "Content-Length": String(total) }) },
    });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, ms: Date.now() - started }));
      res.on("error", () => resolve({ status: res.statusCode!, body, ms: Date.now() - started }));
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const block = body ? Buffer.from(body) : Buffer.alloc(Math.min(MiB, total), "a");
    if (!body) block.write("phone=");
    let sent = 0;
    const pump = () => {
      while (sent < total && !answered && !req.destroyed) {
        const piece = block.subarray(0, Math.min(block.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (sent >= total) req.end();
    };
    pump();
  });
}

describe("storefront bodies", () => {
  it("a 150 MB form post to /login is refused with 413 at once, and the server's memory stays put", async () => {
    const before = shop.rssKb();
    const answer = await post("/login?login=pwd", 150 * MiB);
    const grownMb = (shop.rssKb() - before) / 1024;
    expect(answer.status, `after ${answer.ms} ms, RSS +${grownMb.toFixed(0)} MB`).toBe(413);
    expect(answer.body).toContain("请求体过大");
    expect(grownMb, "RSS growth (MB)").toBeLessThan(40);
    expect(answer.ms).toBeLessThan(2_000);
  });

  it("a chunked body without Content-Length is counted: over 64 kB is a 413", async () => {
    const answer = await post("/login?login=pwd", 200 * 1024, { chunked: true });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("请求体过大");
  });

  it("multipart bodies are refused with 415 (no form uploads files)", async () => {
    const answer = await post("/login?login=pwd", 1024, { type: "multipart/form-data; boundary=x" });
    expect(answer.status).toBe(415);
    expect(answer.body).toContain("不支持的请求体类型");
  });

  it("small forms still reach the storefront, chunked or not", async () => {
    const form = "intent=pwd-login&account=13800138000&password=x";
    for (const chunked of [false, true]) {
      const answer = await post("/login", form.length, { chunked, body: form });
      // the login action answers the form (captcha missing), not the edge
      expect(answer.status, `chunked: ${chunked}`).toBe(400);
      expect(answer.body).toContain("请完成安全验证");
    }
  });
});

/** Wrong SMS codes from one X-Forwarded-For chain; the last answer's status and message. */
async function wrongCodes(target: Shop, forwardedFor: (i: number) => string, count: number) {
  let last = { status: 0, message: "" };
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${target.url}/api/common_bll/v1/member/action/captcha_login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor(i) },
      body: JSON.stringify({ mobile: "+86-13700137000", sms_code: "000000" }),
    });
    const body = (await res.json()) as { result: { error_msg: string } };
    last = { status: res.status, message: body.result.error_msg };
  }
  return last;
}

describe("per-address limits", () => {
  it("IPv6 addresses of one /64 share a bucket; another /64 has its own", async () => {
    await wrongCodes(shop, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`, 20);
    const sameNetwork = await wrongCodes(shop, () => "2001:db8:1:2:ffff:ffff:ffff:fffe", 1);
    expect(sameNetwork).toEqual({ status: 429, message: expect.stringContaining("登录失败次数过多") });
    const otherNetwork = await wrongCodes(shop, () => "2001:db8:1:3::1", 1);
    expect(otherNetwork.status).toBe(400);
  });

  it("an IPv4-mapped IPv6 address is the IPv4 address", async () => {
    await wrongCodes(shop, () => "::ffff:198.51.100.200", 20);
    expect(await wrongCodes(shop, () => "198.51.100.200", 1)).toMatchObject({ status: 429 });
  });

  it("behind a load balancer named in TRUST_PROXY, each shopper keeps their own bucket", async () => {
    const chain = (i: number) => `198.51.100.${i + 1}, 203.0.113.9`;
    // by default only loopback is trusted: the balancer's address is everybody's bucket
    await wrongCodes(shop, chain, 20);
    expect(await wrongCodes(shop, (i) => chain(i + 30), 1)).toMatchObject({ status: 429 });

    const behindLb = await startShop({ env: { TRUST_PROXY: "203.0.113.0/24" } });
    try {
      await wrongCodes(behindLb, chain, 20);
      expect(await wrongCodes(behindLb, (i) => chain(i + 30), 1)).toMatchObject({ status: 400 });
      // and one shopper is still limited
      await wrongCodes(behindLb, () => "198.51.100.77, 203.0.113.9", 20);
      expect(await wrongCodes(behindLb, () => "198.51.100.77, 203.0.113.10", 1)).toMatchObject({ status: 429 });
    } finally {
      await behindLb.close();
    }
  }, 90_000);
});
