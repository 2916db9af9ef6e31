import { Form, Link } from "@remix-run/react";
import type { Member } from "~/api/member.server";
import { Logo } from "./logo";

export function SiteHeader({ member }: { member: Member | null }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-header border-b border-surface-line bg-[#1d1d1d]/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-shop items-center gap-4 px-4">
        <Link to="/" aria-label="TTS游戏商城 首页" className="shrink-0">
          <Logo />
        </Link>
        <Form method="get" action="/search-result" role="search" className="ml-auto flex w-full max-w-md items-center">
          <label htmlFor="header-search" className="sr-only">
            搜索商品
          </label>
          <input
            id="header-search"
            name="keyword"
            type="search"
            maxLength={32}
            placeholder="搜索关键词"
            autoComplete="off"
            className="h-9 w-full rounded-l-full border border-surface-line bg-surface-container px-4 text-sm text-ink placeholder:text-ink-faint focus:border-primary-500 focus:outline-none"
          />
          <button
            type="submit"
            className="h-9 shrink-0 rounded-r-full bg-primary-500 px-4 text-sm font-medium text-white hover:bg-primary-400"
          >
            搜索
          </button>
        </Form>
        {member ? (
          <Link to="/order/list" className="shrink-0 text-sm text-ink hover:text-primary-400" data-testid="member-name">
            {member.member_name}
          </Link>
        ) : (
          <Link
            to="?login=captcha"
            className="shrink-0 rounded-full border border-primary-500 px-4 py-1.5 text-sm font-medium text-primary-400 hover:bg-primary-500 hover:text-white"
          >
            登录
          </Link>
        )}
      </div>
    </header>
  );
}
