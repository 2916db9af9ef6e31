// The services share their database file with other writers: the admin script, a second worker,
// a test's own connection. A transaction that reads and then writes must take the write lock
// first (BEGIN IMMEDIATE): a deferred one that finds another writer's commit after its read fails
// at once with SQLITE_BUSY (no busy wait can help a stale snapshot), and the shopper got a 500.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "./harness";
import { API, freshAddress, freshMobile, from, passedLot } from "./member-helpers";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe("with another process writing to the database at the same time", () => {
  it("captcha challenges, code sends and SMS logins never answer 500 (262 did before)", async () => {
    // the writer writes for 4 s from the moment it says it is ready; the requests run in its first 3.5 s
    const writer = spawn(process.execPath, ["--import", "tsx", "tests/api/fixtures/busy-writer.ts", h.store.sqlite.name, "4000"]);
    let stderr = "";
    writer.stderr.on("data", (chunk) => (stderr += chunk));
    const lines = createInterface({ input: writer.stdout })[Symbol.asyncIterator]();
    expect((await lines.next()).value, stderr).toBe("ready");
    const startAt = Date.now();
    const statuses: number[] = [];
    const until = startAt + 3_500;
    while (Date.now() < until) {
      const address = freshAddress();
      const mobile = freshMobile();
      const lot = await passedLot(h, address);
      const sent = await h.api(`${API}/member/sms_captcha`, { method: "POST", headers: from(address), json: { mobile, sms_type: "LOGIN", lot_number: lot } });
      statuses.push(sent.status);
      const code = h.store.sqlite
        .prepare("SELECT body FROM outbox_messages WHERE channel = 'SMS' AND recipient = ? ORDER BY id DESC LIMIT 1")
        .pluck()
        .get(mobile) as string | undefined;
      const login = await h.api(`${API}/member/action/captcha_login`, {
        method: "POST",
        headers: from(address),
        json: { mobile, sms_code: /(\d{6})/.exec(code ?? "")?.[1] ?? "000000" },
      });
      statuses.push(login.status);
    }
    const writes = Number((await lines.next()).value);
    // ~800 writes on a quiet machine; 80 with both cores busy
    expect(writes, "the other process did write meanwhile").toBeGreaterThan(20);
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200)).toBe(true);
  }, 30_000);
});
