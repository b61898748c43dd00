import { describe, expect, it } from 'vitest';
import { parseParams } from './params';

describe('the frame’s URL parameters', () => {
  it('reads the token, client id, view and language', () => {
    expect(parseParams('?token=betsy.100001.99.abc&cid=kasa&mode=live&highRate=1&lang=en')).toEqual(
      {
        token: 'betsy.100001.99.abc',
        cid: 'kasa',
        mode: 'live',
        highRate: true,
        lang: 'en',
      },
    );
  });

  it('treats a missing or empty token as a visitor and defaults to pre-match in Turkish', () => {
    expect(parseParams('?token=&mode=prematch')).toEqual({
      token: null,
      cid: null,
      mode: 'prematch',
      highRate: false,
      lang: 'tr',
    });
    expect(parseParams('')).toMatchObject({
      token: null,
      mode: 'prematch',
      lang: 'tr',
      highRate: false,
    });
  });

  it('ignores unknown values', () => {
    expect(parseParams('?mode=other&lang=de&highRate=0')).toMatchObject({
      mode: 'prematch',
      lang: 'tr',
      highRate: false,
    });
    expect(parseParams('?lang=EN&mode=LIVE&highRate=true')).toMatchObject({
      lang: 'en',
      mode: 'live',
      highRate: true,
    });
  });
});
