import { Link } from "@remix-run/react";
import type { Member } from "~/api/member.server";
import { Logo } from "./logo";
import { SearchBox } from "./search-box";
import { MemberMenu } from "./member-menu";
import { useLoginHref } from "./login-modal";

export function SiteHeader({ member }: { member: Member | null }) {
  const loginHref = useLoginHref();
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-header border-b border-surface-line bg-[#1d1d1d]/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-shop items-center gap-3 px-4 sm:gap-4">
        <Link to="/" aria-label="TTS游戏商城 首页" className="shrink-0">
          <Logo collapsible />
        </Link>
        <div className="ml-auto flex min-w-0 flex-1 justify-end">
          <SearchBox />
        </div>
        {member ? (
          <MemberMenu memberName={member.member_name} />
        ) : (
          <Link
            to={loginHref}
            preventScrollReset
            className="shrink-0 rounded-full border border-primary-500 px-4 py-1.5 text-sm font-medium text-primary-400 hover:bg-primary-500 hover:text-white"
          >
            登录
          </Link>
        )}
      </div>
    </header>
  );
}
