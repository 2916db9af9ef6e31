// The login modal (spec/01 §2 "Login modal", §4, §5, §8). It opens from the address
// (`?login=captcha|pwd|reset&redirectTo=…`), its tabs are links, and every form posts to /login, so the
// whole flow works without JavaScript. With JavaScript the overlay becomes a modal <dialog> (ui/overlay.tsx),
// fields are checked on change, the captcha is a slider and the code button counts down.
import { useNavigate } from "@remix-run/react";
import { cardClass } from "~/components/ui/card";
import { Overlay } from "~/components/ui/overlay";
import type { LoginModalState, LoginTab } from "./login-fields";
import { loginHref } from "./login-href";
import { LoginPanel } from "./login-panel";

/** The modal over the current page: open in the server HTML, modal once hydrated; Escape or 关闭 leaves it. */
export function LoginModal({ state }: { state: LoginModalState }) {
  const navigate = useNavigate();
  const close = () => navigate(state.closeHref, { replace: true, preventScrollReset: true });
  const tabHref = (tab: LoginTab) => loginHref(state.closeHref, { tab, redirectTo: state.redirectTo });
  return (
    <Overlay labelledBy="login-title" onClose={close} align="top" panelClassName={cardClass("xl", "relative w-[488px] max-w-full shadow-2xl")}>
      <LoginPanel
        tab={state.tab}
        passwordReset={state.passwordReset}
        member={state.member}
        redirectTo={state.redirectTo}
        closeHref={state.closeHref}
        challenge={state.challenge}
        actionData={null}
        tabHref={tabHref}
        Title="h2"
      />
    </Overlay>
  );
}
