// The shop's buttons: one look per variant and size. Links that look like buttons take
// `className={buttonClass(…)}`; <button>s are Button, or StatusButton while a form is on its way.
import type { ButtonHTMLAttributes } from "react";

const VARIANTS = {
  primary: "bg-primary-600 font-semibold text-white hover:bg-primary-500",
  outline: "border border-surface-line hover:border-primary-400",
  accent: "border border-primary-500 text-primary-400 hover:bg-primary-600 hover:text-white",
};

const SIZES = {
  xs: "h-8 rounded-full px-4 text-xs",
  sm: "h-8 rounded-full px-4 text-sm",
  md: "h-9 rounded-full px-5 text-sm",
  lg: "h-10 rounded-full px-6",
  xl: "h-12 rounded-full px-10 text-base max-sm:px-6",
  /** The height and corners of the form fields it sits under (the login forms). */
  field: "h-11 rounded-lg px-6 text-[15px]",
};

export interface ButtonStyle {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  /** As wide as its container. */
  block?: boolean;
  className?: string;
}

export function buttonClass({ variant = "primary", size = "md", block = false, className = "" }: ButtonStyle = {}): string {
  return [
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap transition max-sm:min-h-11 disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:opacity-60",
    VARIANTS[variant],
    SIZES[size],
    block ? "w-full" : "",
    className,
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * A text link or small control that a finger must still hit: 44 × 44 px on phones
 * (WCAG 2.5.5), unchanged on wider screens.
 */
export const tapTarget = "inline-flex items-center justify-center max-sm:min-h-11 max-sm:min-w-11";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

export function Button({ variant, size, block, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, block, className })} {...rest} />;
}

/**
 * A submit button that says when its form is on its way: `pending` (from useIsPending) keeps it
 * focusable but marks it aria-disabled, and shows a spinner.
 */
export function StatusButton({ pending, children, ...rest }: ButtonProps & { pending: boolean }) {
  return (
    <Button type="submit" aria-disabled={pending || undefined} {...rest}>
      {pending ? <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" /> : null}
      {children}
    </Button>
  );
}
