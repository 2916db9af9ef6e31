// The search box's suggestions for what is typed (spec/01 §2 "Search box", §4): goods with the
// keyword highlighted, price and discount, and 查看全部搜索结果. Only ever rendered with JavaScript,
// so the search box loads it on first use instead of with every page.
import { useNavigate } from "@remix-run/react";
import type { SearchSuggestAnswer } from "~/lib/search-suggest";
import { splitHighlight } from "~/lib/highlight";
import { discountLabel, formatYuan } from "../../../shared/money";
import { historyAddHref, searchResultPath, type HistoryEntry } from "~/lib/search-history";
import { ShopImage } from "~/components/shop-image";

export interface SuggestionPanelProps {
  keyword: string;
  /** null while the answer for this keyword is on its way. */
  suggestions: SearchSuggestAnswer | null;
  onChoose: (event: React.MouseEvent, entry: HistoryEntry) => void;
  onAll: () => void;
}

export function SuggestionPanel({ keyword, suggestions, onChoose, onAll }: SuggestionPanelProps) {
  const navigate = useNavigate();
  return (
    <div aria-live="polite">
      {suggestions === null ? (
        <p className="px-2 py-3 text-xs text-ink-muted">正在搜索…</p>
      ) : suggestions.failed ? (
        <p className="px-2 py-3 text-xs text-ink-muted">加载失败，请稍后重试</p>
      ) : suggestions.list.length === 0 ? (
        <p className="px-2 py-3 text-xs text-ink-muted">暂无相关商品</p>
      ) : (
        <ul aria-label="搜索建议" className="space-y-1">
          {suggestions.list.map((goods) => {
            const discount = discountLabel(goods.originCents, goods.saleCents);
            return (
              <li key={goods.goodsNo}>
                <a
                  href={historyAddHref({ goodsNo: goods.goodsNo })}
                  rel="nofollow"
                  data-search-option
                  tabIndex={-1}
                  data-testid="search-suggestion"
                  onClick={(event) => onChoose(event, { goodsNo: goods.goodsNo, title: goods.name })}
                  className="flex items-center gap-3 rounded-lg p-1.5 hover:bg-surface-raised focus:bg-surface-raised"
                >
                  <ShopImage src={goods.cover} alt={goods.name} width={80} height={45} loading="lazy" className="h-[45px] w-20 shrink-0 rounded object-cover" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm text-ink">
                      {splitHighlight(goods.name, keyword).map((part, i) =>
                        part.hit ? (
                          <mark key={i} className="bg-transparent font-semibold text-primary-400">
                            {part.text}
                          </mark>
                        ) : (
                          <span key={i}>{part.text}</span>
                        ),
                      )}
                    </span>
                    <span className="mt-1 flex items-center gap-2 text-xs">
                      {goods.tag ? (
                        <span className="shrink-0 whitespace-nowrap rounded border border-surface-line px-1 text-ink-muted">{goods.tag}</span>
                      ) : null}
                      <span className="whitespace-nowrap font-semibold text-price">￥{formatYuan(goods.saleCents)}</span>
                      {discount ? <span className="whitespace-nowrap rounded bg-primary-500/15 px-1 font-semibold text-primary-400">{discount}</span> : null}
                    </span>
                  </span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
      <a
        href={searchResultPath(keyword)}
        data-search-option
        tabIndex={-1}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onAll();
          navigate(searchResultPath(keyword));
        }}
        className="mt-2 block rounded-lg border-t border-surface-line px-2 pt-2.5 pb-1 text-center text-sm text-primary-400 hover:text-primary-300"
      >
        查看全部搜索结果
      </a>
    </div>
  );
}
