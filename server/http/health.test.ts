import Database from "better-sqlite3";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { openStore, type Store } from "../../db/client";
import { databaseAnswers, healthRouter, tradeServicesAnswer } from "./health";

async function probe(path: string, options: { stopping?: boolean; closed?: boolean } = {}) {
  const store = openStore(":memory:");
  if (options.closed) store.sqlite.close();
  const server = express()
    .use(healthRouter([databaseAnswers(store)], () => Boolean(options.stopping)))
    .listen(0, "127.0.0.1");
  await once(server, "listening");
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: answer.status, body: await answer.json() };
  } finally {
    server.close();
    if (!options.closed) store.close();
  }
}

describe("the probes", () => {
  it("answer only their exact spelling: no trailing slash, no other case (review 2026-11c L3)", async () => {
    const store = openStore(":memory:");
    const server = express()
      .use(healthRouter([databaseAnswers(store)], () => false))
      .listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const status = async (path: string) => (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`)).status;
      expect(await status("/readyz")).toBe(200);
      expect(await status("/healthz")).toBe(200);
      for (const path of ["/readyz/", "/READYZ", "/Readyz", "/healthz/", "/Healthz", "/HEALTHZ/"]) expect(await status(path), path).toBe(404);
    } finally {
      server.close();
      store.close();
    }
  });

  it("/readyz is 503 once shutdown began, so a load balancer drains the process; /healthz stays 200", async () => {
    expect(await probe("/readyz", { stopping: true })).toEqual({ status: 503, body: { status: "stopping" } });
    expect(await probe("/healthz", { stopping: true })).toEqual({ status: 200, body: { status: "ok" } });
  });

  it("/readyz is 503 when the database does not answer", async () => {
    expect(await probe("/readyz", { closed: true })).toEqual({ status: 503, body: { status: "database unavailable" } });
    expect(await probe("/readyz")).toEqual({ status: 200, body: { status: "ready" } });
  });
});

describe("/readyz and writes (operator trial L2)", () => {
  it("is 503 on a connection that cannot write, 200 on one that can, and rewrites one heartbeat row", async () => {
    const dir = mkdtempSync(join(tmpdir(), "shop-health-"));
    const file = join(dir, "shop.sqlite");
    const writable = openStore(file);
    const readonly = new Database(file, { readonly: true });
    const ask = async (store: Store) => {
      const server = express()
        .use(healthRouter([databaseAnswers(store)], () => false))
        .listen(0, "127.0.0.1");
      await once(server, "listening");
      try {
        const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/readyz`);
        return { status: answer.status, body: await answer.json() };
      } finally {
        server.close();
      }
    };
    try {
      expect(await ask({ ...writable, sqlite: readonly })).toEqual({ status: 503, body: { status: "database refuses writes" } });
      expect(await ask(writable)).toEqual({ status: 200, body: { status: "ready" } });
      expect(await ask(writable)).toEqual({ status: 200, body: { status: "ready" } });
      expect(writable.sqlite.prepare("SELECT count(*) FROM readiness_heartbeat").pluck().get()).toBe(1);
      // the probe's own short wait for the write lock does not stay on the connection
      expect(writable.sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
    } finally {
      readonly.close();
      writable.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a storefront's /readyz", () => {
  it("is 503 while the trade services it reaches do not answer ready, 200 once they do", async () => {
    let tradeReady = false;
    const trade = express()
      .get("/readyz", (_req, res) => void res.status(tradeReady ? 200 : 503).json({}))
      .listen(0, "127.0.0.1");
    await once(trade, "listening");
    const tradeUrl = `http://127.0.0.1:${(trade.address() as AddressInfo).port}`;
    const storefront = express()
      .use(healthRouter([tradeServicesAnswer(tradeUrl)], () => false))
      .listen(0, "127.0.0.1");
    await once(storefront, "listening");
    const readyz = async () => {
      const answer = await fetch(`http://127.0.0.1:${(storefront.address() as AddressInfo).port}/readyz`);
      return { status: answer.status, body: await answer.json() };
    };
    try {
      expect(await readyz()).toEqual({ status: 503, body: { status: "trade services not ready" } });
      tradeReady = true;
      expect(await readyz()).toEqual({ status: 200, body: { status: "ready" } });
      trade.close();
      trade.closeAllConnections();
      expect(await readyz()).toEqual({ status: 503, body: { status: "trade services unavailable" } });
    } finally {
      storefront.close();
      trade.close();
    }
  });
});
