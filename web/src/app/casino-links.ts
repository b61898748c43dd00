/**
 * Links to the casino's lobby pages and their category tabs (the home page's category tiles, the
 * lobby's `?category=` parameter). The lobby pages are /casino/slot, /casino/live,
 * /casino/popular-games (the bingo categories), /casino/games and /casino/tvbets.
 */

/** The casino categories' slug of a page: the bingo page's route is popular-games. */
export function categorySlug(page: string): string {
  return page === 'popular-games' ? 'bingo' : page;
}

/** The query parameter of a lobby page naming the category tab it opens on. */
export const CATEGORY_PARAM = 'category';

/** The lobby page (its route's slug) of each casino category slug, in order of preference. */
const PAGE_OF_SLUG: readonly [slug: string, page: string][] = [
  ['slot', 'slot'],
  ['live', 'live'],
  ['bingo', 'popular-games'],
  ['games', 'games'],
  ['tvbets', 'tvbets'],
];

/**
 * The lobby page a category opens: the first page it shows on (the slots before the live casino
 * for one on both), on that category's own tab; a category on no page opens the slots' lobby.
 */
export function categoryPath(category: { id: number; slugList: readonly string[] }): string {
  const page = PAGE_OF_SLUG.find(([slug]) => category.slugList.includes(slug))?.[1];
  return page ? `/casino/${page}?${CATEGORY_PARAM}=${category.id}` : '/casino/slot';
}

/**
 * The category tab a lobby page opens on: the `?category=` of its URL when it is one of the
 * page's categories, else none (the page's All tab).
 */
export function openCategory(
  search: URLSearchParams,
  categories: readonly { id: number }[],
): number | undefined {
  const raw = search.get(CATEGORY_PARAM);
  const id = raw != null && /^\d+$/.test(raw) ? Number(raw) : NaN;
  return categories.some((c) => c.id === id) ? id : undefined;
}
