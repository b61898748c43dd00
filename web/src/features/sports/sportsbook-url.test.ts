import { describe, expect, it } from 'vitest';
import { sportsbookUrl, type SportsbookLogin } from './sportsbook-url';

const origin = 'https://kasa.example';

const login: SportsbookLogin = {
  betsyUrl: 'https://sports.example/book',
  betsyToken: 'tok-123',
  betsyCid: 'c42',
  betcoUrl: 'https://betco.example/',
  betcoToken: 'bt-9',
};

const query = (url: string | null) => Object.fromEntries(new URL(url ?? '').searchParams);

describe('sportsbookUrl', () => {
  it('embeds betsy with the token, the cid and the mode', () => {
    const url = sportsbookUrl(login, { provider: 'betsy', mode: 'prematch' }, { origin });
    expect(url).toBe('https://sports.example/book?token=tok-123&cid=c42&mode=prematch');
    expect(sportsbookUrl(login, { provider: 'betsy', mode: 'live' }, { origin })).toContain(
      'mode=live',
    );
  });

  it('adds highRate=1 for the High Rate variants, and the language when given', () => {
    const url = sportsbookUrl(
      login,
      { provider: 'betsy', mode: 'live', highRate: true },
      { origin, lang: 'en' },
    );
    expect(query(url)).toEqual({
      token: 'tok-123',
      cid: 'c42',
      mode: 'live',
      highRate: '1',
      lang: 'en',
    });
    expect(sportsbookUrl(login, { provider: 'betsy', highRate: false }, { origin })).not.toContain(
      'highRate',
    );
  });

  it('defaults to pre-match', () => {
    expect(query(sportsbookUrl(login, { provider: 'betsy' }, { origin })).mode).toBe('prematch');
  });

  it('URL-encodes the values and keeps the configured query', () => {
    const url = sportsbookUrl(
      {
        ...login,
        betsyUrl: 'https://sports.example/book?skin=kasa&token=old',
        betsyToken: 'a b&c=d/é+',
        betsyCid: 7,
      },
      { provider: 'betsy', mode: 'prematch' },
      { origin },
    );
    expect(url).not.toContain(' ');
    expect(url).toContain('token=a+b%26c%3Dd%2F%C3%A9%2B');
    expect(query(url)).toEqual({ skin: 'kasa', token: 'a b&c=d/é+', cid: '7', mode: 'prematch' });
  });

  it('leaves out a missing token or cid', () => {
    const url = sportsbookUrl(
      { betsyUrl: 'https://sports.example/book', betsyToken: '', betsyCid: null },
      { provider: 'betsy', mode: 'live' },
      { origin },
    );
    expect(url).toBe('https://sports.example/book?mode=live');
  });

  it('reads a relative url against the site', () => {
    expect(
      sportsbookUrl({ ...login, betsyUrl: '/sb' }, { provider: 'betsy', mode: 'live' }, { origin }),
    ).toBe('https://kasa.example/sb?token=tok-123&cid=c42&mode=live');
  });

  it('is not available without a configured url', () => {
    const entry = { provider: 'betsy', mode: 'prematch' } as const;
    expect(sportsbookUrl(null, entry, { origin })).toBeNull();
    expect(sportsbookUrl(undefined, entry, { origin })).toBeNull();
    expect(sportsbookUrl({ ...login, betsyUrl: '' }, entry, { origin })).toBeNull();
    expect(sportsbookUrl({ ...login, betsyUrl: '   ' }, entry, { origin })).toBeNull();
    expect(sportsbookUrl({ ...login, betsyUrl: null }, entry, { origin })).toBeNull();
    expect(sportsbookUrl({ betsyToken: 't' }, entry, { origin })).toBeNull();
  });

  it('never frames another scheme', () => {
    const entry = { provider: 'betsy' } as const;
    for (const betsyUrl of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://x.example/'])
      expect(sportsbookUrl({ ...login, betsyUrl }, entry, { origin })).toBeNull();
    expect(sportsbookUrl({ ...login, betsyUrl: 'http://[bad' }, entry, { origin })).toBeNull();
  });

  it('embeds betco with its own token, not betsy', () => {
    const url = sportsbookUrl(login, { provider: 'betco' }, { origin, lang: 'tr' });
    expect(url).toBe('https://betco.example/?token=bt-9&lang=tr');
    expect(sportsbookUrl({ ...login, betcoUrl: '' }, { provider: 'betco' }, { origin })).toBeNull();
  });
});
