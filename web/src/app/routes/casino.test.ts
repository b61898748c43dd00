import { describe, expect, it } from 'vitest';
import { searchTarget } from '../layout/header-actions';

describe("the header's search button (spec section 2)", () => {
  it('goes to the live casino from live-casino pages', () => {
    expect(searchTarget('/casino/live')).toBe('/casino/live');
    expect(searchTarget('/casino/live/')).toBe('/casino/live');
  });
  it('goes to the slots everywhere else', () => {
    for (const path of [
      '/',
      '/casino/slot',
      '/casino/games',
      '/casino/tvbets',
      '/casino/popular-games',
      '/casino/play/eyJ9',
      '/dashboard/game-history',
      '/livespor',
    ])
      expect(searchTarget(path)).toBe('/casino/slot');
  });
});

describe("the search button's navigation", () => {
  it('asks the lobby to focus its search field', async () => {
    const { SEARCH_LINK_STATE, fromSearchButton } = await import('../layout/header-actions');
    expect(fromSearchButton(SEARCH_LINK_STATE)).toBe(true);
    expect(fromSearchButton(null)).toBe(false);
    expect(fromSearchButton({ other: 1 })).toBe(false);
  });
});

describe('lobby pages and the casino categories', () => {
  it('reads the bingo categories on the popular-games route', async () => {
    const { categorySlug } = await import('./casino');
    expect(categorySlug('popular-games')).toBe('bingo');
    expect(categorySlug('slot')).toBe('slot');
    expect(categorySlug('live')).toBe('live');
  });
});
