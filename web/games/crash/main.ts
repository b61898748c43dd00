/**
 * Kasa Aviator (/games/kasa-aviator/?token=…&lang=tr|en), the studio's crash game: one round for
 * every player, read from the live feed (WebSocket) and the state call; two bet panels; the flight
 * graph with the live multiplier; the history of crash points; this round's bets; the rules and the
 * provably-fair panels. The server decides everything: the page only shows it and asks.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import './crash.css';
import { ApiError, NetworkError, type GameApi } from '../kit/api';
import { boot } from '../kit/boot';
import { ICONS, h, iconButton } from '../kit/dom';
import { formatKurus, formatLira } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { Sound, soundButton } from '../kit/sound';
import { CrashApi } from './api';
import { openCrashFair, openCrashInfo, type FairContext } from './fair';
import { Feed } from './feed';
import { Graph } from './graph';
import { crashDict, type CrashDict } from './i18n';
import {
  Clock,
  formatX,
  multiplierAt,
  secondsLeft,
  shownElapsed,
  tierOf,
  timeFor,
  type PanelState,
} from './logic';
import { BetPanel, type PanelHost } from './panel';
import type {
  BetMsg,
  CrashInfo,
  CrashMsg,
  CrashSession,
  FeedBet,
  FeedMsg,
  HistoryItem,
  Phase,
  RoundMsg,
  TickMsg,
} from './types';

interface Round {
  id: number;
  phase: Phase;
  startAt: number;
  crashPoint: number | null;
}

interface LastCrash {
  roundId: number;
  crashPoint: number;
  /** Server time of the crash. */
  at: number;
}

const active = (s: PanelState) => s.kind === 'placed' || s.kind === 'cashing';

class Aviator implements PanelHost {
  private readonly info: CrashInfo;
  private readonly tt: CrashDict;
  private readonly api: CrashApi;
  private readonly sound = new Sound();
  private readonly clock = new Clock();
  private readonly reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
  private balance: number;
  private round: Round | null = null;
  private lastTick: { elapsedMs: number; at: number } | null = null;
  private shown = 0;
  private lastCrash: LastCrash | null = null;
  private history: HistoryItem[] = [];
  private bets: FeedBet[] = [];
  /** The player's masked name as the feed writes it (learnt from their own bets). */
  private myName: string | null = null;
  /** The crashed round's bets, shown (settled) during the pause until the new round has bets. */
  private settled: { bets: FeedBet[]; until: number } | null = null;
  private commitment = '';
  private panels: BetPanel[];
  private feed: Feed;
  private graph: Graph;
  private balanceRefresh: ReturnType<typeof setTimeout> | null = null;

  private balanceEl = h('output', { class: 'meter__value' });
  private historyEl = h('ol', { class: 'chistory__list' });
  private multEl = h('p', { class: 'cmult', 'aria-hidden': 'true' });
  private statusEl = h('p', { class: 'cstatus' });
  private countdownEl = h('p', { class: 'ccount' });
  private progressEl = h('span', { class: 'cprogress__bar' });
  private progress = h('div', { class: 'cprogress', 'aria-hidden': 'true' }, this.progressEl);
  private connEl = h('p', { class: 'cconn', role: 'status' });
  private stage = h('div', { class: 'cstage' });
  private message = h('p', { class: 'message cmessage' });
  private live = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
  private betsBody = h('tbody');
  private betsCount = h('span', { class: 'cbets__count' });
  private betsEmpty: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    gameApi: GameApi,
    session: CrashSession,
    private readonly lang: Lang,
    private readonly t: Dict,
  ) {
    this.info = session.game;
    this.balance = session.balance;
    this.tt = crashDict(lang);
    this.api = new CrashApi(gameApi);
    const tt = this.tt;
    const name = this.info.name[lang] || this.info.name.en;
    document.title = name;
    document.body.classList.add('crash');

    const bar = h(
      'header',
      { class: 'bar cbar' },
      h('h1', { class: 'bar__title', text: name }),
      h(
        'div',
        { class: 'meter meter--balance cbalance' },
        h('span', { class: 'meter__label', text: t.balance }),
        this.balanceEl,
      ),
      h(
        'div',
        { class: 'bar__actions' },
        iconButton('bar__btn', ICONS.info, t.info, () => openCrashInfo(this.fairContext())),
        iconButton('bar__btn', ICONS.shield, t.fairness, () => openCrashFair(this.fairContext())),
        soundButton(this.sound, t),
      ),
    );

    const historyStrip = h('nav', { class: 'chistory', 'aria-label': tt.history }, this.historyEl);

    this.graph = new Graph(this.stage);
    this.stage.append(
      h(
        'div',
        { class: 'cstage__center' },
        this.multEl,
        this.statusEl,
        this.countdownEl,
        this.progress,
      ),
      this.connEl,
    );
    this.connEl.hidden = true;

    this.panels = [0, 1].map((slot) => new BetPanel(slot, this.info, lang, tt, this));
    // The second panel starts with auto cash-out at 2.00x on offer (off).
    const panelsEl = h('div', { class: 'cpanels' }, ...this.panels.map((p) => p.el));

    this.betsEmpty = h('p', { class: 'muted cbets__empty', text: tt.noBets });
    const bets = h(
      'section',
      { class: 'cbets', 'aria-labelledby': 'cbets-title' },
      h(
        'header',
        { class: 'cbets__head' },
        h('h2', { id: 'cbets-title', class: 'cbets__title', text: tt.bets }),
        this.betsCount,
      ),
      h(
        'div',
        { class: 'cbets__scroll', tabindex: 0, 'aria-labelledby': 'cbets-title' },
        h(
          'table',
          { class: 'cbets__table' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col', text: tt.player }),
              h('th', { scope: 'col', text: tt.bet }),
              h('th', { scope: 'col', text: tt.cashOutCol }),
              h('th', { scope: 'col', text: tt.win }),
            ),
          ),
          this.betsBody,
        ),
        this.betsEmpty,
      ),
    );

    root.classList.add('capp');
    root.replaceChildren(
      bar,
      historyStrip,
      h('main', { class: 'cmain-area' }, this.stage),
      h('div', { class: 'cmsg' }, this.message),
      panelsEl,
      bets,
      this.live,
    );
    this.renderBalance();
    this.renderHistory();
    this.renderBets();
    this.say(tt.connecting, 'info');

    this.feed = new Feed(() => this.api.feedUrl(), {
      message: (msg, at) => this.onMessage(msg, at),
      open: (again) => {
        this.connEl.hidden = true;
        if (again) void this.loadState();
        else if (this.message.dataset.kind !== 'error') this.say('', 'info');
      },
      lost: () => {
        this.connEl.textContent = tt.reconnecting;
        this.connEl.hidden = false;
        // The state meanwhile (and a session that is gone shows as such).
        void this.loadState();
      },
    });
    void this.loadState().then(() => this.feed.start());
    requestAnimationFrame((now) => this.frame(now));
  }

  private fairContext(): FairContext {
    return {
      info: this.info,
      lang: this.lang,
      t: this.t,
      tt: this.tt,
      api: this.api,
      commitment: this.commitment,
      history: this.history,
    };
  }

  // ---------- Server state ----------

  private async loadState(): Promise<void> {
    try {
      const data = await this.api.state();
      const at = Date.now();
      this.commitment = data.commitment ?? '';
      this.balance = data.balance;
      this.renderBalance();
      // The history first, so the round (when crashed) does not add its crash twice.
      this.history = (data.history ?? []).slice(0, 20);
      if (data.round) this.onRound(data.round, at);
      const round = this.round;
      if (round) {
        for (const bet of data.mine ?? []) {
          const panel = this.panels[bet.slot];
          if (!panel || panel.state.kind === 'placing') continue;
          panel.dispatch({ type: 'restore', roundId: round.id, phase: round.phase, bet });
        }
        this.markMine();
      }
      this.renderHistory();
      this.renderBets();
    } catch (e) {
      this.fail(e);
    }
  }

  private scheduleBalance() {
    if (this.balanceRefresh) clearTimeout(this.balanceRefresh);
    this.balanceRefresh = setTimeout(() => {
      this.balanceRefresh = null;
      this.api.state().then(
        (data) => {
          this.balance = data.balance;
          this.renderBalance();
        },
        () => {},
      );
    }, 400);
  }

  // ---------- The feed ----------

  private onMessage(msg: FeedMsg, at: number) {
    switch (msg.type) {
      case 'round':
        this.onRound(msg, at);
        break;
      case 'tick':
        this.onTick(msg, at);
        break;
      case 'crash':
        this.onCrash(msg);
        break;
      case 'bet':
      case 'cashout':
        this.onBet(msg);
        break;
      case 'bets':
        // Everyone's latest bet changes, once a poll (the player's own come alone, as mine).
        if (this.round && msg.roundId === this.round.id) {
          for (const b of msg.bets ?? []) this.upsertBet(b);
          this.renderBets();
        }
        break;
    }
  }

  private onRound(msg: RoundMsg, at: number) {
    this.clock.sample(msg.serverTime, at);
    const current = this.round;
    if (current && msg.roundId < current.id) return;
    const fresh = !current || msg.roundId !== current.id;
    if (fresh) {
      this.lastTick = null;
      this.shown = 0;
      const crash = this.lastCrash;
      this.settled =
        current && crash && crash.roundId === current.id && this.bets.length > 0
          ? { bets: this.bets, until: crash.at + this.info.pauseMs }
          : null;
    }
    this.round = {
      id: msg.roundId,
      phase: msg.phase,
      startAt: msg.startAt,
      crashPoint: msg.crashPoint,
    };
    // The round's bets: the full list on connect (mine marked again by slot and amount); a phase
    // change may come without them (the bets and cash-outs come one by one).
    if (fresh || (msg.bets?.length ?? 0) > 0) this.bets = (msg.bets ?? []).map((b) => ({ ...b }));
    if (msg.phase === 'running' && !this.lastTick)
      this.lastTick = { elapsedMs: Math.max(0, msg.serverTime - msg.startAt), at: msg.serverTime };
    if (msg.phase === 'crashed' && msg.crashPoint !== null)
      this.crashed(msg.roundId, msg.crashPoint, msg.hash ?? '', msg.crashAt ?? msg.serverTime);
    for (const panel of this.panels) {
      const before = panel.state;
      const after = panel.dispatch({ type: 'round', roundId: msg.roundId, phase: msg.phase });
      if (active(before) && after.kind === 'lost')
        this.say(this.tt.lostMsg(panel.slot + 1), 'info');
      panel.update(msg.phase, 1);
    }
    if (fresh && msg.phase === 'betting') {
      // Said after the crash it follows (so one announcement does not cut the other).
      const crash = this.lastCrash;
      const countdown = this.tt.countdown(secondsLeft(msg.startAt, this.clock.now()));
      this.live.textContent =
        crash && this.clock.now() < crash.at + this.info.pauseMs
          ? `${this.tt.flewAway(formatX(crash.crashPoint, this.lang))} ${countdown}`
          : countdown;
    }
    this.markMine();
    this.renderBets();
  }

  private onTick(msg: TickMsg, at: number) {
    let round = this.round;
    if (!round || msg.roundId > round.id) {
      // A round whose start we missed.
      round = this.round = {
        id: msg.roundId,
        phase: 'running',
        startAt: msg.at - msg.elapsedMs,
        crashPoint: null,
      };
      this.bets = [];
      this.shown = 0;
      for (const p of this.panels)
        p.dispatch({ type: 'round', roundId: msg.roundId, phase: 'running' });
      this.renderBets();
    }
    if (msg.roundId !== round.id || round.phase === 'crashed') return;
    round.phase = 'running';
    this.clock.sample(msg.at, at);
    this.lastTick = { elapsedMs: msg.elapsedMs, at: msg.at };
  }

  private onCrash(msg: CrashMsg) {
    const round = this.round;
    if (round && msg.roundId === round.id) {
      round.phase = 'crashed';
      round.crashPoint = msg.crashPoint;
    }
    this.crashed(msg.roundId, msg.crashPoint, msg.hash, msg.at);
    let lost = false;
    for (const panel of this.panels) {
      const before = panel.state;
      const after = panel.dispatch({ type: 'crash', roundId: msg.roundId });
      if (active(before) && after.kind === 'lost') {
        lost = true;
        this.say(this.tt.lostMsg(panel.slot + 1), 'info');
      }
    }
    this.live.textContent = this.tt.flewAway(formatX(msg.crashPoint, this.lang));
    if (lost) this.sound.error();
    this.renderBets();
  }

  /** A crash seen (on the feed or in a round message): the history and the stage's banner. */
  private crashed(roundId: number, crashPoint: number, hash: string, at: number) {
    if (!this.lastCrash || this.lastCrash.roundId <= roundId)
      this.lastCrash = { roundId, crashPoint, at };
    if (!this.history.some((r) => r.roundId === roundId)) {
      this.history.unshift({ roundId, crashPoint, hash });
      this.history.sort((a, b) => b.roundId - a.roundId);
      this.history.length = Math.min(this.history.length, 20);
      this.renderHistory();
    }
  }

  /** A bet of the round's list, new or changed (cashed out, settled): one row a bet. */
  private upsertBet(msg: FeedBet) {
    let mine = msg.mine === true;
    if (mine) this.myName = msg.player;
    // The player's own bet in everyone's list: by their masked name, slot and amount.
    else if (
      msg.player === this.myName &&
      this.bets.some((b) => b.mine && b.slot === msg.slot && b.amount === msg.amount)
    )
      mine = true;
    const entry = this.bets.find((b) =>
      mine
        ? b.mine && b.slot === msg.slot
        : !b.mine && b.player === msg.player && b.slot === msg.slot && b.amount === msg.amount,
    );
    if (entry) {
      if (msg.cashOut !== null || entry.cashOut === null) {
        entry.cashOut = msg.cashOut ?? null;
        entry.win = msg.win ?? null;
      }
    } else
      this.bets.push({
        player: msg.player,
        slot: msg.slot,
        amount: msg.amount,
        cashOut: msg.cashOut ?? null,
        win: msg.win ?? null,
        mine,
      });
  }

  private onBet(msg: BetMsg) {
    if (!this.round || msg.roundId !== this.round.id) return;
    this.upsertBet(msg);
    if (msg.type === 'cashout' && msg.mine && msg.cashOut !== null && msg.win !== null) {
      const panel = this.panels[msg.slot];
      if (panel) {
        const before = panel.state;
        const after = panel.dispatch({
          type: 'cashedOut',
          roundId: msg.roundId,
          cashOut: msg.cashOut,
          win: msg.win,
        });
        if (active(before) && after.kind === 'cashed') {
          // An auto cash-out (or the feed ahead of the answer): the win now, the exact balance next.
          this.balance = Math.round(this.balance * 100 + msg.win) / 100;
          this.renderBalance();
          this.won(msg.win, msg.cashOut);
          this.scheduleBalance();
        }
      }
    }
    this.renderBets();
  }

  // ---------- The player's calls ----------

  bet(panel: BetPanel): void {
    const round = this.round;
    if (!round || round.phase !== 'betting' || panel.state.kind !== 'idle') return;
    const amount = panel.amount;
    const auto = panel.autoTarget();
    panel.dispatch({ type: 'bet', amount, auto });
    this.sound.click();
    this.api.bet(panel.slot, amount, auto).then(
      (data) => {
        panel.dispatch({
          type: 'betOk',
          roundId: data.roundId,
          amount: data.amount,
          auto: data.autoCashOut ?? null,
        });
        this.balance = data.balance;
        this.renderBalance();
        if (
          this.round?.id === data.roundId &&
          !this.bets.some((b) => b.mine && b.slot === panel.slot)
        )
          this.bets.push({
            player: this.myName ?? '',
            slot: panel.slot,
            amount: data.amount,
            cashOut: null,
            win: null,
            mine: true,
          });
        this.renderBets();
        this.say(this.tt.betOk(panel.slot + 1, formatKurus(data.amount, this.lang)), 'info', true);
      },
      (e) => {
        panel.dispatch({ type: 'betFailed' });
        this.fail(e);
      },
    );
  }

  cashout(panel: BetPanel): void {
    if (panel.state.kind !== 'placed') return;
    panel.dispatch({ type: 'cashout' });
    this.api.cashout(panel.slot).then(
      (data) => {
        const before = panel.state;
        panel.dispatch({
          type: 'cashedOut',
          roundId: data.roundId,
          cashOut: data.cashOut,
          win: data.win,
        });
        this.balance = data.balance;
        this.renderBalance();
        const mine = this.bets.find((b) => b.mine && b.slot === panel.slot);
        if (mine) {
          mine.cashOut = data.cashOut;
          mine.win = data.win;
        }
        this.renderBets();
        if (before.kind === 'cashing') this.won(data.win, data.cashOut);
      },
      (e) => {
        panel.dispatch({ type: 'cashoutFailed' });
        this.fail(e);
      },
    );
  }

  private won(win: number, cashOut: number) {
    this.say(this.tt.youWon(formatKurus(win, this.lang), formatX(cashOut, this.lang)), 'win', true);
    this.sound.win(cashOut >= 10 ? 'big' : 'small');
  }

  private fail(e: unknown) {
    this.sound.error();
    if (e instanceof ApiError && e.status === 401) {
      this.feed.stop();
      this.root.dispatchEvent(new CustomEvent('session-lost'));
      return;
    }
    if (e instanceof ApiError) {
      const balance = (e.data as { balance?: unknown } | undefined)?.balance;
      if (typeof balance === 'number') {
        this.balance = balance;
        this.renderBalance();
      }
      this.say(e.message, 'error');
    } else if (e instanceof NetworkError) this.say(this.t.networkError, 'error');
    else this.say(this.t.networkError, 'error');
  }

  /** The message line; `announce` also tells screen readers (errors always). */
  say(text: string, kind: 'info' | 'win' | 'error' = 'info', announce = kind === 'error') {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
    if (announce) this.live.textContent = text;
  }

  // ---------- Rendering ----------

  private renderBalance() {
    this.balanceEl.textContent = formatLira(this.balance, this.lang);
  }

  private renderHistory() {
    const items = this.history.slice(0, 20).map((r) => {
      const x = formatX(r.crashPoint, this.lang);
      const b = h('button', {
        class: `cx cx--${tierOf(r.crashPoint)}`,
        type: 'button',
        'aria-label': `${this.tt.roundCol} ${r.roundId}: ${x}`,
        text: x,
      });
      b.addEventListener('click', () => openCrashFair(this.fairContext(), r.hash || undefined));
      return h('li', {}, b);
    });
    this.historyEl.replaceChildren(...items);
  }

  /** Marks the player's bets in the round's list (by slot and amount, once each). */
  private markMine() {
    const round = this.round;
    if (!round) return;
    for (const panel of this.panels) {
      const s = panel.state;
      if (s.kind === 'idle' || s.kind === 'placing' || s.roundId !== round.id) continue;
      if (this.bets.some((b) => b.mine && b.slot === panel.slot)) continue;
      const entry = this.bets.find(
        (b) => !b.mine && b.slot === panel.slot && b.amount === s.amount,
      );
      if (entry) {
        entry.mine = true;
        this.myName = entry.player;
      }
    }
  }

  private renderBets() {
    const lang = this.lang;
    const past =
      this.settled && this.bets.length === 0 && this.clock.now() < this.settled.until
        ? this.settled.bets
        : null;
    const list = past ?? this.bets;
    const crashed = past !== null || this.round?.phase === 'crashed';
    const rows = [...list]
      .sort((a, b) => Number(!!b.mine) - Number(!!a.mine) || b.amount - a.amount)
      .slice(0, 60)
      .map((b) =>
        h(
          'tr',
          {
            class: [
              b.mine ? 'is-mine' : '',
              b.cashOut !== null ? 'is-won' : crashed ? 'is-lost' : '',
            ]
              .filter(Boolean)
              .join(' '),
          },
          h('td', { class: 'cbets__player', text: b.mine ? this.tt.you : b.player }),
          h('td', { text: formatKurus(b.amount, lang) }),
          h('td', { text: b.cashOut !== null ? formatX(b.cashOut, lang) : '—' }),
          h('td', { text: b.cashOut !== null && b.win !== null ? formatKurus(b.win, lang) : '—' }),
        ),
      );
    this.betsBody.replaceChildren(...rows);
    this.betsEmpty.hidden = rows.length > 0;
    this.betsCount.textContent = this.tt.betsCount(list.length);
  }

  private setText(el: HTMLElement, text: string) {
    if (el.textContent !== text) el.textContent = text;
  }

  private frame(now: number) {
    const serverNow = this.clock.now();
    const round = this.round;
    const growth = this.info.growth;
    const reduced = this.reduced?.matches ?? false;
    let phase: Phase = round?.phase ?? 'betting';
    let multiplier = 1;
    let elapsed = 0;
    let sinceCrash = 0;
    let status = '';
    let count = '';
    let progress = -1;
    let big = '';

    const last = this.lastCrash;
    const showCrash =
      phase === 'crashed' ||
      (phase === 'betting' && last !== null && serverNow < last.at + this.info.pauseMs);
    if (round && phase === 'running') {
      const tick = this.lastTick;
      const start = tick ? tick.at - tick.elapsedMs : round.startAt;
      elapsed = this.shown = Math.max(this.shown, shownElapsed(serverNow, start, tick));
      multiplier = multiplierAt(elapsed, growth);
      big = formatX(multiplier, this.lang);
    } else if (showCrash && last) {
      phase = 'crashed';
      multiplier = last.crashPoint;
      elapsed = timeFor(last.crashPoint, growth);
      sinceCrash = Math.max(0, serverNow - last.at);
      status = this.tt.flewAway(formatX(last.crashPoint, this.lang));
    }
    if (round && round.phase === 'betting') {
      const left = secondsLeft(round.startAt, serverNow);
      count = left > 0 ? this.tt.countdown(left) : this.tt.starting;
      progress = Math.max(0, Math.min(1, (round.startAt - serverNow) / this.info.bettingMs));
    }
    if (!round) count = this.tt.connecting;

    this.stage.dataset.phase = phase;
    this.setText(this.multEl, big);
    this.multEl.hidden = !big;
    this.setText(this.statusEl, status);
    this.statusEl.hidden = !status;
    this.setText(this.countdownEl, count);
    this.countdownEl.hidden = !count;
    this.progress.hidden = progress < 0;
    if (progress >= 0) this.progressEl.style.transform = `scaleX(${progress})`;

    if (this.settled && serverNow >= this.settled.until) {
      this.settled = null;
      this.renderBets();
    }
    const panelPhase: Phase = round?.phase ?? 'crashed';
    for (const p of this.panels) p.update(panelPhase, round?.phase === 'running' ? multiplier : 1);
    this.graph.draw({ phase, elapsed, multiplier, growth, sinceCrash, reduced, clock: now });
    requestAnimationFrame((t) => this.frame(t));
  }
}

void boot<CrashSession>(({ root, api, session, lang, t }) => {
  new Aviator(root, api, session, lang, t);
});
