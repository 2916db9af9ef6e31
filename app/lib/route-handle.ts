// Each route's place in the shell (spec/01 §2 route table): header, sidebar and domain group.
import type { UIMatch } from "@remix-run/react";

export interface ShellHandle {
  withHeader?: boolean;
  withSidebar?: boolean;
  group?: "cn" | "hk";
}

/** The deepest route that says something wins; header on and sidebar off by default. */
export function layoutOf(matches: UIMatch[]): Required<ShellHandle> {
  const handle = Object.assign({}, ...matches.map((m) => (m.handle ?? {}) as ShellHandle)) as ShellHandle;
  return { withHeader: handle.withHeader ?? true, withSidebar: handle.withSidebar ?? false, group: handle.group ?? "cn" };
}
