// The in-process transport hands the services what HTTP would: the same request (method, path,
// headers, body, a loopback address) and the same answer (status, headers, cookies, body). What a
// client could not send over a socket, an attacker's value cannot send through it either.
import type { AddressInfo } from "node:net";
import express from "express";
import { Agent, request, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InProcessTrade } from "./in-process-trade";

/** A services stand-in: it answers with what it was sent, and counts what reached it. */
function echoServices() {
  const router = express.Router();
  let reached = 0;
  router.use("/api", express.json());
  router.all("/api/echo", (req, res) => {
    reached += 1;
    res.cookie("seen", "1", { httpOnly: true });
    res.setHeader("set-saas-token", "issued-token");
    res.status(req.method === "POST" ? 201 : 200).json({ method: req.method, url: req.originalUrl, ip: req.ip, headers: req.headers, body: req.body });
  });
  return { router, reached: () => reached };
}

const contractHeaders = {
  "Saas-App-Id": "TTSGAME_WEB",
  "Saas-Product-Line": "TTSGAME",
  Useragent: '{"browser":"Chrome","platform":"Linux","channel_id":"","agent_line":"TTSGAME-PC","version":"1.0.0"}',
  "Login-Credential": "credential-1",
  "saas-token": "token-1",
  "X-Forwarded-For": "203.0.113.7",
  Accept: "application/json",
  "Accept-Encoding": "identity",
};

let services: ReturnType<typeof echoServices>;
let url: string;
let server: ReturnType<express.Express["listen"]>;
const overHttp = new Agent();
let inProcess: InProcessTrade;
beforeAll(async () => {
  services = echoServices();
  // the same handlers over HTTP and in process, as server/app.ts mounts the services
  inProcess = new InProcessTrade([services.router], "loopback");
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(services.router);
  server = app.listen(0, "127.0.0.1");
  await new Promise((ready) => server.once("listening", ready));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await overHttp.close();
  await new Promise((done) => server.close(done));
});

async function send(dispatcher: Dispatcher, options: { method?: "GET" | "POST"; path?: string; headers?: Record<string, string>; body?: string }) {
  const answer = await request(`${url}${options.path ?? "/api/echo?page_type=HOME"}`, {
    method: options.method ?? "GET",
    dispatcher,
    headers: options.headers ?? contractHeaders,
    body: options.body,
  });
  const json = (await answer.body.json()) as { method: string; url: string; ip: string; headers: Record<string, string>; body: unknown };
  return { status: answer.statusCode, headers: answer.headers, json };
}

/** What the services saw and answered, without what only a socket adds (connection, user-agent, date). */
function contract(answer: Awaited<ReturnType<typeof send>>) {
  const { connection: _c, "user-agent": _u, "keep-alive": _k, ...seen } = answer.json.headers;
  return {
    status: answer.status,
    cookies: answer.headers["set-cookie"],
    token: answer.headers["set-saas-token"],
    type: answer.headers["content-type"],
    request: { ...answer.json, headers: seen },
  };
}

describe("in process and over HTTP, the services see and answer the same", () => {
  it("a read with the contract's headers", async () => {
    const http = contract(await send(overHttp, {}));
    const local = contract(await send(inProcess, {}));
    expect(local).toEqual(http);
    expect(local.request.ip).toBe("203.0.113.7");
    expect(local.cookies).toBe("seen=1; Path=/; HttpOnly");
  });

  it("a write with a JSON body", async () => {
    const post = {
      method: "POST" as const,
      headers: { ...contractHeaders, "Content-Type": "application/json" },
      body: JSON.stringify({ units: [{ sku_no: "S1", sku_num: 1 }] }),
    };
    const http = contract(await send(overHttp, post));
    const local = contract(await send(inProcess, post));
    expect(local).toEqual(http);
    expect(local.status).toBe(201);
    expect(local.request.body).toEqual({ units: [{ sku_no: "S1", sku_num: 1 }] });
  });
});

describe("abuse: what an attacker puts in a cookie or a forwarded header", () => {
  it("a forged forwarding chain makes the same shopper address either way", async () => {
    const headers = { ...contractHeaders, "X-Forwarded-For": "10.0.0.1, 198.51.100.9", Forwarded: "for=10.0.0.1", "X-Real-IP": "10.0.0.1" };
    const http = contract(await send(overHttp, { headers }));
    const local = contract(await send(inProcess, { headers }));
    expect(local).toEqual(http);
    expect(local.request.ip).toBe("198.51.100.9");
  });

  it.each([
    ["a CR LF in a value (a percent-encoded cookie, decoded)", { ...contractHeaders, "saas-token": "t\r\nLogin-Credential: stolen" }],
    ["a NUL in a value", { ...contractHeaders, "saas-token": "t\u0000x" }],
    ["a header name that is not a token", { ...contractHeaders, "Login Credential: stolen\r\nX": "1" }],
  ])("%s never reaches the services, as over HTTP", async (_what, headers) => {
    const before = services.reached();
    await expect(send(overHttp, { headers })).rejects.toThrow();
    await expect(send(inProcess, { headers })).rejects.toThrow();
    expect(services.reached()).toBe(before);
  });
});
