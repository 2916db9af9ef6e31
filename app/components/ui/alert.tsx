import type { ReactNode } from "react";

const TONES = {
  /** A list or a payment that could not be read (the pay page). */
  plain: "bg-danger-500/10 text-danger-300",
  error: "border border-danger-500/50 bg-danger-500/10 text-danger-200",
  warning: "border border-warning-500/50 bg-warning-500/10 text-warning-200",
  success: "border border-success-500/50 bg-success-500/10 text-success-200",
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
