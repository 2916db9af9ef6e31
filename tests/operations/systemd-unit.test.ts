// The shipped systemd unit as written (operator trial M4): an unprivileged user, the secret in an environment file and
// not in the unit, the shop on loopback behind nginx, the public origin set. Its ExecStart runs here with the unit's
// and the example file's environment, as the unit's kind of user (nobody), and serves on 127.0.0.1 only.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { freePort } from "../bench/server";

const unit = readFileSync("deploy/systemd/shop.service", "utf8");
const settings = (text: string, key: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));
const assignments = (words: string[]) => Object.fromEntries(words.flatMap((line) => line.split(/\s+/)).map((pair) => pair.split(/=(.*)/s, 2)));

it("names an unprivileged user, an environment file for the secrets, loopback and production, and holds no secret", () => {
  expect(settings(unit, "User")).toEqual(["shop"]);
  expect(settings(unit, "EnvironmentFile")).toEqual(["/etc/shop/shop.env"]);
  expect(assignments(settings(unit, "Environment"))).toMatchObject({ NODE_ENV: "production", HOST: "127.0.0.1" });
  expect(unit).not.toMatch(/SECRET=/);
  const example = readFileSync("deploy/systemd/shop.env.example", "utf8");
  expect(assignments(settings(example, "CN_BASE_URL"))).toBeDefined();
  // the example's secret and SMS provider are empty: a shop started from it unedited refuses to start
  expect(settings(example, "SESSION_SECRET")).toEqual([""]);
  expect(settings(example, "SMS_PROVIDER")).toEqual([""]);
});

it("its ExecStart, run as written by an unprivileged user, serves on loopback only", async () => {
  const dir = mkdtempSync(join(tmpdir(), "shop-systemd-"));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const example = Object.fromEntries(
    readFileSync("deploy/systemd/shop.env.example", "utf8")
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => line.split(/=(.*)/s, 2)),
  );
  const env = {
    PATH: process.env.PATH,
    ...example,
    ...assignments(settings(unit, "Environment")),
    // what the operator fills in, and this test's own places
    SESSION_SECRET: "systemd-unit-test-session-secret-0123456789",
    SMS_PROVIDER: "none",
    SMS_NONE_ACKNOWLEDGED: "1",
    DB_FILE: join(dir, "shop.sqlite"),
    DB_CREATE: "1",
    PORT: String(port),
    METRICS_PORT: "",
  };
  // the unit's WorkingDirectory is this checkout here
  const [command, ...args] = settings(unit, "ExecStart")[0].replaceAll(settings(unit, "WorkingDirectory")[0], process.cwd()).split(/\s+/);
  const asNobody = process.getuid?.() === 0;
  const child = spawn(asNobody ? "runuser" : command, asNobody ? ["-u", "nobody", "--", command, ...args] : args, {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  try {
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${port}/readyz`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(200);
    const other = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === "IPv4" && !address.internal);
    if (other) await expect(fetch(`http://${other.address}:${port}/readyz`)).rejects.toThrow();
    expect(output).not.toContain(env.SESSION_SECRET);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
