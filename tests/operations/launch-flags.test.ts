// One set of V8 heap flags for every launch of the shop (architecture review 11c, R2; decision 034): `npm start`, the
// systemd unit, `npm run demo`, the bench and the security tests (SERVER_NODE_ARGS) and Playwright's server. Start-up
// logs the heap limit V8 took from them, and warns in production when a process was started without them.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { afterAll, expect, it } from "vitest";
import playwrightConfig from "../../playwright.config";
import { SERVER_NODE_ARGS, SERVER_V8_FLAGS } from "../../scripts/setup.mjs";
import { sharedShop, startShop, type Shop } from "../security/shop";

const flags = SERVER_V8_FLAGS.join(" ");

/** The heap limit in MB a Node process started with these flags gets, as V8 reports it. */
const heapLimitWith = (v8Flags: string[]) =>
  Math.round(
    Number(execFileSync(process.execPath, [...v8Flags, "-p", "require('node:v8').getHeapStatistics().heap_size_limit"], { encoding: "utf8" })) / 2 ** 20,
  );

/** The log lines of a start with this message. */
const linesOf = (log: string, msg: string) =>
  log
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { msg: string; level: number; heapLimitMb?: number })
    .filter((line) => line.msg === msg || line.msg.startsWith(msg));

it("every launch the shop ships runs the server with the same V8 flags", () => {
  const packageJson = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
  expect(packageJson.scripts.start).toContain(`node ${flags} build/boot.js`);
  const execStart = readFileSync("deploy/systemd/shop.service", "utf8").match(/^ExecStart=(.*)$/m)?.[1];
  expect(execStart).toMatch(new RegExp(`/node ${flags} build/boot\\.js$`));
  const webServer = playwrightConfig.webServer;
  expect(webServer && !Array.isArray(webServer) ? webServer.command : "").toContain(`${process.execPath} ${SERVER_NODE_ARGS.join(" ")}`);
  expect(SERVER_NODE_ARGS.slice(0, SERVER_V8_FLAGS.length)).toEqual(SERVER_V8_FLAGS);
});

it("start-up logs the heap limit the shipped flags give, and no warning about it", () => {
  const log = sharedShop().log();
  const [line] = linesOf(log, "V8 heap limit");
  expect(line?.heapLimitMb).toBe(heapLimitWith(SERVER_V8_FLAGS));
  // the old generation's 512 MB and the young generation's three semi-spaces
  expect(line?.heapLimitMb).toBeLessThan(1024);
  expect(linesOf(log, "V8 堆上限")).toEqual([]);
});

let bare: Shop | undefined;
afterAll(() => bare?.close());

it("a production start with other flags logs the limit it got and warns with what to run instead", async () => {
  // what V8 gives without --max-old-space-size on a machine with a few GB of memory
  const other = ["--max-old-space-size=2048"];
  bare = await startShop({ env: { LOG_LEVEL: "info" }, v8Flags: other });
  const log = bare.log();
  expect(linesOf(log, "V8 heap limit")[0]?.heapLimitMb).toBe(heapLimitWith(other));
  const [warning] = linesOf(log, "V8 堆上限");
  expect(warning?.level).toBe(40);
  expect(warning?.msg).toContain("npm start");
}, 60_000);
