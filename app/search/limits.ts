/**
 * The longest query the search takes, in the box and on /search. Apart from ./search.ts so the
 * header's plain form (on every page) does not bring the search index with it (X-PERF-2).
 */
export const SEARCH_QUERY_MAX = 100;
