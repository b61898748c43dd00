import { intlLocale } from '@shared/format/date';
import type { Lang } from './params';

/** Every text of the sportsbook, in Turkish and English. */
const tr = {
  title: 'Spor Bahisleri',
  titleLive: 'Canlı Bahis',
  highRate: 'Yüksek Oran',
  sports: 'Sporlar',
  football: 'Futbol',
  basketball: 'Basketbol',
  tennis: 'Tenis',
  volleyball: 'Voleybol',
  prematch: 'Maç Önü',
  live: 'Canlı',
  myBets: 'Bahislerim',
  balance: 'Bakiye',
  loading: 'Yükleniyor…',
  noEvents: 'Şu an bu sporda maç yok.',
  noEventsHighRate: 'Şu an bu sporda Yüksek Oran fiyatı yok.',
  loadError: 'Veriler alınamadı. Tekrar deneniyor…',
  back: 'Geri',
  allMarkets: 'Tüm bahisler',
  moreMarkets: '+{n} bahis',
  suspended: 'Askıda',
  notOffered: 'Kapalı',
  finished: 'Bitti',
  set: 'Set {n}',
  today: 'Bugün',
  tomorrow: 'Yarın',
  slip: 'Kupon',
  slipEmpty: 'Kuponunuz boş. Bir orana dokunarak seçim ekleyin.',
  close: 'Kapat',
  remove: 'Kaldır',
  clearSlip: 'Kuponu temizle',
  single: 'Tekli',
  combo: 'Kombine',
  system: 'Sistem',
  trixie: 'Trixie',
  yankee: 'Yankee',
  canadian: 'Canadian',
  systemKind: 'Sistem türü',
  stake: 'Tutar',
  stakeEach: 'Bahis başına tutar',
  totalStake: 'Toplam tutar',
  totalOdds: 'Toplam oran',
  potential: 'Olası kazanç',
  bets: '{n} bahis',
  oddsChoice: 'Oran değişirse',
  oddsAny: 'Her değişikliği kabul et',
  oddsHigher: 'Yalnızca yükselenleri kabul et',
  oddsNone: 'Kabul etme',
  placeBet: 'Bahis Yap',
  placing: 'Gönderiliyor…',
  acceptChanges: 'Değişiklikleri kabul et',
  pricesChanged: 'Bazı oranlar değişti.',
  legSuspended: 'Bu seçim şu an kapalı.',
  loginToBet: 'Bahis yapmak için giriş yapın.',
  login: 'Giriş Yap',
  errSameEvent: 'Aynı maçtan iki seçim kombine edilemez.',
  errLegCount: 'Kombine ve sistem için 2 ile 12 arası seçim gerekir.',
  errBadSystem: 'Bu sistem seçim sayısına uymuyor.',
  errStake: 'Geçerli bir tutar girin.',
  errSuspended: 'Kapalı seçimleri kaldırın.',
  errStakeLow: 'Bahis tutarı en az {amount} olmalıdır.',
  errStakeHigh: 'Bir kuponun tutarı en fazla {amount} olabilir.',
  errPayoutHigh: 'Bir kupon en fazla {amount} kazandırabilir. Tutarı düşürün.',
  ruleStake: 'Bahis: {min} – {max}',
  ruleMaxPayout: 'En yüksek kazanç: {amount}',
  ruleLiveDelay: 'Canlı bahisler {n} sn bekler',
  pendingBet: 'Canlı bahsiniz onay bekliyor…',
  liveAccepted: 'Canlı bahsiniz kabul edildi (#{id}).',
  liveRefused: 'Canlı bahsiniz reddedildi (#{id}): market kapandı ya da fiyat değişti.',
  open: 'Açık',
  settled: 'Sonuçlanan',
  noBets: 'Henüz bahsiniz yok.',
  loginForBets: 'Bahislerinizi görmek için giriş yapın.',
  cashOut: 'Bozdur',
  cashOutFor: '{amount} bozdur',
  cashOutChanged: 'Bozdurma tutarı değişti: {amount}',
  confirmCashOut: '{amount} ile onayla',
  stateLabel: 'Durum',
  st_pending: 'Onay bekliyor',
  st_open: 'Açık',
  st_won: 'Kazandı',
  st_lost: 'Kaybetti',
  st_void: 'İade',
  st_cashed_out: 'Bozduruldu',
  st_refused: 'Reddedildi',
  res_open: 'Bekliyor',
  res_won: 'Kazandı',
  res_lost: 'Kaybetti',
  res_void: 'İade',
  stakeLabel: 'Tutar',
  payout: 'Ödenen',
  price: 'Oran',
  score: 'Skor',
  placedAt: 'Tarih',
  networkError: 'Bağlantı hatası. Lütfen tekrar deneyin.',
  // Markets.
  m_1x2: 'Maç Sonucu',
  m_double_chance: 'Çifte Şans',
  m_total: 'Alt/Üst {line}',
  m_btts: 'Karşılıklı Gol',
  m_handicap_fb: 'Handikap ({line})',
  m_ht_ft: 'İlk Yarı / Maç Sonucu',
  m_goals_band: 'Toplam Gol',
  m_correct_score: 'Skor',
  m_winner: 'Kazanan',
  m_handicap: 'Handikap ({line})',
  m_total_points: 'Toplam ({line})',
  m_set_handicap: 'Set Handikapı ({line})',
  m_total_sets: 'Toplam Set ({line})',
  s_over: 'Üst',
  s_under: 'Alt',
  s_yes: 'KG Var',
  s_no: 'KG Yok',
  s_other: 'Diğer',
  s_draw: 'Beraberlik',
  s_either: '{a} veya {b}',
  s_goals: '{n} gol',
  g_main: 'Öne Çıkanlar',
  g_goals: 'Goller',
  g_handicap: 'Handikap',
  g_half: 'Devre',
  g_score: 'Skor',
};

export type TextKey = keyof typeof tr;

const en: Record<TextKey, string> = {
  title: 'Sports Betting',
  titleLive: 'Live Betting',
  highRate: 'High Rate',
  sports: 'Sports',
  football: 'Football',
  basketball: 'Basketball',
  tennis: 'Tennis',
  volleyball: 'Volleyball',
  prematch: 'Pre-match',
  live: 'Live',
  myBets: 'My Bets',
  balance: 'Balance',
  loading: 'Loading…',
  noEvents: 'No matches in this sport right now.',
  noEventsHighRate: 'No High Rate prices in this sport right now.',
  loadError: 'Could not load the data. Retrying…',
  back: 'Back',
  allMarkets: 'All markets',
  moreMarkets: '+{n} markets',
  suspended: 'Suspended',
  notOffered: 'Closed',
  finished: 'Finished',
  set: 'Set {n}',
  today: 'Today',
  tomorrow: 'Tomorrow',
  slip: 'Bet slip',
  slipEmpty: 'Your slip is empty. Tap a price to add a selection.',
  close: 'Close',
  remove: 'Remove',
  clearSlip: 'Clear slip',
  single: 'Single',
  combo: 'Combo',
  system: 'System',
  trixie: 'Trixie',
  yankee: 'Yankee',
  canadian: 'Canadian',
  systemKind: 'System type',
  stake: 'Stake',
  stakeEach: 'Stake per bet',
  totalStake: 'Total stake',
  totalOdds: 'Total odds',
  potential: 'Potential return',
  bets: '{n} bets',
  oddsChoice: 'If the odds change',
  oddsAny: 'Accept any change',
  oddsHigher: 'Accept higher odds only',
  oddsNone: 'Do not accept',
  placeBet: 'Place Bet',
  placing: 'Placing…',
  acceptChanges: 'Accept changes',
  pricesChanged: 'Some prices have changed.',
  legSuspended: 'This selection is closed now.',
  loginToBet: 'Log in to place a bet.',
  login: 'Log In',
  errSameEvent: 'Two selections of one match cannot be combined.',
  errLegCount: 'A combo or system needs 2 to 12 selections.',
  errBadSystem: 'This system does not fit the number of selections.',
  errStake: 'Enter a valid stake.',
  errSuspended: 'Remove the closed selections.',
  errStakeLow: 'The stake must be at least {amount}.',
  errStakeHigh: 'The stake of a bet can be at most {amount}.',
  errPayoutHigh: 'A bet can win at most {amount}. Lower the stake.',
  ruleStake: 'Stake: {min} – {max}',
  ruleMaxPayout: 'Maximum payout: {amount}',
  ruleLiveDelay: 'Live bets are accepted after {n} s',
  pendingBet: 'Your live bet is waiting for acceptance…',
  liveAccepted: 'Your live bet was accepted (#{id}).',
  liveRefused: 'Your live bet was refused (#{id}): the market closed or the price moved.',
  open: 'Open',
  settled: 'Settled',
  noBets: 'You have no bets yet.',
  loginForBets: 'Log in to see your bets.',
  cashOut: 'Cash Out',
  cashOutFor: 'Cash out {amount}',
  cashOutChanged: 'The cash-out value changed: {amount}',
  confirmCashOut: 'Confirm {amount}',
  stateLabel: 'State',
  st_pending: 'Waiting',
  st_open: 'Open',
  st_won: 'Won',
  st_lost: 'Lost',
  st_void: 'Void',
  st_cashed_out: 'Cashed out',
  st_refused: 'Refused',
  res_open: 'Open',
  res_won: 'Won',
  res_lost: 'Lost',
  res_void: 'Void',
  stakeLabel: 'Stake',
  payout: 'Paid',
  price: 'Odds',
  score: 'Score',
  placedAt: 'Placed',
  networkError: 'Connection error. Please try again.',
  m_1x2: 'Match Result',
  m_double_chance: 'Double Chance',
  m_total: 'Over/Under {line}',
  m_btts: 'Both Teams to Score',
  m_handicap_fb: 'Handicap ({line})',
  m_ht_ft: 'Half Time / Full Time',
  m_goals_band: 'Total Goals',
  m_correct_score: 'Correct Score',
  m_winner: 'Winner',
  m_handicap: 'Handicap ({line})',
  m_total_points: 'Total ({line})',
  m_set_handicap: 'Set Handicap ({line})',
  m_total_sets: 'Total Sets ({line})',
  s_over: 'Over',
  s_under: 'Under',
  s_yes: 'Yes',
  s_no: 'No',
  s_other: 'Other',
  s_draw: 'Draw',
  s_either: '{a} or {b}',
  s_goals: '{n} goals',
  g_main: 'Popular',
  g_goals: 'Goals',
  g_handicap: 'Handicap',
  g_half: 'Halves',
  g_score: 'Score',
};

const TEXTS: Record<Lang, Record<TextKey, string>> = { tr, en };

export type T = (key: TextKey, vars?: Record<string, string | number>) => string;

export function texts(lang: Lang): T {
  const table = TEXTS[lang];
  return (key, vars) => {
    let s = table[key];
    if (vars) for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, String(v));
    return s;
  };
}

function signed(line: number | null | undefined, lang: Lang): string {
  if (line == null) return '';
  const s = formatLine(Math.abs(line), lang);
  return line > 0 ? `+${s}` : line < 0 ? `-${s}` : s;
}

function formatLine(line: number, lang: Lang): string {
  return line.toLocaleString(intlLocale(lang), { maximumFractionDigits: 1 });
}

/** A market's name, as issue 17 names them (Maç Sonucu, Alt/Üst 2.5 ...). */
export function marketName(t: T, lang: Lang, key: string, line: number | null | undefined): string {
  if (key.startsWith('total_') && key !== 'total_sets') {
    return t('m_total', { line: formatLine(line ?? Number(key.slice(6)), lang) });
  }
  if (key.startsWith('handicap_')) {
    return t('m_handicap_fb', { line: signed(line ?? Number(key.slice(9)), lang) });
  }
  switch (key) {
    case '1x2':
    case 'double_chance':
    case 'btts':
    case 'ht_ft':
    case 'goals_band':
    case 'correct_score':
    case 'winner':
      return t(`m_${key}`);
    case 'handicap':
      return t('m_handicap', { line: signed(line, lang) });
    case 'total':
      return t('m_total_points', { line: formatLine(line ?? 0, lang) });
    case 'set_handicap':
      return t('m_set_handicap', { line: signed(line, lang) });
    case 'total_sets':
      return t('m_total_sets', { line: formatLine(line ?? 0, lang) });
    default:
      return key;
  }
}

/** The event and market a selection belongs to, for its name in words. */
export interface SelectionOf {
  lang: Lang;
  /** The market's key (`1x2`, `total_2.5`, `ht_ft` ...). */
  market: string;
  line: number | null | undefined;
  home: string;
  away: string;
}

/** The markets whose `1`, `X` and `2` are the home side, the draw and the away side. */
function sideMarket(market: string): boolean {
  return (
    market === '1x2' ||
    market === 'winner' ||
    market === 'handicap' ||
    market === 'set_handicap' ||
    market.startsWith('handicap_')
  );
}

/** A market's line, from its field or its key (`total_2.5`, `handicap_-1`). */
function lineOf(of: SelectionOf): number | null {
  if (of.line != null) return of.line;
  const n = Number(of.market.slice(of.market.lastIndexOf('_') + 1));
  return of.market.includes('_') && Number.isFinite(n) ? n : null;
}

/**
 * A selection's name. Alone (the price buttons of a market, under its name): its short label
 * (1, X, 2, Üst, KG Var, 2-1 ...). With its event and market (the slip's legs, My Bets): in words,
 * a side by its team's name (`Liverpool`, `Beraberlik`, `Arsenal`; a handicap's side with its
 * line, `Liverpool (-1,5)`), a double chance as two of them (`Liverpool veya Beraberlik`), a half
 * time / full time pair as `Liverpool / Beraberlik`, over and under with their line (`Üst 2,5`),
 * a goals band as `2-3 gol`.
 */
export function selectionName(t: T, key: string, of?: SelectionOf): string {
  const short = (k: string) => {
    switch (k) {
      case 'over':
      case 'under':
      case 'yes':
      case 'no':
      case 'other':
        return t(`s_${k}`);
      default:
        return k;
    }
  };
  if (!of) return short(key);
  const side = (k: string) =>
    k === '1' ? of.home : k === '2' ? of.away : k === 'X' ? t('s_draw') : short(k);
  const { market, lang } = of;
  const line = lineOf(of);
  if (sideMarket(market)) {
    if (line != null && key === '1') return `${of.home} (${signed(line, lang)})`;
    if (line != null && key === '2') return `${of.away} (${signed(-line, lang)})`;
    return side(key);
  }
  if (market === 'double_chance' && /^[1X2]{2}$/.test(key)) {
    return t('s_either', { a: side(key[0]), b: side(key[1]) });
  }
  if (market === 'ht_ft' && /^[1X2]\/[1X2]$/.test(key)) {
    return `${side(key[0])} / ${side(key[2])}`;
  }
  if ((key === 'over' || key === 'under') && line != null) {
    return `${short(key)} ${formatLine(line, lang)}`;
  }
  if (market === 'goals_band') return t('s_goals', { n: key });
  return short(key);
}

export type MarketGroup = 'g_main' | 'g_goals' | 'g_handicap' | 'g_half' | 'g_score';

export function marketGroup(key: string): MarketGroup {
  if (key === 'ht_ft') return 'g_half';
  if (key === 'correct_score') return 'g_score';
  if (key.startsWith('handicap') || key === 'set_handicap') return 'g_handicap';
  if (key.startsWith('total') || key === 'btts' || key === 'goals_band') return 'g_goals';
  return 'g_main';
}
