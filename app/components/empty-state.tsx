import { Link } from "@remix-run/react";

interface EmptyStateProps {
  message: string;
  hint?: string;
  /** The not-found illustration above the message (result lists). */
  picture?: boolean;
  /** Where to go instead: a filled button, or an outlined one. */
  action?: { to: string; label: string; tone: "solid" | "outline" };
  /** On a card of its own (a list that sits on the page background). */
  framed?: boolean;
}

const TONE = {
  solid: "bg-primary-600 font-semibold text-white hover:bg-primary-500",
  outline: "border border-primary-500 text-primary-400 hover:bg-primary-600 hover:text-white",
};

/** What a list says when it has nothing: search results, recommendations, coupons. */
export function EmptyState({ message, hint, picture = false, action, framed = false }: EmptyStateProps) {
  return (
    <div className={`flex flex-col items-center py-20 text-center ${framed ? "rounded-2xl bg-surface-container ring-1 ring-surface-line" : ""}`}>
      {picture ? <img src="/images/not-found.svg" width={240} height={150} alt="" className="opacity-80" /> : null}
      <p className={picture ? "mt-6 text-lg text-ink-muted" : "text-ink-muted"}>{message}</p>
      {hint ? <p className="mt-2 text-sm text-ink-muted">{hint}</p> : null}
      {action ? (
        <Link to={action.to} className={`${picture ? "mt-6" : "mt-5"} rounded-full px-6 py-2 text-sm ${TONE[action.tone]}`}>
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
