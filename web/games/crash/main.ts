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
import { h } from '../kit/dom';
import { formatKurus } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { Sound } from '../kit/sound';
import { CrashApi } from './api';
import { Bar } from './bar';
import { BetsList } from './bets-list';
import { openCrashFair, openCrashInfo, type FairContext } from './fair';
import { Feed } from './feed';
import { HistoryStrip } from './history';
import { crashDict, type CrashDict } from './i18n';
import { Clock, formatX, secondsLeft, type PanelState } from './logic';
import { BetPanel, type PanelHost } from './panel';
import { Stage, type LastCrash, type LastTick, type Round } from './stage';
import type {
  BetMsg,
  CrashInfo,
  CrashMsg,
  CrashSession,
  FeedMsg,
  Phase,
  RoundMsg,
  TickMsg,
} from './types';

const active = (s: PanelState) => s.kind === 'placed' || s.kind === 'cashing';

class Aviator implements PanelHost {
  private readonly info: CrashInfo;
  private readonly tt: CrashDict;
  private readonly api: CrashApi;
  private readonly sound = new Sound();
  private readonly clock = new Clock();
  private balance: number;
  private round: Round | null = null;
  private lastTick: LastTick | null = null;
  private lastCrash: LastCrash | null = null;
  private commitment = '';
  private panels: BetPanel[];
  private feed: Feed;
  private readonly bar: Bar;
  private readonly stage: Stage;
  private readonly history: HistoryStrip;
  private readonly bets: BetsList;
  private balanceRefresh: ReturnType<typeof setTimeout> | null = null;

  private message = h('p', { class: 'message cmessage' });
  private live = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });

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

    this.bar = new Bar(name, lang, t, this.sound, {
      info: () => openCrashInfo(this.fairContext()),
      fair: () => openCrashFair(this.fairContext()),
    });
    this.history = new HistoryStrip(lang, tt, (hash) => openCrashFair(this.fairContext(), hash));
    this.stage = new Stage(this.info, lang, tt);

    this.panels = [0, 1].map((slot) => new BetPanel(slot, this.info, lang, tt, this));
    // The second panel starts with auto cash-out at 2.00x on offer (off).
    const panelsEl = h('div', { class: 'cpanels' }, ...this.panels.map((p) => p.el));

    this.bets = new BetsList(lang, tt);

    root.classList.add('capp');
    root.replaceChildren(
      this.bar.el,
      this.history.el,
      h('main', { class: 'cmain-area' }, this.stage.el),
      h('div', { class: 'cmsg' }, this.message),
      panelsEl,
      this.bets.el,
      this.live,
    );
    this.renderBalance();
    this.history.render();
    this.renderBets();
    this.say(tt.connecting, 'info');

    this.feed = new Feed(() => this.api.feedUrl(), {
      message: (msg, at) => this.onMessage(msg, at),
      open: (again) => {
        this.stage.reconnecting(false);
        if (again) void this.loadState();
        else if (this.message.dataset.kind !== 'error') this.say('', 'info');
      },
      lost: () => {
        this.stage.reconnecting(true);
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
      history: this.history.items,
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
      this.history.replace(data.history ?? []);
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
      this.history.render();
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
          for (const b of msg.bets ?? []) this.bets.upsert(b);
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
      this.stage.restart();
      const crash = this.lastCrash;
      this.bets.keepUntil(
        current && crash && crash.roundId === current.id ? crash.at + this.info.pauseMs : null,
      );
    }
    this.round = {
      id: msg.roundId,
      phase: msg.phase,
      startAt: msg.startAt,
      crashPoint: msg.crashPoint,
    };
    // The round's bets: the full list on connect (mine marked again by slot and amount); a phase
    // change may come without them (the bets and cash-outs come one by one).
    if (fresh || (msg.bets?.length ?? 0) > 0) this.bets.replace(msg.bets ?? []);
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
      this.bets.replace([]);
      this.stage.restart();
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
    this.history.add({ roundId, crashPoint, hash });
  }

  private onBet(msg: BetMsg) {
    if (!this.round || msg.roundId !== this.round.id) return;
    this.bets.upsert(msg);
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
        if (this.round?.id === data.roundId) this.bets.addMine(panel.slot, data.amount);
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
        this.bets.cashedOut(panel.slot, data.cashOut, data.win);
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
    this.bar.showBalance(this.balance);
  }

  /** Marks the player's bets in the round's list. */
  private markMine() {
    if (this.round) this.bets.markMine(this.round.id, this.panels);
  }

  private renderBets() {
    this.bets.render(this.round?.phase === 'crashed', this.clock.now());
  }

  private frame(now: number) {
    const serverNow = this.clock.now();
    const round = this.round;
    const multiplier = this.stage.draw({
      round,
      lastTick: this.lastTick,
      lastCrash: this.lastCrash,
      serverNow,
      clock: now,
    });
    if (this.bets.expired(serverNow)) this.renderBets();
    const panelPhase: Phase = round?.phase ?? 'crashed';
    for (const p of this.panels) p.update(panelPhase, round?.phase === 'running' ? multiplier : 1);
    requestAnimationFrame((t) => this.frame(t));
  }
}

void boot<CrashSession>(({ root, api, session, lang, t }) => {
  new Aviator(root, api, session, lang, t);
});
