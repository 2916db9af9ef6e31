// The shop's one modal dialog for confirmations: the platform's <dialog>. The server renders it
// open, so it shows (and its links and forms work) without JavaScript; once hydrated it becomes a
// modal (showModal): the page behind is inert, Escape closes it, and Tab cycles inside it (a
// modal <dialog> alone lets Tab leave for the browser's own controls).
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { cardClass } from "./card";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

interface OverlayProps {
  /** `alertdialog` for a question the shopper must answer (spec/02 §4 confirmations). */
  role?: "dialog" | "alertdialog";
  labelledBy: string;
  describedBy?: string;
  /** Escape, or the browser closing the dialog: leave it the way its cancel link would. */
  onClose: () => void;
  /** The panel's classes: a card of max-w-md unless told. */
  panelClassName?: string;
  /** `top`: a tall panel starts a tenth down the screen and the dialog scrolls. */
  align?: "center" | "top";
  /** A click beside the panel closes it too (the coupon pop-up; not the login modal, spec/01 §2). */
  closeOnBackdrop?: boolean;
  children: ReactNode;
}

export function Overlay({
  role = "dialog",
  labelledBy,
  describedBy,
  onClose,
  panelClassName = cardClass("lg", "w-full max-w-md shadow-2xl"),
  align = "center",
  closeOnBackdrop = false,
  children,
}: OverlayProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useBrowserLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // the server's open, non-modal dialog becomes a modal one before the next paint
    dialog.removeAttribute("open");
    dialog.showModal();
    let done = false;
    const leave = (event: Event) => {
      event.preventDefault();
      if (done) return;
      done = true;
      close.current();
    };
    const cycle = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const inside = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const [first, last] = [inside[0], inside.at(-1)];
      if (!first || !last) return;
      const wrapTo = event.shiftKey ? (document.activeElement === first ? last : null) : document.activeElement === last ? first : null;
      if (!wrapTo) return;
      event.preventDefault();
      wrapTo.focus();
    };
    dialog.addEventListener("cancel", leave);
    dialog.addEventListener("close", leave);
    dialog.addEventListener("keydown", cycle);
    return () => {
      done = true;
      dialog.removeEventListener("cancel", leave);
      dialog.removeEventListener("close", leave);
      dialog.removeEventListener("keydown", cycle);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click beside the panel is a pointer convenience; keyboards close it with Escape (the cancel event)
    <dialog
      ref={ref}
      open
      role={role === "alertdialog" ? role : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={closeOnBackdrop ? (event) => event.target === event.currentTarget && onClose() : undefined}
      className={`fixed inset-0 z-50 m-0 hidden h-full max-h-none w-full max-w-none justify-center overflow-y-auto border-0 bg-black/70 p-4 text-ink backdrop:bg-transparent open:flex ${
        align === "top" ? "items-start py-[10vh]" : "items-center"
      }`}
    >
      <div className={panelClassName}>{children}</div>
    </dialog>
  );
}
