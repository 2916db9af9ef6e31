// The header search box (spec/01 §2 "Search box"). Without JavaScript it is a GET form to
// /search-result (which redirects to /search-result/{keyword}) whose dropdown of 历史搜索 and 热门搜索
// opens with CSS on focus and whose entries are links through /search-history/add. With JavaScript
// the same markup is enhanced: debounced suggestions, history kept in the cookie by the browser,
// keyboard navigation (the combobox pattern: the arrow keys move inside the dropdown, Tab leaves it),
// and the dropdown staying open while the pointer is over it.
import { useFetcher, useLocation, useMatches, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import type { SearchSuggestAnswer } from "~/lib/search-suggest";
import { useTextTypedEarly } from "~/hooks/use-text-typed-early";
import { withDomain, type DomainGroups } from "~/lib/links";
import {
  addToHistory,
  entryKey,
  entryLabel,
  historyAddHref,
  historyCookie,
  historyEntryHref,
  historyFromCookieHeader,
  HISTORY_SHOWN,
  KEYWORD_MAX,
  searchKeyword,
  searchResultPath,
  type HistoryEntry,
} from "~/lib/search-history";
import { useHydrated } from "~/hooks/use-hydrated";

// the suggestions exist only with JavaScript: their code comes on the box's first use
const loadSuggestions = () => import("./search-suggestions");
const SuggestionPanel = lazy(() => loadSuggestions().then((m) => ({ default: m.SuggestionPanel })));

const DEBOUNCE_MS = 1000;

interface RootData {
  searchBox?: { history: HistoryEntry[]; hot: { goodsNo: string; title: string }[] };
  shop?: { domains: DomainGroups };
}

export function SearchBox() {
  const root = useRouteLoaderData("root") as RootData | undefined;
  const domains = root?.shop?.domains ?? { cn: "", hk: "" };
  const hot = root?.searchBox?.hot ?? [];
  const current = useMatches().find((m) => m.id === "routes/search-result.$keyword")?.params.keyword ?? "";
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const location = useLocation();

  // open while focus is inside the box (or the pointer is over the open dropdown), unless dismissed
  const [focusWithin, setFocusWithin] = useState(false);
  const [hovering, setHovering] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const open = hydrated && !dismissed && (focusWithin || hovering);
  const [keyword, setKeyword] = useState(current);
  const [typed, setTyped] = useState(false);
  const [history, setHistory] = useState(root?.searchBox?.history ?? []);
  const { data: suggestions, load: askSuggestions } = useFetcher<SearchSuggestAnswer>();

  const updateFocus = () => setFocusWithin(Boolean(container.current?.contains(document.activeElement)));
  // focus that arrived before React took over counts too, and text typed before it becomes the state
  useEffect(() => setFocusWithin(Boolean(container.current?.contains(document.activeElement))), []);
  useTextTypedEarly(input, (value) => {
    setKeyword(value);
    setTyped(true);
  });
  useEffect(() => {
    if (!focusWithin) setDismissed(false);
  }, [focusWithin]);

  // every page starts with its own keyword in the box (a results page's, else none); the first
  // page's is already there
  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    setKeyword(current);
    setTyped(false);
  }, [current, location.pathname]);

  // suggestions: debounced 1000 ms, no leading call; an empty box shows none (spec/01 §4). A newer
  // load cancels the one on its way, and a 503 still answers (failed: 加载失败)
  useEffect(() => {
    const wanted = keyword.trim();
    if (!typed || !wanted) return;
    const timer = setTimeout(() => askSuggestions(`/resources/search-suggest?${new URLSearchParams({ keyword: wanted })}`), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, typed, askSuggestions]);

  const close = () => {
    setDismissed(true);
    setHovering(false);
  };
  const show = () => setDismissed(false);
  // another tab or page may have changed the history since this page was rendered
  const refreshHistory = () => setHistory(historyFromCookieHeader(document.cookie));

  const remember = (entry: HistoryEntry) => {
    const next = addToHistory(historyFromCookieHeader(document.cookie), entry);
    document.cookie = historyCookie(next);
    setHistory(next);
  };

  const choose = (event: React.MouseEvent, entry: HistoryEntry) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    remember(entry);
    close();
    if ("keyword" in entry) {
      navigate(searchResultPath(entry.keyword));
      return;
    }
    const path = `/topic/${encodeURIComponent(entry.goodsNo)}`;
    const href = withDomain(path, domains);
    if (href === path) navigate(path);
    else window.location.assign(href);
  };

  const clearHistory = (event: FormEvent) => {
    event.preventDefault();
    document.cookie = historyCookie([]);
    setHistory([]);
    input.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // the box itself: text typed before React took over is not in the state
    const wanted = searchKeyword(input.current?.value ?? keyword);
    if (!wanted) return;
    // a search sent with Enter is history too, as the no-JavaScript form's is (issue 26)
    remember({ keyword: wanted });
    close();
    input.current?.blur();
    navigate(searchResultPath(wanted));
  };

  const focusables = () => Array.from(container.current?.querySelectorAll<HTMLElement>("[data-search-option]") ?? []);
  const focusInput = () => input.current?.focus();
  const onKeyDown = (event: KeyboardEvent) => {
    if (!hydrated) return;
    if (event.key === "Escape") {
      close();
      focusInput();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!open) {
      show();
      return;
    }
    const options = focusables();
    if (options.length === 0) return;
    const at = options.indexOf(document.activeElement as HTMLElement);
    // from the box, down goes to the first option and up to the last; past either end, back to the box
    const next = event.key === "ArrowDown" ? (at + 1 < options.length ? at + 1 : -1) : at === -1 ? options.length - 1 : at - 1;
    if (next === -1) focusInput();
    else options[next]?.focus();
  };

  // the combobox pattern: with JavaScript the options are reached with the arrow keys, so Tab passes
  // the dropdown by; without it, Tab is the only way to them
  const optionTabIndex = hydrated ? -1 : undefined;
  const wanted = keyword.trim();
  const showSuggestions = hydrated && wanted !== "";
  const listId = `${id}-dropdown`;
  const shownHistory = history.slice(0, HISTORY_SHOWN);

  return (
    // the combobox's keys (arrows, Enter, Escape) and focus bubble up from its input and options
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      ref={container}
      className="search-box relative w-full max-w-md"
      data-enhanced={hydrated ? "" : undefined}
      data-open={open ? "" : undefined}
      onKeyDown={onKeyDown}
      onFocus={() => {
        updateFocus();
        refreshHistory();
        void loadSuggestions();
      }}
      // blur comes before the next element has focus: decide once it has (deciding at once would
      // hide the dropdown under a link being clicked)
      onBlur={() => setTimeout(updateFocus, 0)}
    >
      <form method="get" action="/search-result" role="search" className="flex items-center" onSubmit={hydrated ? submit : undefined}>
        <label htmlFor={`${id}-keyword`} className="sr-only">
          搜索商品
        </label>
        <input
          ref={input}
          id={`${id}-keyword`}
          name="keyword"
          type="search"
          maxLength={KEYWORD_MAX}
          placeholder="搜索关键词"
          autoComplete="off"
          enterKeyHint="search"
          // a combobox once the dropdown follows the keyboard (with JavaScript); a plain search box before
          role={hydrated ? "combobox" : undefined}
          aria-autocomplete={hydrated ? "list" : undefined}
          aria-controls={listId}
          aria-expanded={hydrated ? open : undefined}
          value={keyword}
          onClick={hydrated ? show : undefined}
          onChange={(event) => {
            setKeyword(event.target.value);
            setTyped(true);
            show();
          }}
          className="h-9 w-full min-w-0 rounded-l-full max-sm:h-11 border border-r-0 border-surface-line bg-surface-container pl-4 pr-2 text-sm text-ink placeholder:text-ink-faint focus:border-primary-500 focus:outline-none"
        />
        <button
          type="submit"
          className="flex h-9 shrink-0 items-center gap-1 rounded-r-full max-sm:h-11 max-sm:w-11 max-sm:justify-center bg-primary-600 px-3 text-sm font-medium text-white hover:bg-primary-500 sm:px-4"
        >
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <span className="max-sm:sr-only">搜索</span>
        </button>
      </form>

      <div
        id={listId}
        className="search-dropdown absolute inset-x-0 top-full z-50 mt-2 max-h-[70vh] overflow-y-auto rounded-xl bg-surface-overlay p-3 shadow-2xl ring-1 ring-surface-line max-sm:fixed max-sm:inset-x-3 max-sm:top-[62px] max-sm:mt-0"
        onMouseEnter={() => setHovering(true)}
        onMouseLeave={() => setHovering(false)}
      >
        {showSuggestions ? (
          <Suspense fallback={<p className="px-2 py-3 text-xs text-ink-muted">正在搜索…</p>}>
            <SuggestionPanel keyword={wanted} suggestions={suggestions?.keyword === wanted ? suggestions : null} onChoose={choose} onAll={close} />
          </Suspense>
        ) : (
          <>
            <section aria-labelledby={`${id}-history`} className="mb-3">
              <div className="mb-2 flex items-center justify-between">
                <h2 id={`${id}-history`} className="text-xs font-medium text-ink-muted">
                  历史搜索
                </h2>
                {shownHistory.length ? (
                  <form method="post" action="/search-history/clear" onSubmit={hydrated ? clearHistory : undefined}>
                    <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
                    <button type="submit" data-search-option tabIndex={optionTabIndex} className="text-xs text-ink-muted hover:text-primary-400">
                      清除历史
                    </button>
                  </form>
                ) : null}
              </div>
              {shownHistory.length ? (
                <ul className="flex flex-wrap gap-2" aria-label="历史搜索">
                  {shownHistory.map((entry) => (
                    <li key={entryKey(entry)}>
                      <a
                        href={historyEntryHref(entry)}
                        rel="nofollow"
                        data-search-option
                        tabIndex={optionTabIndex}
                        onClick={hydrated ? (event) => choose(event, entry) : undefined}
                        className="block max-w-[12rem] truncate rounded-full bg-surface-raised px-3 py-1 text-xs text-ink hover:bg-primary-600 hover:text-white"
                      >
                        {entryLabel(entry)}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-ink-muted">暂无搜索历史</p>
              )}
            </section>
            <section aria-labelledby={`${id}-hot`}>
              <h2 id={`${id}-hot`} className="mb-2 text-xs font-medium text-ink-muted">
                热门搜索
              </h2>
              {hot.length ? (
                <ol className="space-y-0.5" aria-label="热门搜索">
                  {hot.map((entry, i) => (
                    <li key={entry.goodsNo}>
                      <a
                        href={historyAddHref(entry)}
                        rel="nofollow"
                        data-search-option
                        tabIndex={optionTabIndex}
                        onClick={hydrated ? (event) => choose(event, entry) : undefined}
                        className="flex items-center gap-3 rounded-lg px-2 py-1.5 text-sm text-ink hover:bg-surface-raised focus:bg-surface-raised"
                      >
                        <span className={`w-4 text-center text-xs font-bold tabular-nums ${i < 3 ? "text-primary-400" : "text-ink-muted"}`} aria-hidden="true">
                          {i + 1}
                        </span>
                        <span className="truncate">{entry.title}</span>
                      </a>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="text-xs text-ink-muted">暂无热门搜索</p>
              )}
            </section>
          </>
        )}
      </div>
    </div>
  );
}
