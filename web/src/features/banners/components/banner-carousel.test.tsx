import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BannerCarousel, bannersFor, isExternal, PLACEHOLDER_BANNER } from './banner-carousel';

const sliderList = [
  {
    id: 1,
    slug: 'home',
    url: '/promotions',
    images: [{ url: '/h1.svg' }, { url: '/h1-md.svg' }, { url: '/h1-lg.svg' }],
  },
  { id: 2, slug: 'home', url: 'https://t.me/kasa', images: [{ url: '/h2.svg' }] },
  { id: 3, slug: 'slot', url: '/casino/slot', images: [{ url: '/s1.svg' }] },
];

describe('banner carousel', () => {
  it('shows 3 placeholders until a slug arrives, then the slug entries', () => {
    expect(bannersFor(null, sliderList)).toHaveLength(3);
    expect(bannersFor('home', undefined)).toHaveLength(3);
    expect(bannersFor('home', sliderList).map((b) => b.id)).toEqual([1, 2]);
    expect(bannersFor('live', sliderList)).toEqual([]);
  });

  it('opens http links in a new window, routes the others', () => {
    expect(isExternal('https://t.me/kasa')).toBe(true);
    expect(isExternal('/promotions')).toBe(false);
  });

  it("shows a page's banners from its first render, never the placeholders first", () => {
    const { container } = render(
      <MemoryRouter>
        <BannerCarousel slug="home" sliderList={sliderList} />
      </MemoryRouter>,
    );
    const imgs = Array.from(container.querySelectorAll('img')).map((i) => i.getAttribute('src'));
    expect(imgs).toEqual(['/h1.svg', '/h2.svg']);
  });

  it('renders pictures with the spec breakpoints and replaces placeholders on slug change', () => {
    vi.useFakeTimers();
    const { container, rerender } = render(
      <MemoryRouter>
        <BannerCarousel slug={null} sliderList={sliderList} />
      </MemoryRouter>,
    );
    const imgs = () =>
      Array.from(container.querySelectorAll('img')).map((i) => i.getAttribute('src'));
    expect(imgs()).toEqual([PLACEHOLDER_BANNER, PLACEHOLDER_BANNER, PLACEHOLDER_BANNER]);

    rerender(
      <MemoryRouter>
        <BannerCarousel slug="home" sliderList={sliderList} />
      </MemoryRouter>,
    );
    act(() => vi.advanceTimersByTime(100));
    expect(imgs()).toEqual(['/h1.svg', '/h2.svg']);
    const sources = Array.from(container.querySelectorAll('source')).map((s) => [
      s.media,
      s.srcset,
    ]);
    expect(sources).toEqual([
      ['(min-width: 1200px)', '/h1-lg.svg'],
      ['(min-width: 992px)', '/h1-md.svg'],
    ]);
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/promotions');
    expect(links[0]).not.toHaveAttribute('target');
    expect(links[1]).toHaveAttribute('target', '_blank');
    vi.useRealTimers();
  });
});
