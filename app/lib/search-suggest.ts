// What the search box's suggestions route (resources.search-suggest) answers and the dropdown shows.

export interface SearchSuggestion {
  goodsNo: string;
  name: string;
  cover: string;
  tag: string;
  saleCents: number;
  originCents: number;
}

export interface SearchSuggestAnswer {
  keyword: string;
  list: SearchSuggestion[];
  failed?: true;
}
