import type { ReactNode } from "react";

const TONES = {
  /** A list or a payment that could not be read (the pay page). */
  plain: "bg-red-500/10 text-red-300",
  error: "border border-red-500/50 bg-red-500/10 text-red-200",
  warning: "border border-amber-500/50 bg-amber-500/10 text-amber-200",
  success: "border border-emerald-500/50 bg-emerald-500/10 text-emerald-200",
};

/**
 * A message said in place: a refusal or failure (role alert, read out at once) or, in the `success`
 * tone, a confirmation (role status, read out politely).
 */
export function Alert({ children, tone = "plain", className = "" }: { children: ReactNode; tone?: keyof typeof TONES; className?: string }) {
  return (
    <p role={tone === "success" ? "status" : "alert"} className={`rounded-lg px-3 py-2 text-sm ${TONES[tone]} ${className}`.trim()}>
      {children}
    </p>
  );
}
