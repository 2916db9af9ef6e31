import { Link } from "@remix-run/react";
import { Suspense } from "react";
import type { Member } from "~/api/member.server";
import { deferred } from "~/lib/deferred";
import { loadLoginModal } from "~/login/load-login-modal";
import { useLoginHref } from "~/login/login-href";
import { Logo } from "./logo";
import { SearchBox } from "~/components/search/search-box";
import { tapTarget } from "~/components/ui/button";
import { useShopHref } from "~/hooks/use-shop-href";

// only members have the menu: visitors' pages do not load its code (its server HTML, a <details>
// disclosure, works before it arrives)
const loadMemberMenu = () => import("./member-menu");
const MemberMenu = deferred(import.meta.env.SSR ? (await loadMemberMenu()).MemberMenu : null, () => loadMemberMenu().then((m) => m.MemberMenu));

export function SiteHeader({ member, passwordReset = false }: { member: Member | null; passwordReset?: boolean }) {
  const loginHref = useLoginHref();
  const shopHref = useShopHref();
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-header border-b border-surface-line bg-surface-sunken/95 backdrop-blur">
      <div className="mx-auto flex h-full max-w-shop items-center gap-3 px-4 sm:gap-4">
        <Link to={shopHref("/")} aria-label="TTS游戏商城 首页" className={`shrink-0 ${tapTarget}`}>
          <Logo collapsible />
        </Link>
        <div className="ml-auto flex min-w-0 flex-1 justify-end">
          <SearchBox />
        </div>
        {member ? (
          <Suspense fallback={null}>
            <MemberMenu memberName={member.member_name} hasPassword={member.has_password} passwordReset={passwordReset} />
          </Suspense>
        ) : (
          <Link
            to={loginHref}
            preventScrollReset
            // the modal's code is fetched on the way to a click
            onMouseEnter={loadLoginModal}
            onFocus={loadLoginModal}
            onTouchStart={loadLoginModal}
            className="inline-flex shrink-0 items-center rounded-full border border-primary-500 px-4 py-1.5 max-sm:min-h-11 text-sm font-medium text-primary-400 hover:bg-primary-500 hover:text-white"
          >
            登录
          </Link>
        )}
      </div>
    </header>
  );
}
