import { describe, expect, it } from 'vitest';
import { captureAffiliateParams, parseCookies, readAffiliateParams } from './affiliate';

describe('affiliate parameters', () => {
  it('keeps the URL parameters in local storage', () => {
    captureAffiliateParams('?refId=42&utm=x');
    expect(localStorage.getItem('refId')).toBe('42');
    expect(readAffiliateParams('', '')).toEqual({ refId: 42 });
  });

  it('refId wins over partner, subid and source', () => {
    expect(readAffiliateParams('?refid=5&partner=p', '')).toEqual({ refId: 5 });
  });

  it('partner, subid and source from the query, cookies or storage', () => {
    localStorage.setItem('source', 'mail');
    expect(readAffiliateParams('?partner=acme', 'subid=s%201; other=1')).toEqual({
      partner: 'acme',
      subid: 's 1',
      source: 'mail',
    });
  });

  it('ignores a refId that is not a positive number', () => {
    expect(readAffiliateParams('?refId=abc', '')).toEqual({});
    expect(readAffiliateParams('?refId=0', '')).toEqual({});
  });

  it('parses cookies', () => {
    expect(parseCookies('a=1; b=x%20y; bad')).toEqual({ a: '1', b: 'x y' });
  });
});
