/** Lower-cases and strips diacritics so 'Beyoncé' is found by 'beyonce'. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

/** True when every whitespace-separated term of the query occurs somewhere in one of the texts. */
export function matchesQuery(query: string, ...texts: Array<string | null | undefined>): boolean {
  const terms = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = normalizeForSearch(texts.filter((text): text is string => typeof text === 'string').join(' \u0000 '));
  return terms.every((term) => haystack.includes(term));
}

export interface SearchableOption {
  value: string;
  label: string;
  /** Extra words that should find this option (an id, a code) without being shown. */
  keywords?: string[];
}

export function filterOptions<T extends SearchableOption>(options: readonly T[], query: string): T[] {
  return options.filter((option) => matchesQuery(query, option.label, option.value, ...(option.keywords ?? [])));
}
