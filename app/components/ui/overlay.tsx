// The shop's one modal dialog for confirmations: the platform's <dialog>. The server renders it
// open, so it shows (and its links and forms work) without JavaScript; once hydrated it becomes a
// modal (showModal): the page behind is inert, Escape closes it, and Tab cycles inside it (a
// modal <dialog> alone lets Tab leave for the browser's own controls).
import { useEffect, useLayoutEffect, useRef, type ReactNode } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled])';
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

interface OverlayProps {
  /** `alertdialog` for a question the shopper must answer (spec/02 §4 confirmations). */
  role?: "dialog" | "alertdialog";
  labelledBy: string;
  describedBy?: string;
  /** Escape, or the browser closing the dialog: leave it the way its cancel link would. */
  onClose: () => void;
  /** The panel's width (a max-w-* class). */
  width?: string;
  children: ReactNode;
}

export function Overlay({ role = "dialog", labelledBy, describedBy, onClose, width = "max-w-md", children }: OverlayProps) {
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
    <dialog
      ref={ref}
      open
      role={role === "alertdialog" ? role : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className="fixed inset-0 z-50 m-0 hidden h-full max-h-none w-full max-w-none items-center justify-center border-0 bg-black/70 p-4 text-ink backdrop:bg-transparent open:flex"
    >
      <div className={`w-full ${width} rounded-2xl bg-surface-container p-6 shadow-2xl ring-1 ring-surface-line`}>{children}</div>
    </dialog>
  );
}
