import { COUNTRY_CODES } from "./country-codes";

/**
 * The region code: a native select; with JavaScript it shows only the code while closed. Where the browser runs
 * scripts the native one is already as narrow until React takes over, so the phone field beside it does not move.
 */
export function RegionSelect({ value, onChange, hydrated }: { value: string; onChange(code: string): void; hydrated: boolean }) {
  const control = (
    <>
      <label htmlFor="login-region" className="sr-only">
        国家或地区
      </label>
      <select
        id="login-region"
        name="region"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={
          hydrated
            ? "absolute inset-0 cursor-pointer opacity-0 [&>option]:bg-surface-container [&>option]:text-ink"
            : "h-11 w-[118px] shrink-0 rounded-l-lg [@media(scripting:enabled)]:w-[84px] border-r border-surface-line bg-transparent pl-3 pr-1 text-sm text-ink focus:outline-none [&>option]:bg-surface-container"
        }
      >
        {COUNTRY_CODES.map((c) => (
          <option key={`${c.code} ${c.country}`} value={c.code}>
            {c.code} {c.country}
          </option>
        ))}
      </select>
    </>
  );
  if (!hydrated) return control;
  return (
    <div className="relative flex w-[84px] shrink-0 items-center justify-between border-r border-surface-line pl-3 pr-2 text-sm text-ink focus-within:text-primary-400">
      <span aria-hidden="true">{value}</span>
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" aria-hidden="true">
        <path d="M6 9l6 6 6-6" />
      </svg>
      {control}
    </div>
  );
}
