import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { categoryPath, categorySlug, openCategory } from './casino-links';

type Category = { id: number; name: { tr: string; en: string }; slugList: string[] };

const content = (file: string) =>
  JSON.parse(readFileSync(join(__dirname, `../../../content/${file}`), 'utf8')) as unknown;
const categories: Category[] = [
  ...(content('casino_categories.json') as Category[]),
  ...(content('games.json') as { categories: Category[] }).categories,
];

/** What a link opens: the lobby page's slug and the category tab it shows. */
function opened(path: string): { page: string; tab: number | undefined } {
  const url = new URL(path, 'https://kasa.test');
  const page = url.pathname.replace('/casino/', '');
  const onPage = categories.filter((c) => c.slugList.includes(categorySlug(page)));
  return { page, tab: openCategory(url.searchParams, onPage) };
}

describe("the home page's category tiles (issue 30)", () => {
  it('each opens its own category, on a lobby page that shows it', () => {
    for (const c of categories) {
      const { page, tab } = opened(categoryPath(c));
      expect(tab, c.name.en).toBe(c.id);
      expect(c.slugList, c.name.en).toContain(categorySlug(page));
    }
  });

  it('Megaways opens Megaways, Slots the slots, the live tables the live casino', () => {
    const path = (en: string) => categoryPath(categories.find((c) => c.name.en === en)!);
    expect(path('Megaways')).toBe('/casino/slot?category=4');
    expect(path('Slots')).toBe('/casino/slot?category=3');
    expect(path('Live Roulette')).toBe('/casino/live?category=8');
    expect(path('Bingo')).toBe('/casino/popular-games?category=11');
    expect(path('TV Bets')).toBe('/casino/tvbets?category=13');
  });

  it('a category on no lobby page opens the slots', () => {
    expect(categoryPath({ id: 99, slugList: [] })).toBe('/casino/slot');
  });

  it('a lobby page ignores a category that is not one of its own, or no number', () => {
    const slot = categories.filter((c) => c.slugList.includes('slot'));
    expect(openCategory(new URLSearchParams('category=8'), slot)).toBeUndefined();
    expect(openCategory(new URLSearchParams('category=4x'), slot)).toBeUndefined();
    expect(openCategory(new URLSearchParams(''), slot)).toBeUndefined();
    expect(openCategory(new URLSearchParams('category=4'), slot)).toBe(4);
  });
});
