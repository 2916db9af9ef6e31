/** The shop mark and name; `collapsible` hides the name on phones (the header needs the room). */
export function Logo({ className = "", collapsible = false }: { className?: string; collapsible?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#FF6200" />
        <path
          d="M9 12.5h14a3.5 3.5 0 0 1 3.4 4.3l-1 4.3a2.7 2.7 0 0 1-4.6 1.2L18.7 20h-5.4l-2.1 2.3a2.7 2.7 0 0 1-4.6-1.2l-1-4.3A3.5 3.5 0 0 1 9 12.5Z"
          fill="#fff"
        />
        <path d="M11 15v4M9 17h4" stroke="#FF6200" strokeWidth="1.6" strokeLinecap="round" />
        <circle cx="21" cy="16" r="1.1" fill="#FF6200" />
        <circle cx="23" cy="18.2" r="1.1" fill="#FF6200" />
      </svg>
      <span className={`text-lg font-bold tracking-wide text-ink ${collapsible ? "max-sm:hidden" : ""}`}>
        TTS<span className="text-primary-500">游戏商城</span>
      </span>
    </span>
  );
}
