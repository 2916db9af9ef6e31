// `npm run admin -- operator:create NAME` as an operator runs it on a shop's own database (docs/deploy.md): the real
// script in a child process, the password piped to its standard input. It refuses a password too easy to guess
// (decision 065), a short one and a taken name, in Chinese, creating nothing; and a password is never echoed: not to
// standard output or error (where the script's logger writes too), not to the audit log, not in any file of the database.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "../db/client";
import { auditLog, operators } from "../db/schema";
import { ADMIN_ENTRY } from "../scripts/setup.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const STRONG = "violet kettle under 9 rafters";

let dir: string;
let dbFile: string;
/** Every password given to the script, to look for in its output and files. */
const given: string[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "shop-operator-"));
  dbFile = join(dir, "shop.sqlite");
  // a production start's database: migrated and empty
  openStore(dbFile).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The script with `password` and a newline on its standard input, as `printf '%s\n' "$PASSWORD" | npm run admin -- …`. */
function operatorCreate(name: string, password: string): Promise<{ code: number; output: string }> {
  given.push(password);
  const env = { ...process.env, DB_FILE: dbFile, NODE_ENV: "production", SESSION_SECRET: undefined, CN_BASE_URL: undefined } as NodeJS.ProcessEnv;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [ADMIN_ENTRY, "operator:create", name], { cwd: root, env });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", fail);
    child.on("close", (code) => {
      // never echoed, to standard output or error (where the script's logger writes too)
      if (password.trim()) expect(output).not.toContain(password);
      done({ code: code ?? 1, output });
    });
    child.stdin.end(`${password}\n`);
  });
}

const rows = () => {
  const store = openStore(dbFile);
  try {
    return { operators: store.db.select().from(operators).all(), audit: store.db.select().from(auditLog).all() };
  } finally {
    store.close();
  }
};

describe("npm run admin -- operator:create", () => {
  it("refuses a password that is easy to guess though long enough, in Chinese, and creates nobody", async () => {
    // more kinds of weak password in seed/operator-password.test.ts: a run of the script costs seconds
    for (const weak of ["            ", "password1234"]) {
      const run = await operatorCreate("ops", weak);
      expect(run.code, weak).toBe(1);
      expect(run.output).toContain("密码太容易猜到");
      expect(run.output).toContain("未创建操作员");
    }
    expect(rows().operators).toEqual([]);
  }, 60_000);

  it("refuses a short password", async () => {
    expect(await operatorCreate("ops", "short pass")).toMatchObject({ code: 1, output: expect.stringContaining("密码至少 12 个字符") });
    expect(rows().operators).toEqual([]);
  }, 30_000);

  it("creates an operator with a good password, then refuses the same name again and keeps the first", async () => {
    const created = await operatorCreate("ops", STRONG);
    expect(created.code).toBe(0);
    expect(created.output).toContain("已创建操作员 ops");
    expect(created.output).toMatch(/动态验证码密钥（TOTP）：[A-Z2-7]{16,}/);
    const first = rows().operators;
    expect(first).toMatchObject([{ name: "ops" }]);

    const again = await operatorCreate("ops", "another violet kettle 7 rafters");
    expect(again).toMatchObject({ code: 1, output: expect.stringContaining("操作员已存在：ops") });
    expect(again.output).not.toContain("动态验证码密钥");
    expect(rows().operators).toEqual(first);
  }, 30_000);

  it("keeps no password given to it in the audit log or the database's files", () => {
    expect(given.length).toBe(5);
    const { audit, operators: created } = rows();
    const audited = JSON.stringify(audit);
    const files = readdirSync(dir).map((file) => readFileSync(join(dir, file)).toString("latin1"));
    for (const password of given.filter((p) => p.trim())) {
      expect(audited).not.toContain(password);
      expect(created[0]!.passwordHash).not.toContain(password);
      for (const bytes of files) expect(bytes).not.toContain(Buffer.from(password).toString("latin1"));
    }
  });
});
