import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

const SECRET = "k".repeat(32);

describe("the storefront's environment", () => {
  it("has a working default for everything outside production", () => {
    const e = parseEnv({ NODE_ENV: "test" });
    expect(e).toMatchObject({
      nodeEnv: "test",
      production: false,
      tradeApiUrl: "http://127.0.0.1:3000",
      cnBaseUrl: "",
      hkBaseUrl: "",
      icpHiddenHostMarker: "",
      csChatScriptUrl: "/cs-chat.js",
    });
    expect(e.cookieSecret).toHaveLength(64);
  });

  it("reads what the host configured; empty values count as unset", () => {
    const e = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      TRADE_API_URL: "",
      CN_BASE_URL: "https://shop.example",
      COOKIE_SECRET: SECRET,
      CS_CHAT_SCRIPT_URL: "",
    });
    expect(e).toMatchObject({
      production: true,
      tradeApiUrl: "http://127.0.0.1:8080",
      cnBaseUrl: "https://shop.example",
      cookieSecret: SECRET,
      csChatScriptUrl: "/cs-chat.js",
    });
    expect(parseEnv({ NODE_ENV: "test", TRADE_API_URL: "http://api.internal:9000" }).tradeApiUrl).toBe("http://api.internal:9000");
  });

  it.each([
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ CN_BASE_URL: "ftp://shop.example", COOKIE_SECRET: SECRET }, "CN_BASE_URL"],
    [{ PORT: "99999", COOKIE_SECRET: SECRET }, "PORT"],
    [{ NODE_ENV: "test", COOKIE_SECRET: "short" }, "COOKIE_SECRET"],
    [{ NODE_ENV: "production" }, "COOKIE_SECRET"],
  ])("refuses %j, naming %s", (source, name) => {
    expect(() => parseEnv(source)).toThrow(name);
  });
});
