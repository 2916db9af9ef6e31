// common_bll/ext/member: the member's e-mail on the account, an extension of the contract
// (docs/api.md, decision 058). A backend without it answers 404: the storefront then offers no
// e-mail on the account and promises no mail it cannot know of.
import { Router } from "express";
import { z } from "zod";
import { EMAIL_MAX_LENGTH } from "../../../shared/email";
import type { TradeDeps } from "../deps";
import { parse, send } from "../http/envelope";
import { memberContact, setMemberEmail } from "../services/member-contact.service";
import { requireMember } from "./member-auth";

const EmptyQuery = z.strictObject({});
/** "" removes the e-mail; the format is the service's check, so its message is the spec's 邮箱格式有误. */
const EmailBody = z.object({ email: z.string().max(EMAIL_MAX_LENGTH + 20) });

export function memberContactRouter(deps: TradeDeps) {
  const router = Router();

  router.get("/contact", (req, res) => {
    const member = requireMember(deps, res);
    parse(EmptyQuery, req.query);
    send(res, memberContact(deps, member));
  });

  router.post("/contact/email", (req, res) => {
    const member = requireMember(deps, res);
    const { email } = parse(EmailBody, req.body);
    send(res, setMemberEmail(deps, member, email));
  });

  return router;
}
