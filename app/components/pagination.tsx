import { Link } from "@remix-run/react";

/** Page links (?page=N); nothing at all when there is only one page (spec/01 §2 search results). */
export function Pagination({ page, totalPages, hrefOf }: { page: number; totalPages: number; hrefOf: (page: number) => string }) {
  if (totalPages <= 1) return null;
  // 44 px on a phone, a finger's width (trial 11b: 36 px)
  const item = "flex h-9 min-w-9 items-center justify-center rounded-lg px-3 text-sm tabular-nums transition max-sm:h-11 max-sm:min-w-11";
  const idle = `${item} bg-surface-container text-ink ring-1 ring-surface-line hover:text-primary-400 hover:ring-primary-500/60`;
  return (
    <nav aria-label="分页" className="mt-10 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={hrefOf(page - 1)} className={idle} rel="prev">
              上一页
            </Link>
          ) : (
            <span className={`${item} bg-surface-container text-ink-muted`} aria-disabled="true">
              上一页
            </span>
          )}
        </li>
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className="px-1 text-ink-muted" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page" className={`${item} bg-primary-600 font-semibold text-white`}>
                  {n}
                </span>
              ) : (
                <Link to={hrefOf(n)} className={idle} aria-label={`第 ${n} 页`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link to={hrefOf(page + 1)} className={idle} rel="next">
              下一页
            </Link>
          ) : (
            <span className={`${item} bg-surface-container text-ink-muted`} aria-disabled="true">
              下一页
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

/** 1 … 4 5 [6] 7 8 … 20: the first, the last and two on each side of the current page. */
export function pageWindow(page: number, totalPages: number): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let n = 1; n <= totalPages; n++) {
    if (n === 1 || n === totalPages || Math.abs(n - page) <= 2) pages.push(n);
    else if (pages[pages.length - 1] !== null) pages.push(null);
  }
  return pages;
}
