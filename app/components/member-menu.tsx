// The member menu of the header (spec 01 "Header"): member_name opens 查询我的订单, 我的优惠券,
// a divider and 退出登录. The server HTML is a native <details> disclosure with real links and a
// logout form (works without JavaScript); once hydrated it is a Headless UI Menu. Choosing the
// entry of the current page does nothing; the guarded pages check the login before showing
// (requireMember), which is the validity check before navigating.
import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useHydrated } from "~/lib/use-hydrated";

const ENTRIES = [
  { to: "/order/list", label: "查询我的订单" },
  { to: "/coupon", label: "我的优惠券" },
] as const;

const surface = "w-44 rounded-xl bg-[#262626] p-1.5 text-sm shadow-2xl ring-1 ring-surface-line focus:outline-none";
const panel = `absolute right-0 top-full z-50 mt-2 ${surface}`;
const item = "flex w-full items-center rounded-lg px-3 py-2 text-left text-ink hover:bg-white/5 hover:text-primary-400";

export function MemberMenu({ memberName }: { memberName: string }) {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const submit = useSubmit();
  const stayIfHere = (to: string, close: () => void) => (event: MouseEvent) => {
    if (pathname !== to) return;
    event.preventDefault();
    close();
  };

  if (!hydrated) {
    return (
      <details className="group relative shrink-0">
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
              <a key={entry.to} href={entry.to} className={item}>
                {entry.label}
              </a>
            ),
          )}
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
    <Menu as="div" className="relative shrink-0">
      <MenuButton data-testid="member-name" className={trigger}>
        <MemberLabel name={memberName} />
      </MenuButton>
      <MenuItems anchor={{ to: "bottom end", gap: 8 }} className={`z-50 ${surface}`}>
        {ENTRIES.map((entry) => (
          <MenuItem key={entry.to}>
            {({ close }) => (
              <Link
                to={entry.to}
                onClick={stayIfHere(entry.to, close)}
                className={`${item} data-[focus]:bg-white/5 data-[focus]:text-primary-400`}
                aria-current={pathname === entry.to ? "page" : undefined}
              >
                {entry.label}
              </Link>
            )}
          </MenuItem>
        ))}
        <MenuSeparator className="my-1 h-px bg-surface-line" />
        <MenuItem>
          <button
            type="button"
            onClick={() => submit({ intent: "logout" }, { method: "post", action: "/login" })}
            className={`${item} data-[focus]:bg-white/5 data-[focus]:text-primary-400`}
          >
            退出登录
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

const trigger =
  "flex cursor-pointer items-center gap-2 rounded-full border border-surface-line py-1 pl-1 pr-3 text-sm text-ink hover:border-primary-500/70 hover:text-primary-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary-400";

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
