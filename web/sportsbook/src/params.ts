/** What the site's frame tells the sportsbook through its URL, as an outside sportsbook reads it. */
export type Lang = 'tr' | 'en';
export type Mode = 'prematch' | 'live';

export interface Params {
  /** The player's sportsbook token; null for visitors. */
  token: string | null;
  cid: string | null;
  mode: Mode;
  highRate: boolean;
  lang: Lang;
}

export function parseParams(search: string): Params {
  const q = new URLSearchParams(search);
  const text = (name: string) => {
    const v = q.get(name)?.trim();
    return v ? v : null;
  };
  const lang = text('lang')?.toLowerCase();
  const mode = text('mode')?.toLowerCase();
  const highRate = text('highRate')?.toLowerCase();
  return {
    token: text('token'),
    cid: text('cid'),
    mode: mode === 'live' ? 'live' : 'prematch',
    highRate: highRate === '1' || highRate === 'true',
    lang: lang === 'en' ? 'en' : 'tr',
  };
}
