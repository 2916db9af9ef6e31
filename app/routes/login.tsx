// /login: the login modal as a page (for shoppers without JavaScript, after a post) and the one
// action every login form posts to. Everything of logging in lives in app/login/.
import type { MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, Link, useActionData, useLoaderData, useRouteError } from "@remix-run/react";
import { notAfterPosts } from "~/lib/revalidation";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import type { ShellHandle } from "~/lib/route-handle";
import { loginAction, loginLoader } from "~/login/login-action.server";
import type { LoginIntent, LoginTab } from "~/login/login-fields";
import { loginHref } from "~/login/login-href";
import { LoginPanel } from "~/login/login-panel";

export const handle: ShellHandle = { withHeader: true, withSidebar: false, group: "cn" };

export const meta: MetaFunction = () => [{ title: "登录 - TTS游戏商城" }, { name: "robots", content: "noindex" }];

export const loader = loginLoader;
export const action = loginAction;

// The slider's challenge is a fetcher's load of this loader (captcha-widget.tsx), asked for when the
// captcha opens, on 换一张 and after a failure. Revalidating it after a login post (获取验证码
// itself) swapped the challenge on screen for a new one and held the send-code fetcher in
// "loading" until that reload was done: on a busy machine the captcha stayed open on 加载中… and
// 验证码已发送 never showed. The page's own text challenge is only used without JavaScript, where
// every post is a document load anyway.
export const shouldRevalidate = notAfterPosts;

export default function LoginPage() {
  const { tab, passwordReset, member, redirectTo, challenge } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // after a post without JavaScript, the tab follows the form that was sent
  const shownTab = shownTabOf(actionData?.intent, actionData?.values?.purpose) ?? tab;
  return (
    <div className="flex justify-center py-6">
      <div className={cardClass("xl", "w-[488px] max-w-full shadow-2xl")}>
        <LoginPanel
          tab={shownTab}
          passwordReset={passwordReset}
          member={member}
          redirectTo={redirectTo}
          closeHref={redirectTo}
          challenge={challenge}
          actionData={actionData ?? null}
          tabHref={(tab) => loginHref("/login", { tab, redirectTo })}
        />
      </div>
    </div>
  );
}

function shownTabOf(intent: LoginIntent | "unknown" | undefined, purpose: "set-password" | undefined): LoginTab | null {
  if (intent === "set-password" || (intent === "send-code" && purpose === "set-password")) return "reset";
  if (intent === "pwd-login") return "pwd";
  if (intent === "captcha-login" || intent === "send-code") return "captcha";
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? String(error.data || "") : "";
  return (
    <div className="py-16 text-center">
      <h1 className="text-xl font-bold">登录暂时无法完成</h1>
      <p className="mt-3 text-ink-muted">{message || "请稍后再试"}</p>
      <Link to={loginHref("/")} className={buttonClass({ size: "lg", className: "mt-6" })}>
        重新登录
      </Link>
    </div>
  );
}
