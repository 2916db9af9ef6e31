// /readyz when the database stops taking writes (operator trial L2, §3g): the shop's database on a
// small file system of its own, filled up as a full disk is. Every write then fails, so a load
// balancer must stop sending orders here: /readyz answers 503 while the disk is full and 200 again,
// without a restart, once space is freed. Root needed (mount); skipped with a message otherwise.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, openSync, closeSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort } from "../bench/server";
import { startShop, type Shop } from "../security/shop";

const root = process.getuid?.() === 0;
if (!root) console.warn("/readyz on a full disk: skipped, mounting a small file system needs root");

let mountPoint: string;
let shop: Shop;
let mounted = false;
let metricsUrl: string;

/** Fills the file system with one file until it refuses another byte; returns the file. */
function fillUp(dir: string): string {
  const file = join(dir, "filler");
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    closeSync(fd);
  }
  // the last partial blocks too
  const tail = openSync(join(dir, "filler-tail"), "w");
  try {
    for (;;) writeSync(tail, Buffer.alloc(512, 1));
  } catch {
    // full
  } finally {
    closeSync(tail);
  }
  return file;
}

async function readyz() {
  const answer = await fetch(`${shop.url}/readyz`);
  return { status: answer.status, body: (await answer.json()) as { status: string } };
}

describe.skipIf(!root)("/readyz and a full disk", () => {
  beforeAll(async () => {
    mountPoint = mkdtempSync(join(tmpdir(), "shop-full-disk-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=48m", "tmpfs", mountPoint]);
    mounted = true;
    const data = join(mountPoint, "data");
    mkdirSync(data);
    cpSync(inject("seededTemplate"), data, { recursive: true });
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    shop = await startShop({ env: { DB_FILE: join(data, "shop.sqlite"), METRICS_PORT: String(metricsPort) } });
  }, 90_000);

  afterAll(async () => {
    await shop?.close();
    if (mounted) execFileSync("umount", [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it("answers 503 while writes fail and 200 again once space is freed, without a restart", async () => {
    expect(await readyz()).toEqual({ status: 200, body: { status: "ready" } });
    const filler = fillUp(mountPoint);
    await expect.poll(readyz, { timeout: 5_000 }).toEqual({ status: 503, body: { status: "database refuses writes" } });
    expect(await readyz()).toEqual({ status: 503, body: { status: "database refuses writes" } });
    // a shopper's write meanwhile (a captcha asked for: its challenge is a row) fails, and the metrics count it
    const writes = async () => Number((await (await fetch(metricsUrl)).text()).match(/^shop_database_errors_total\{cause="full"\} (\d+)$/m)?.[1]);
    const before = await writes();
    for (let i = 0; i < 3; i++) {
      const answer = await fetch(`${shop.url}/api/common_bll/v1/geetest4/load?type=text`);
      expect(answer.status).toBe(500);
    }
    // the three, and whatever the background jobs (in this one process) failed to write meanwhile
    expect(await writes()).toBeGreaterThanOrEqual(before + 3);
    unlinkSync(filler);
    unlinkSync(join(mountPoint, "filler-tail"));
    await expect.poll(readyz, { timeout: 5_000 }).toEqual({ status: 200, body: { status: "ready" } });
  }, 60_000);
});
