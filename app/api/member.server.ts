// member/*: login status (and, with the accounts work, login, logout, captcha).
import { z } from "zod";
import type { TradeApi } from "./client.server";

export const MemberSchema = z.object({
  member_id: z.number(),
  member_name: z.string(),
  mobile: z.string(),
  channel_id: z.string().default("1"),
});
export type Member = z.infer<typeof MemberSchema>;

export function getLoginStatus(api: TradeApi) {
  return api.get("/api/common_bll/v1/member/login_status", MemberSchema);
}
