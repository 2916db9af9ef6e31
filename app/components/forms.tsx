// The shop's form fields: an input and the messages about it, wired for assistive technology once
// for every form (login, the pay-confirm e-mail, …): the input is aria-invalid while it has an
// error and points at it with aria-describedby.
import { useRef, type InputHTMLAttributes } from "react";
import { useTextTypedEarly } from "~/hooks/use-text-typed-early";

/** The id of a field's messages, from the field's own id. */
const errorIdOf = (id: string) => `${id}-error`;

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "onChange"> & {
  id: string;
  /** Read by screen readers only; omit it when a visible <label htmlFor={id}> names the field. */
  label?: string;
  error: string | null | undefined;
  /** For a controlled input; an uncontrolled one (a Conform field) leaves it out. */
  onValue?(value: string): void;
};

export function Field({ id, label, error, onValue, ...input }: FieldProps) {
  const box = useRef<HTMLInputElement>(null);
  useTextTypedEarly(box, onValue);
  return (
    <>
      {label ? (
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
      ) : null}
      <input
        ref={box}
        id={id}
        {...input}
        onChange={onValue ? (event) => onValue(event.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(id) : undefined}
      />
    </>
  );
}

/** The messages of the field `id` (nothing when there are none). */
export function ErrorList({
  id,
  errors,
  className = "mt-1.5 text-xs text-danger-400",
}: {
  id: string;
  errors: (string | null | undefined)[];
  className?: string;
}) {
  const shown = errors.filter((e): e is string => Boolean(e));
  if (shown.length === 0) return null;
  return (
    <div id={errorIdOf(id)} className={className}>
      {shown.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
