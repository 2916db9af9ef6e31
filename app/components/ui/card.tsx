/** The container surface every panel of the shop sits on, with its inner spacing. */
const PADDING = { none: "", sm: "p-4", md: "p-5", lg: "p-6", xl: "p-8 max-sm:px-5 max-sm:py-6" };

export function cardClass(padding: keyof typeof PADDING = "md", extra = ""): string {
  return ["rounded-2xl bg-surface-container ring-1 ring-surface-line", PADDING[padding], extra].filter(Boolean).join(" ");
}
