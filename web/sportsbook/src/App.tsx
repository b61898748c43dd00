import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  Api,
  BetView,
  BookBalance,
  BookRules,
  EventView,
  MarketView,
  PlacedBet,
  PriceNow,
  SelectionView,
  Sport,
} from './api';
import { SPORTS, makeApi } from './api';
import { EventDetail, EventList } from './Events';
import { formatLira, formatPrice } from './format';
import { useFitHeight, useMedia, useOnce, usePoll } from './hooks';
import type { Leg } from './legs';
import { legOf, loadSlip, movesBetween, quotesOf, saveSlip, tabStorage } from './legs';
import { applyChanges, rereadAfterSettlement, settlesBets, useLiveChanges } from './live';
import type { CashOutOffer } from './MyBets';
import { MyBets } from './MyBets';
import type { Params } from './params';
import type { BetKind } from './slip';
import { MAX_LEGS, comboPrice, hundredths, priceHundredths } from './slip';
import type { OddsChoice, SlipNotice } from './Slip';
import { BetSlip } from './Slip';
import type { TextKey } from './texts';
import { texts } from './texts';

/** Tells the site around the frame something (`kasa:login`, `kasa:balance`). */
function tellSite(type: 'kasa:login' | 'kasa:balance') {
  if (window.parent === window) return;
  let origin = '*';
  try {
    if (document.referrer) origin = new URL(document.referrer).origin;
  } catch {
    // No usable referrer: any origin (the message carries nothing private).
  }
  window.parent.postMessage({ type }, origin);
}

async function data<T>(api: Api, path: string): Promise<T | null> {
  const a = await api.get<T>(path);
  return a.ok ? a.data : null;
}

export function App({ params }: { params: Params }) {
  const { lang, highRate, token } = params;
  const t = useMemo(() => texts(lang), [lang]);
  const api = useMemo(() => makeApi(params), [params]);
  const wide = useMedia('(min-width: 1024px)');

  const [sport, setSport] = useState<Sport>('football');
  const [view, setView] = useState<'events' | 'bets'>('events');
  const [openId, setOpenId] = useState<number | null>(null);
  const [legs, setLegs] = useState<Leg[]>(() => loadSlip(tabStorage(), MAX_LEGS));
  useEffect(() => saveSlip(tabStorage(), legs), [legs]);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [notice, setNotice] = useState<SlipNotice | null>(null);
  const [pending, setPending] = useState<number[]>([]);
  const [betsVersion, setBetsVersion] = useState(0);
  const [cashBusy, setCashBusy] = useState<number | null>(null);
  const [cashConfirm, setCashConfirm] = useState<CashOutOffer | null>(null);
  const [cashNotice, setCashNotice] = useState<SlipNotice | null>(null);
  const [balanceVersion, setBalanceVersion] = useState(0);

  const live = params.mode === 'live';
  const listQuery = `/sportsbook/events?sport=${sport}&live=${live}${highRate ? '&highRate=true' : ''}`;
  const list = usePoll<EventView[]>(view === 'events' && openId === null ? listQuery : null, () =>
    data<EventView[]>(api, listQuery),
  );
  const detail = usePoll<EventView>(
    view === 'events' && openId !== null ? `event:${openId}` : null,
    () => data<EventView>(api, `/sportsbook/events/${openId}`),
  );
  // The slip's events the views do not show, so its prices move too.
  const slipEvents = [...new Set(legs.map((l) => l.eventId))]
    .filter((id) => id !== openId)
    .sort((a, b) => a - b);
  const slipKey = slipEvents.length ? `slip:${slipEvents.join(',')}` : null;
  const slipPoll = usePoll<EventView[]>(slipKey, async () => {
    const all = await Promise.all(
      slipEvents.map((id) => data<EventView>(api, `/sportsbook/events/${id}`)),
    );
    return all.filter((e): e is EventView => e !== null);
  });
  // The stake limits, the maximum payout and the live delays: once, as they do not change.
  const rules = useOnce<BookRules>('/sportsbook/rules', () =>
    data<BookRules>(api, '/sportsbook/rules'),
  );
  const balance = usePoll<BookBalance>(token ? `balance:${balanceVersion}` : null, () =>
    data<BookBalance>(api, '/sportsbook/balance'),
  );
  // My Bets, and while a live bet waits its delay, whether it was taken or refused.
  const bets = usePoll<BetView[]>(
    token && (view === 'bets' || pending.length > 0)
      ? `bets:${betsVersion}:${pending.join(',')}`
      : null,
    async () => {
      const all = await data<BetView[]>(api, '/sportsbook/bets');
      const mine = (all ?? []).filter((b) => pending.includes(b.id));
      if (pending.length > 0 && mine.length > 0 && mine.every((b) => b.state !== 'pending')) {
        setPending([]);
        setNotice({
          kind: mine.some((b) => b.state === 'refused') ? 'error' : 'ok',
          text: mine
            .map((b) =>
              b.state === 'open'
                ? t('liveAccepted', { id: b.id })
                : b.state === 'refused'
                  ? t('liveRefused', { id: b.id })
                  : `#${b.id}: ${t(`st_${b.state}` as TextKey)}`,
            )
            .join(' · '),
        });
        setBalanceVersion((v) => v + 1);
        tellSite('kasa:balance');
      }
      return all;
    },
    3000,
    true,
  );

  // Pushed prices, scores and market states: the lists, the open event and the slip at once.
  const { patch: patchList } = list;
  const { patch: patchDetail } = detail;
  const { patch: patchSlip } = slipPoll;
  useLiveChanges((changes) => {
    patchList((events) => applyChanges(events, changes));
    patchDetail((event) => applyChanges([event], changes)[0]);
    patchSlip((events) => applyChanges(events, changes));
    // A market of the player's bets settled or voided: My Bets (polled every 3 s while shown) and
    // the balance are read again at once.
    if (settlesBets(bets.data, changes)) {
      rereadAfterSettlement(() => {
        setBetsVersion((v) => v + 1);
        setBalanceVersion((v) => v + 1);
      });
    }
  });

  const shown = useMemo(
    () => [...(list.data ?? []), ...(detail.data ? [detail.data] : [])],
    [list.data, detail.data],
  );
  const quotes = useMemo(
    () => quotesOf([...(slipPoll.data ?? []), ...shown], highRate),
    [slipPoll.data, shown, highRate],
  );
  const moves = useMemo(
    () =>
      new Map([
        ...movesBetween(list.previous ?? [], list.data ?? [], highRate),
        ...movesBetween([detail.previous], [detail.data], highRate),
      ]),
    [list.previous, list.data, detail.previous, detail.data, highRate],
  );
  const selected = useMemo(() => new Set(legs.map((l) => l.selectionId)), [legs]);

  const pick = useCallback(
    (event: EventView, market: MarketView, s: SelectionView) => {
      setNotice(null);
      setLegs((now) => {
        if (now.some((l) => l.selectionId === s.id))
          return now.filter((l) => l.selectionId !== s.id);
        if (now.length >= MAX_LEGS) return now;
        return [...now, legOf(event, market, s, highRate)];
      });
    },
    [highRate],
  );

  const acceptChanges = () =>
    setLegs((now) =>
      now.map((l) => {
        const q = quotes.get(l.selectionId);
        return q && q.offered ? { ...l, price: q.price } : l;
      }),
    );

  const place = async (kind: BetKind, stakeEach: number, choice: OddsChoice) => {
    if (!token) {
      setNotice({ kind: 'info', text: t('loginToBet') });
      tellSite('kasa:login');
      return;
    }
    setPlacing(true);
    setNotice(null);
    try {
      const body = {
        legs: legs.map((l) => ({ selectionId: l.selectionId, price: l.price / 100 })),
        kind: kind.kind,
        ...(kind.kind === 'system' ? { size: kind.size } : {}),
        stake: stakeEach / 100,
        oddsChoice: choice,
        highRate,
      };
      const a = await api.post<PlacedBet[] | { prices: PriceNow[] }>('/sportsbook/bets', body);
      if (a.ok && Array.isArray(a.data)) {
        const waiting = a.data.filter((b) => b.state === 'pending').map((b) => b.id);
        setLegs([]);
        setNotice({
          kind: waiting.length ? 'pending' : 'ok',
          text: waiting.length ? t('pendingBet') : (a.message ?? ''),
        });
        setPending(waiting);
        setBetsVersion((v) => v + 1);
        setBalanceVersion((v) => v + 1);
        tellSite('kasa:balance');
        return;
      }
      if (a.status === 409 && a.data && !Array.isArray(a.data) && a.data.prices) {
        const prices = new Map(a.data.prices.map((p) => [p.selectionId, hundredths(p.price)]));
        setLegs((now) =>
          now.map((l) =>
            prices.has(l.selectionId) ? { ...l, price: prices.get(l.selectionId)! } : l,
          ),
        );
      }
      setNotice({ kind: 'error', text: a.message ?? t('networkError') });
    } catch {
      setNotice({ kind: 'error', text: t('networkError') });
    } finally {
      setPlacing(false);
    }
  };

  const cashOut = async (betId: number, amount: number) => {
    setCashBusy(betId);
    try {
      const a = await api.post<{ amount?: number; value?: number }>(
        `/sportsbook/bets/${betId}/cashout`,
        { amount },
      );
      if (a.ok) {
        setCashConfirm(null);
        setCashNotice({ kind: 'ok', text: a.message ?? '' });
        tellSite('kasa:balance');
        setBalanceVersion((v) => v + 1);
      } else if (a.status === 409 && typeof a.data?.value === 'number') {
        setCashConfirm({ betId, value: a.data.value });
      } else {
        setCashConfirm(null);
        setCashNotice({ kind: 'error', text: a.message ?? t('networkError') });
      }
      setBetsVersion((v) => v + 1);
    } catch {
      setCashNotice({ kind: 'error', text: t('networkError') });
    } finally {
      setCashBusy(null);
    }
  };

  // The phone's sheet: Escape closes it, focus goes into it and back to the bar.
  const sheetRef = useRef<HTMLDivElement>(null);
  // The desktop column ends above the frame's foot wherever it is, its Place Bet in view.
  const columnRef = useRef<HTMLElement>(null);
  useFitHeight(columnRef, wide);
  const barRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (wide || !sheetOpen) return;
    sheetRef.current?.focus();
    const key = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setSheetOpen(false);
    };
    window.addEventListener('keydown', key);
    const bar = barRef.current;
    return () => {
      window.removeEventListener('keydown', key);
      bar?.focus();
    };
  }, [sheetOpen, wide]);

  const combined = priceHundredths(
    comboPrice(
      legs,
      legs.map((_, i) => i),
    ),
  );
  const title = live ? t('titleLive') : t('title');

  const slip = (
    <BetSlip
      lang={lang}
      t={t}
      legs={legs}
      quotes={quotes}
      highRate={highRate}
      rules={rules}
      placing={placing}
      notice={notice}
      onRemove={(id) => setLegs((now) => now.filter((l) => l.selectionId !== id))}
      onClear={() => setLegs([])}
      onAccept={acceptChanges}
      onPlace={(k, s, c) => void place(k, s, c)}
    />
  );

  let main;
  if (view === 'bets') {
    main = (
      <MyBets
        lang={lang}
        t={t}
        bets={bets.data}
        loggedIn={token !== null}
        busy={cashBusy}
        confirm={cashConfirm}
        notice={cashNotice}
        onCashOut={(id, amount) => void cashOut(id, amount)}
      />
    );
  } else if (openId !== null) {
    main = detail.data ? (
      <EventDetail
        event={detail.data}
        onBack={() => setOpenId(null)}
        lang={lang}
        t={t}
        highRate={highRate}
        selected={selected}
        moves={moves}
        onPick={pick}
      />
    ) : (
      <p className="empty">{detail.error ? t('loadError') : t('loading')}</p>
    );
  } else if (!list.data) {
    main = <p className="empty">{list.error ? t('loadError') : t('loading')}</p>;
  } else if (list.data.length === 0) {
    main = <p className="empty">{highRate ? t('noEventsHighRate') : t('noEvents')}</p>;
  } else {
    main = (
      <EventList
        events={list.data}
        onOpen={setOpenId}
        lang={lang}
        t={t}
        highRate={highRate}
        selected={selected}
        moves={moves}
        onPick={pick}
      />
    );
  }

  return (
    // The frame's own banner and main carry the book's name: framed in the site's page, they are
    // told apart from the site's header and main; opened alone, they are the page's landmarks.
    <div className={`sb${legs.length > 0 ? ' has-legs' : ''}`} lang={lang}>
      <header className="top" aria-label={title}>
        <h1 className="title">
          {live && <span className="live-dot" aria-hidden="true" />}
          {title}
          {highRate && <span className="badge-hr">{t('highRate')}</span>}
        </h1>
        {token && balance.data && (
          <p className="balance">
            <span className="balance-label">{t('balance')}</span>
            <span className="amount">{formatLira(balance.data.balance, lang)}</span>
          </p>
        )}
      </header>
      <nav className="tabs" aria-label={t('sports')}>
        <div className="tabs-sports">
          {SPORTS.map((s) => (
            <button
              key={s}
              type="button"
              className="tab"
              aria-pressed={view === 'events' && sport === s}
              onClick={() => {
                setView('events');
                setSport(s);
                setOpenId(null);
              }}
            >
              {t(s)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="tab tab-bets"
          aria-pressed={view === 'bets'}
          onClick={() => {
            setView('bets');
            setCashNotice(null);
            setBetsVersion((v) => v + 1);
          }}
        >
          {t('myBets')}
        </button>
      </nav>
      <div className="body">
        <main className="main" aria-label={title}>
          {main}
        </main>
        {wide ? (
          <aside ref={columnRef} className="slip-col" aria-labelledby="slip-title">
            <h2 id="slip-title" className="slip-title">
              {t('slip')} <span className="count">{legs.length}</span>
            </h2>
            {slip}
          </aside>
        ) : (
          <>
            <button
              ref={barRef}
              type="button"
              className="slip-bar"
              aria-expanded={sheetOpen}
              aria-controls="slip-sheet"
              onClick={() => setSheetOpen(true)}
            >
              <span>
                {t('slip')} <span className="count">{legs.length}</span>
              </span>
              {legs.length > 0 && <span className="bar-odds">{formatPrice(combined, lang)}</span>}
            </button>
            {sheetOpen && (
              <div className="sheet-backdrop" onClick={() => setSheetOpen(false)}>
                <div
                  id="slip-sheet"
                  ref={sheetRef}
                  className="sheet"
                  role="dialog"
                  aria-modal="true"
                  aria-labelledby="sheet-title"
                  tabIndex={-1}
                  onClick={(e) => e.stopPropagation()}
                >
                  <div className="sheet-head">
                    <h2 id="sheet-title" className="slip-title">
                      {t('slip')} <span className="count">{legs.length}</span>
                    </h2>
                    <button
                      type="button"
                      className="close"
                      aria-label={t('close')}
                      onClick={() => setSheetOpen(false)}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </div>
                  {slip}
                </div>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}
