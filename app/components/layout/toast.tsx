import { useEffect, useState } from "react";

export interface ToastMessage {
  type: "success" | "error" | "warning" | "info";
  message: string;
}

const TONE: Record<ToastMessage["type"], string> = {
  success: "border-emerald-500/60 text-emerald-200",
  error: "border-red-500/60 text-red-200",
  warning: "border-amber-500/60 text-amber-200",
  info: "border-primary-500/60 text-ink",
};

/** A message rendered in the server HTML (visible without JS); with JS it fades after 3 s. */
export function Toast({ toast }: { toast: ToastMessage | null }) {
  const [shown, setShown] = useState(toast);
  useEffect(() => {
    setShown(toast);
    if (!toast) return;
    const timer = setTimeout(() => setShown(null), 3_000);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!shown) return null;
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4">
      <p className={`pointer-events-auto rounded-lg border bg-surface-overlay/95 px-5 py-3 text-sm shadow-xl backdrop-blur ${TONE[shown.type]}`}>
        {shown.message}
      </p>
    </div>
  );
}
