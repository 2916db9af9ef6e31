// The providers' SDKs are loaded at a provider's first message or payment, never at start (server/trade/providers/
// loaded-on-first-use.ts): Aliyun's SMS SDK alone took 3 s to load on a busy machine, in every worker of every start,
// and pushed the start-up tests past their 45 s; Alipay's cost every start ~0.5 CPU s, in the demo too. Told from the server's bundle as `npm start` runs it: a
// static import there is loaded before the first line of boot.ts runs.
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { SERVER_ENTRY } from "../../scripts/setup.mjs";
import { ensureServerBundle } from "../../scripts/build-server.mjs";

const SDKS = ["@alicloud/dysmsapi20170525", "@alicloud/openapi-core", "tencentcloud-sdk-nodejs-sms", "nodemailer", "alipay-sdk"];
let bundle: string;
beforeAll(() => {
  ensureServerBundle();
  bundle = readFileSync(SERVER_ENTRY, "utf8");
});

describe("the server's start", () => {
  it.each(SDKS)("does not load %s: it is imported where a message is sent or a payment made", (sdk) => {
    const quoted = JSON.stringify(sdk);
    expect(bundle).toContain(`import(${quoted})`);
    expect(bundle).not.toMatch(new RegExp(`^import [^;]*from ${quoted.replace(/[/.]/g, "\\$&")};?$`, "m"));
  });
});
