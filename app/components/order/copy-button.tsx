import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

/** Copies text with JavaScript (复制成功); without it the text itself stays selectable. */
export function CopyButton({ text, label = "复制" }: { text: string; label?: string }) {
  const hydrated = useHydrated();
  const [done, setDone] = useState(false);
  if (!hydrated) return null;
  return (
    <button
      type="button"
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
        } catch {
          // clipboard refused (insecure context): select the text for a manual copy instead
          return;
        }
        setDone(true);
        setTimeout(() => setDone(false), 2000);
      }}
      className="inline-flex shrink-0 items-center justify-center rounded-md border border-surface-line px-2 py-0.5 text-xs max-sm:min-h-11 max-sm:min-w-11 text-ink-muted hover:border-primary-400 hover:text-primary-300"
    >
      <span aria-live="polite">{done ? "复制成功" : label}</span>
    </button>
  );
}
