import { Link } from "@remix-run/react";
import { cardClass } from "./ui/card";
import { buttonClass } from "./ui/button";
import { useShopHref } from "~/hooks/use-shop-href";
import { ShopImage } from "./shop-image";

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

/** What a list says when it has nothing: search results, recommendations, coupons. */
export function EmptyState({ message, hint, picture = false, action, framed = false }: EmptyStateProps) {
  const shopHref = useShopHref();
  return (
    <div className={`flex flex-col items-center py-20 text-center ${framed ? cardClass("none") : ""}`}>
      {picture ? <ShopImage src="/images/not-found.svg" width={240} height={150} alt="" className="opacity-80" /> : null}
      <p className={picture ? "mt-6 text-lg text-ink-muted" : "text-ink-muted"}>{message}</p>
      {hint ? <p className="mt-2 text-sm text-ink-muted">{hint}</p> : null}
      {action ? (
        <Link
          to={shopHref(action.to)}
          className={buttonClass({ variant: action.tone === "solid" ? "primary" : "accent", className: picture ? "mt-6 px-6" : "mt-5 px-6" })}
        >
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
