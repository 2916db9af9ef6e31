import { Link } from "@remix-run/react";
import type { ElementType } from "react";
import type { CaptchaChallenge } from "~/api/member.server";
import { CloseIcon } from "~/components/captcha-widget";
import { Logo } from "~/components/layout/logo";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShopHref } from "~/hooks/use-shop-href";
import { resetTitle, type LoginActionData, type LoginTab, type ResetMember } from "./login-fields";
import { PasswordLoginForm } from "./password-login-form";
import { PhoneLoginForm } from "./phone-login-form";

/**
 * The login panel: close link, title, the two tabs (links) and the tab's form; the /login page
 * shows it too. `reset` is 设置密码 / 忘记密码 (issue 25): its own title, no tabs, a way back to the
 * password tab for a visitor; the password tab links to it when the services have the extension.
 */
interface LoginPanelProps {
  tab: LoginTab;
  passwordReset: boolean;
  member: ResetMember | null;
  redirectTo: string;
  closeHref: string;
  challenge: CaptchaChallenge | null;
  /** The action's answer after a post without JavaScript (the /login page). */
  actionData: LoginActionData | null;
  tabHref(tab: LoginTab): string;
  Title?: ElementType;
}

export function LoginPanel({ tab, passwordReset, member, redirectTo, closeHref, challenge, actionData, tabHref, Title = "h1" }: LoginPanelProps) {
  const shopHref = useShopHref();
  const tabs: { key: LoginTab; label: string }[] = [
    { key: "captcha", label: "手机号登录" },
    { key: "pwd", label: "密码登录" },
  ];
  const hydrated = useHydrated();
  return (
    <div className="relative" data-login-panel={hydrated ? "enhanced" : "plain"}>
      <Link
        to={closeHref}
        replace
        preventScrollReset
        aria-label="关闭登录"
        className="absolute -right-3 -top-3 flex h-11 w-11 items-center justify-center rounded-full text-ink-faint hover:bg-white/5 hover:text-ink max-sm:-right-1 max-sm:-top-2"
      >
        <CloseIcon />
      </Link>
      <div className="flex flex-col items-center gap-3">
        <Logo />
        <Title id="login-title" className="text-xl font-bold text-ink">
          {tab === "reset" ? resetTitle(member) : "登录你的游戏商城"}
        </Title>
        {tab === "reset" ? <p className="text-center text-sm text-ink-muted">验证手机号后设置新的登录密码</p> : null}
      </div>
      {tab === "reset" ? null : (
        <nav aria-label="登录方式" className="mt-6 flex border-b border-surface-line">
          {tabs.map(({ key, label }) => (
            <Link
              key={key}
              to={tabHref(key)}
              replace
              preventScrollReset
              aria-current={tab === key ? "page" : undefined}
              className={`-mb-px flex min-h-11 flex-1 items-center justify-center border-b-2 pb-1 text-center text-[15px] transition-colors ${
                tab === key ? "border-primary-500 font-semibold text-ink" : "border-transparent text-ink-muted hover:text-ink"
              }`}
            >
              {label}
            </Link>
          ))}
        </nav>
      )}
      <div className="mt-6">
        {tab === "captcha" ? (
          <PhoneLoginForm key="captcha" redirectTo={redirectTo} tab={tab} challenge={challenge} actionData={actionData} />
        ) : tab === "pwd" ? (
          <PasswordLoginForm key="pwd" redirectTo={redirectTo} tab={tab} challenge={challenge} actionData={actionData} />
        ) : (
          <PhoneLoginForm key="reset" setPassword redirectTo={redirectTo} tab={tab} challenge={challenge} actionData={actionData} member={member} />
        )}
      </div>
      {(tab === "pwd" && passwordReset) || (tab === "reset" && !member) ? (
        <p className="mt-3 text-right text-sm">
          <Link to={tabHref(tab === "pwd" ? "reset" : "pwd")} replace preventScrollReset className="text-primary-400 hover:underline">
            {tab === "pwd" ? "忘记密码" : "返回密码登录"}
          </Link>
        </p>
      ) : null}
      {/* a member's 设置密码 / 修改密码 is no login: no consent to log in; a visitor's 重置密码 logs in */}
      {tab === "reset" && member ? null : (
        <p className="mt-5 text-center text-xs leading-5 text-ink-faint">
          {tab === "reset" ? "确认设置即表示您已阅读并同意" : "点击登录即表示您已阅读并同意"}
          <span className="whitespace-nowrap">
            《
            <a href={shopHref("/protocols/user")} target="_blank" rel="noopener" className="text-primary-400 underline underline-offset-2">
              用户协议
            </a>
            》
          </span>
          和
          <span className="whitespace-nowrap">
            《
            <a href={shopHref("/protocols/privacy")} target="_blank" rel="noopener" className="text-primary-400 underline underline-offset-2">
              隐私条例
            </a>
            》
          </span>
        </p>
      )}
    </div>
  );
}
