import { useFormAction, useNavigation } from "@remix-run/react";

/**
 * Whether a form of this page is on its way: a submission to `formAction`'s path (this route's own
 * action by default; the query does not matter) with `formMethod` (POST unless told). The one
 * pending-state hook of the shop.
 */
export function useIsPending({ formAction, formMethod = "POST" }: { formAction?: string; formMethod?: "POST" | "GET" } = {}): boolean {
  const ownAction = useFormAction();
  const navigation = useNavigation();
  if (navigation.state === "idle" || navigation.formMethod !== formMethod || !navigation.formAction) return false;
  return pathOf(navigation.formAction) === pathOf(formAction ?? ownAction);
}

const pathOf = (action: string) => new URL(action, "http://shop.local").pathname;
