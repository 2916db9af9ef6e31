// Dark theme tokens of the spec (01 §9): primary orange #FF6200 family, container #2C2C2C.
// Tailwind v4 reads this file through `@config` in app/styles/app.css.
import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        primary: {
          50: "#FFF3EB",
          100: "#FFE0CC",
          200: "#FFC199",
          300: "#FFA166",
          400: "#FF8233",
          500: "#FF6200",
          // solid fills behind white text: #FF6200 itself is only 3:1 with white (WCAG AA wants 4.5)
          600: "#C84800",
          700: "#B84600",
          800: "#8F3600",
          900: "#662700",
        },
        surface: {
          page: "#161616",
          container: "#2C2C2C",
          raised: "#363636",
          line: "#3D3D3D",
          // below the page's level: inputs, the header bar, the slider track
          sunken: "#1F1F1F",
          // floating layers over the page: menus, the search dropdown, toasts, pop-ups
          overlay: "#242424",
          footer: "#111111",
        },
        // the presale badge and its countdown
        presale: { DEFAULT: "#6B4DFF", soft: "#C9BCFF" },
        // the coupon cards' warm gradient
        coupon: { from: "#4A2A14", to: "#35241A" },
        // muted and faint text keep a 4.5:1 contrast on the container and raised surfaces
        ink: {
          DEFAULT: "#F2F2F2",
          soft: "#D9D9D9",
          muted: "#B3B3B3",
          faint: "#A0A0A0",
        },
        price: "#FF6200",
        // what a message says: a refusal or a field's error, a warning, a confirmation (Tailwind's red,
        // amber and emerald, named after their use)
        danger: { 200: "var(--color-red-200)", 300: "var(--color-red-300)", 400: "var(--color-red-400)", 500: "var(--color-red-500)" },
        warning: { 200: "var(--color-amber-200)", 500: "var(--color-amber-500)" },
        success: { 200: "var(--color-emerald-200)", 500: "var(--color-emerald-500)" },
      },
      fontFamily: {
        sans: ["PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", "system-ui", "sans-serif"],
      },
      height: { header: "58px" },
      spacing: { header: "58px", content: "128px" },
      maxWidth: { shop: "1200px" },
      transitionDuration: { page: "150ms" },
    },
  },
} satisfies Config;
