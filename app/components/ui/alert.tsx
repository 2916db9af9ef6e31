import type { ReactNode } from "react";

/** A refusal or failure said in place (a form's error, a list that could not load): read out at once. */
export function Alert({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-lg bg-red-500/10 px-3 py-2 text-sm text-red-300 ${className}`.trim()}>
      {children}
    </p>
  );
}
