import { readString, writeString } from './storage';

/**
 * Affiliate parameters of the registration payload (spec section 3): refId (a number) or partner,
 * subid and source. Read from the URL query, cookies or local storage; kept in local storage when
 * they appear in the URL, so they survive navigation until the visitor registers.
 */

export const AFFILIATE_KEYS = ['refId', 'partner', 'subid', 'source'] as const;
export type AffiliateKey = (typeof AFFILIATE_KEYS)[number];
export type AffiliateParams = { refId?: number; partner?: string; subid?: string; source?: string };

function clean(value: string | null | undefined): string | undefined {
  const v = value?.trim();
  return v ? v.slice(0, 100) : undefined;
}

function queryValue(query: URLSearchParams, key: string): string | undefined {
  // Case-insensitive: affiliate links come as ?refid=, ?refId= or ?RefId=.
  for (const [k, v] of query) if (k.toLowerCase() === key.toLowerCase()) return clean(v);
  return undefined;
}

export function parseCookies(cookie: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of cookie.split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    try {
      out[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      out[name] = part.slice(at + 1).trim();
    }
  }
  return out;
}

/** Stores the affiliate parameters found in a URL query string. */
export function captureAffiliateParams(search: string): void {
  const query = new URLSearchParams(search);
  for (const key of AFFILIATE_KEYS) {
    const value = queryValue(query, key);
    if (value) writeString(key, value);
  }
}

/** The affiliate parameters: URL query first, then cookies, then local storage. */
export function readAffiliateParams(
  search = typeof window === 'undefined' ? '' : window.location.search,
  cookie = typeof document === 'undefined' ? '' : document.cookie,
): AffiliateParams {
  const query = new URLSearchParams(search);
  const cookies = parseCookies(cookie);
  const raw = (key: AffiliateKey) =>
    queryValue(query, key) ?? clean(cookies[key]) ?? clean(readString(key));
  const refText = raw('refId');
  const refId = refText && /^\d+$/.test(refText) && Number(refText) > 0 ? Number(refText) : null;
  if (refId != null) return { refId };
  const out: AffiliateParams = {};
  for (const key of ['partner', 'subid', 'source'] as const) {
    const value = raw(key);
    if (value) out[key] = value;
  }
  return out;
}
