// The member menu of the header (spec/01 §2 "Header"): member_name opens 查询我的订单, 我的优惠券,
// 我的账户 (decision 058: the mobile and the e-mail kept on the account), 设置密码 (issue 25: the login modal's 设置密码 over this page, when the services have the password
// extension), a divider and 退出登录. The server HTML is a native <details> disclosure with real links and a
// logout form (works without JavaScript); once hydrated it is a menu button. Choosing the entry of
// the current page does nothing; the guarded pages check the login before showing (requireMember),
// which is the validity check before navigating. Only members see it, so the header loads its code
// only for them (site-header.tsx).
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useShopHref } from "~/hooks/use-shop-href";
import { resetTitle } from "~/login/login-fields";
import { loginHref } from "~/login/login-href";

const ENTRIES = [
  { to: "/order/list", label: "查询我的订单" },
  { to: "/coupon", label: "我的优惠券" },
  { to: "/account", label: "我的账户" },
] as const;

const surface = "w-44 rounded-xl bg-surface-overlay p-1.5 text-sm shadow-2xl ring-1 ring-surface-line focus:outline-none";
const panel = `absolute right-0 top-full z-50 mt-2 ${surface}`;
const item = "flex w-full items-center rounded-lg px-3 py-2 max-sm:min-h-11 text-left text-ink hover:bg-white/5 hover:text-primary-400";

export function MemberMenu({ memberName, hasPassword, passwordReset }: { memberName: string; hasPassword?: boolean; passwordReset: boolean }) {
  const shopHref = useShopHref();
  // 修改密码 once the member has one (has_password, an extension a backend may leave out)
  const passwordLabel = resetTitle({ hasPassword: hasPassword ?? null });
  // over this page's path only: the address's query may carry anything (a pay_url of another site,
  // tests/security/pay-url.test.ts), and a member's menu never repeats it
  const { pathname } = useLocation();
  const resetHref = loginHref(pathname, { tab: "reset" });
  const hydrated = useHydrated();
  const submit = useSubmit();
  const details = useRef<HTMLDetailsElement>(null);

  if (!hydrated) {
    return (
      <details ref={details} className="group relative shrink-0">
        <summary data-testid="member-name" className={`${trigger} list-none [&::-webkit-details-marker]:hidden`}>
          <MemberLabel name={memberName} />
        </summary>
        <nav aria-label="会员菜单" className={panel}>
          {ENTRIES.map((entry) =>
            // the entry of the current page leads nowhere
            pathname === entry.to ? (
              <span key={entry.to} aria-current="page" className={`${item} cursor-default text-primary-400 hover:bg-transparent`}>
                {entry.label}
              </span>
            ) : (
              <a key={entry.to} href={shopHref(entry.to)} className={item}>
                {entry.label}
              </a>
            ),
          )}
          {passwordReset ? (
            <a href={resetHref} className={item}>
              {passwordLabel}
            </a>
          ) : null}
          <hr className="my-1 border-surface-line" />
          <Form method="post" action="/login">
            <button type="submit" name="intent" value="logout" className={item}>
              退出登录
            </button>
          </Form>
        </nav>
      </details>
    );
  }

  return (
    <MemberMenuButton
      memberName={memberName}
      pathname={pathname}
      resetHref={passwordReset ? resetHref : null}
      passwordLabel={passwordLabel}
      // a disclosure opened before the menu took over stays open as the menu
      initiallyOpen={details.current?.open ?? false}
      onLogout={() => submit({ intent: "logout" }, { method: "post", action: "/login" })}
    />
  );
}

/**
 * The menu button pattern of WAI-ARIA (what Headless UI's Menu did here, in a few lines instead of
 * ~20 kB gzipped on every page): the button toggles a `menu`; arrows, Home and End move between
 * the items, Escape closes and returns to the button, Tab or a click outside closes.
 */
function MemberMenuButton({
  memberName,
  pathname,
  resetHref,
  passwordLabel,
  initiallyOpen,
  onLogout,
}: {
  memberName: string;
  pathname: string;
  /** The 设置密码 entry's address; null without the password extension. */
  resetHref: string | null;
  /** 设置密码 or 修改密码. */
  passwordLabel: string;
  initiallyOpen: boolean;
  onLogout(): void;
}) {
  const shopHref = useShopHref();
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wanted = useRef<"first" | "last" | null>(null);
  const items = () => Array.from(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = (refocus = false) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const openAt = (at: "first" | "last" | null) => {
    wanted.current = at;
    setOpen(true);
  };

  // the item asked for by the key that opened the menu, else the menu itself, takes the focus
  useEffect(() => {
    if (!open) return;
    const list = items();
    const at = wanted.current;
    (at === "last" ? list[list.length - 1] : at === "first" ? list[0] : root.current?.querySelector<HTMLElement>('[role="menu"]'))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") openAt("first");
    else if (event.key === "ArrowUp") openAt("last");
    else return;
    event.preventDefault();
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        focus(at + 1);
        break;
      case "ArrowUp":
        focus(at < 0 ? -1 : at - 1);
        break;
      case "Home":
        focus(0);
        break;
      case "End":
        focus(-1);
        break;
      case "Escape":
        close(true);
        break;
      case "Tab":
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  };
  const menuItem = `${item} focus:bg-white/5 focus:text-primary-400 focus:outline-none`;

  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        id={`${id}-button`}
        data-testid="member-name"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close() : openAt(null))}
        onKeyDown={onButtonKeyDown}
        className={trigger}
      >
        <MemberLabel name={memberName} />
      </button>
      {open ? (
        <div id={`${id}-menu`} role="menu" aria-labelledby={`${id}-button`} tabIndex={-1} onKeyDown={onMenuKeyDown} className={panel}>
          {ENTRIES.map((entry) => (
            <Link
              key={entry.to}
              to={shopHref(entry.to)}
              role="menuitem"
              tabIndex={-1}
              onClick={(event) => {
                // the entry of the current page only closes the menu
                if (pathname === entry.to) event.preventDefault();
                close();
              }}
              onMouseEnter={(event) => event.currentTarget.focus()}
              className={menuItem}
              aria-current={pathname === entry.to ? "page" : undefined}
            >
              {entry.label}
            </Link>
          ))}
          {resetHref ? (
            <Link
              to={resetHref}
              preventScrollReset
              role="menuitem"
              tabIndex={-1}
              onClick={() => close()}
              onMouseEnter={(event) => event.currentTarget.focus()}
              className={menuItem}
            >
              {passwordLabel}
            </Link>
          ) : null}
          <div role="separator" className="my-1 h-px bg-surface-line" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              close();
              onLogout();
            }}
            onMouseEnter={(event) => event.currentTarget.focus()}
            className={menuItem}
          >
            退出登录
          </button>
        </div>
      ) : null}
    </div>
  );
}

const trigger =
  "flex cursor-pointer items-center gap-2 rounded-full border border-surface-line py-1 pl-1 pr-3 max-sm:min-h-11 text-sm text-ink hover:border-primary-500/70 hover:text-primary-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-400";

function MemberLabel({ name }: { name: string }) {
  return (
    <>
      {/* the initial is drawn by CSS so the button's text is the member name alone */}
      <span
        data-initial={name.slice(0, 1)}
        className="flex h-7 w-7 items-center justify-center rounded-full bg-primary-500/20 text-xs font-bold text-primary-400 before:content-[attr(data-initial)]"
        aria-hidden="true"
      />
      <span className="max-w-[8rem] truncate">{name}</span>
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true" className="text-ink-faint">
        <path d="M6 9l6 6 6-6" />
      </svg>
    </>
  );
}
