import type { AuthData } from '@/lib/session-store';

/**
 * The sportsbooks of the sports routes (spec section 2): /spor and /livespor (and their /fcg
 * 'High Rate' variants) embed the betsy sportsbook of the stored login data (betsyUrl, with the
 * player's betsyToken and betsyCid), /spor/betco the betco one (betcoUrl, with betcoToken).
 */
export type SportsbookProvider = 'betsy' | 'betco';

/** Pre-match sports (/spor) or live betting (/livespor). */
export type SportsbookMode = 'prematch' | 'live';

export type SportsbookEntry = {
  provider: SportsbookProvider;
  /** betsy only. */
  mode?: SportsbookMode;
  /** betsy only: the /fcg variants. */
  highRate?: boolean;
};

/** The fields of the stored login data (spec section 3) a sportsbook is built from. */
export type SportsbookLogin = Pick<
  AuthData,
  'betsyUrl' | 'betsyToken' | 'betsyCid' | 'betcoUrl' | 'betcoToken'
>;

/** A configured url as an absolute http(s) URL (relative ones against `origin`), else null. */
function baseUrl(raw: string | null | undefined, origin: string): URL | null {
  const text = raw?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text, origin);
  } catch {
    return null;
  }
  // Never a javascript:, data: or other scheme in a frame of the site.
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}

function setParam(url: URL, key: string, value: string | number | null | undefined): void {
  if (value === null || value === undefined) return;
  const text = String(value);
  if (text !== '') url.searchParams.set(key, text);
}

/**
 * The address of the sportsbook to embed for an entry, or null when none is configured (logged
 * out, or the login data's url empty or not an http(s) address): betsy gets `token`, `cid`,
 * `mode` (prematch or live), `highRate=1` for the 'High Rate' variants and the site's `lang`;
 * betco gets `token` and `lang`. Parameters already in the configured url are kept (the same
 * names replaced); values are URL-encoded.
 */
export function sportsbookUrl(
  login: SportsbookLogin | null | undefined,
  entry: SportsbookEntry,
  { lang, origin }: { lang?: string; origin: string },
): string | null {
  if (!login) return null;
  if (entry.provider === 'betco') {
    const url = baseUrl(login.betcoUrl, origin);
    if (!url) return null;
    setParam(url, 'token', login.betcoToken);
    setParam(url, 'lang', lang);
    return url.toString();
  }
  const url = baseUrl(login.betsyUrl, origin);
  if (!url) return null;
  setParam(url, 'token', login.betsyToken);
  setParam(url, 'cid', login.betsyCid);
  setParam(url, 'mode', entry.mode ?? 'prematch');
  if (entry.highRate) setParam(url, 'highRate', 1);
  setParam(url, 'lang', lang);
  return url.toString();
}
