// Remix's default browser entry (hydrate the document in a transition), with the shield that keeps
// early input from crashing hydration while the single-fetch state decodes (app/lib/hydration-shield.ts).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { shieldUntilStateDecoded } from "~/lib/hydration-shield";

shieldUntilStateDecoded();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
