/** The home search form. */
export interface SearchForm {
  destination: string;
  travelType: string;
  departureTime: string;
  returnTime: string;
}

export const EMPTY_SEARCH: SearchForm = { destination: '', travelType: '', departureTime: '', returnTime: '' };

/** The /tourfilter address for a search: only the non-empty fields go into the query string. */
export function searchHref(form: SearchForm): string {
  const params = new URLSearchParams();
  for (const key of ['destination', 'travelType', 'departureTime', 'returnTime'] as const) {
    const value = form[key].trim();
    if (value) params.set(key, value);
  }
  const qs = params.toString();
  return qs ? `/tourfilter?${qs}` : '/tourfilter';
}

/** Display text of a stored option value such as 'zanzibar' or 'Beach sands'. */
export function optionLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
