import { describe, expect, it } from 'vitest';
import { searchTarget } from './header-actions';
import { menuGroups, visibleItems } from './menu-items';

describe('header search target', () => {
  it('searches live casino on live pages, else slots', () => {
    expect(searchTarget('/casino/live')).toBe('/casino/live');
    expect(searchTarget('/')).toBe('/casino/slot');
    expect(searchTarget('/casino/slot')).toBe('/casino/slot');
    expect(searchTarget('/promotions')).toBe('/casino/slot');
  });
});

describe('side menu', () => {
  const all = (bettingAccess: boolean, desktop: boolean) =>
    menuGroups
      .flatMap((g) => visibleItems(g.items, bettingAccess, desktop))
      .flatMap((i) => [i, ...(i.children ?? [])]);

  it('has every group of spec section 2', () => {
    expect(menuGroups.map((g) => g.title)).toEqual([
      'menu.group.casino',
      'menu.group.sports',
      'menu.group.games',
      'menu.group.other',
    ]);
  });

  it('shows /spor/betco only with betting access', () => {
    expect(all(false, true).some((i) => i.url === '/spor/betco')).toBe(false);
    expect(all(true, true).some((i) => i.url === '/spor/betco')).toBe(true);
  });

  it('shows Live Chat on desktop only', () => {
    expect(all(false, true).some((i) => i.appKey === 'live-chat')).toBe(true);
    expect(all(false, false).some((i) => i.appKey === 'live-chat')).toBe(false);
  });

  it('marks the fcg routes High Rate', () => {
    const badged = all(false, true)
      .filter((i) => i.badge === 'menu.badge.highRate')
      .map((i) => i.url);
    expect(badged).toEqual(['/livespor/fcg', '/spor/fcg']);
  });
});
