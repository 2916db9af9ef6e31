import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

interface RouteErrorStateProps {
  /** What failed, as the page's heading. */
  title: string;
  /** The message when the error carries none of its own (a thrown Response's text). */
  fallback: string;
  /** The way out: `reload` makes it a full document load (重试, 刷新). */
  action: { to: string; label: string; reload?: boolean };
}

/** A route's error boundary content: heading, the error's message and one button. */
export function RouteErrorState({ title, fallback, action }: RouteErrorStateProps) {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? String(error.data || error.statusText) : fallback;
  return (
    <div className="flex flex-col items-center py-20 text-center">
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="mt-3 text-ink-muted">{message}</p>
      <Link to={action.to} reloadDocument={action.reload} className="mt-6 rounded-full bg-primary-600 px-6 py-2 font-medium text-white hover:bg-primary-500">
        {action.label}
      </Link>
    </div>
  );
}
