import { describe, expect, it } from 'vitest';
import { buildCrumbs, type CrumbMatch } from './breadcrumbs';

const t = (key: string) =>
  ({
    'menu.home': 'Home',
    'menu.contents': 'Contents',
    'menu.sports': 'Sports',
    'menu.sportsFcg': 'Sports High Rate',
  })[key] ?? key;

describe('breadcrumbs from route data', () => {
  it('builds Home + one crumb per route handle, content titles by id', () => {
    const matches: CrumbMatch[] = [
      { pathname: '/', params: {}, handle: undefined },
      {
        pathname: '/pages',
        params: { id: '3' },
        handle: { crumb: { key: 'menu.contents', url: '/pages' } },
      },
      {
        pathname: '/pages/3',
        params: { id: '3' },
        handle: {
          crumb: (p: Record<string, string | undefined>) => ({
            contentId: p.id,
            url: `/pages/${p.id}`,
          }),
        },
      },
    ];
    expect(buildCrumbs(matches, t, (id) => (id === '3' ? 'About Us' : undefined))).toEqual([
      { label: 'Home', url: '/' },
      { label: 'Contents', url: '/pages' },
      { label: 'About Us', url: '/pages/3' },
    ]);
  });

  it('skips a repeated url and gives nothing for the home page', () => {
    const matches: CrumbMatch[] = [
      { pathname: '/spor', params: {}, handle: { crumb: { key: 'menu.sports', url: '/spor' } } },
      { pathname: '/spor/', params: {}, handle: { crumb: { key: 'menu.sports', url: '/spor' } } },
    ];
    expect(buildCrumbs(matches, t, () => undefined)).toEqual([
      { label: 'Home', url: '/' },
      { label: 'Sports', url: '/spor' },
    ]);
    expect(buildCrumbs([{ pathname: '/', params: {} }], t, () => undefined)).toEqual([]);
  });
});
