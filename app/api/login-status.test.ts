// One login_status per request (issue 40): the root loader and a route's loader share the answer their request's
// client got; logging in or out through that client asks again.
import { expect, it } from "vitest";
import type { TradeApi } from "./client.server";
import { captchaLogin, getLoginStatus, logout } from "./member.server";

function countingApi() {
  const asked: string[] = [];
  const answer = (path: string) => {
    asked.push(path);
    return Promise.resolve({
      ok: true as const,
      result: path.endsWith("login_status") ? { member_id: asked.length, member_name: "m", mobile: "1", channel_id: "1" } : {},
    });
  };
  const api = {
    credential: "credential-of-a-member",
    urlParams: { channelId: "", channelName: "", storeId: "official" },
    get: (path: string) => answer(path),
    post: (path: string) => answer(path),
  } as unknown as TradeApi;
  return { api, statusAsked: () => asked.filter((path) => path.endsWith("login_status")).length };
}

it("asks the services once per request's client, whoever asks", async () => {
  const { api, statusAsked } = countingApi();
  const [root, route] = await Promise.all([getLoginStatus(api), getLoginStatus(api)]);
  await getLoginStatus(api);
  expect(statusAsked()).toBe(1);
  expect(route).toBe(root);
  // another request (another client) asks for itself
  const other = countingApi();
  await getLoginStatus(other.api);
  expect(other.statusAsked()).toBe(1);
});

it("asks again after the same request logged out or in: a status from before is not reused", async () => {
  const { api, statusAsked } = countingApi();
  await getLoginStatus(api);
  await logout(api);
  await getLoginStatus(api);
  expect(statusAsked()).toBe(2);
  await captchaLogin(api, { mobile: "+86-13800138000", sms_code: "123456" });
  await getLoginStatus(api);
  expect(statusAsked()).toBe(3);
});
