/**
 * The frame every table game shares: the top bar (name, info, fairness, sound), the stage the game
 * draws into, the meters (balance, total bet, last win), the message line, the chips and the
 * action buttons, and the round call with its errors. The fairness panel is the slot's.
 */
import { ApiError, GameApi, NetworkError } from '../kit/api';
import { topBar } from '../kit/bar';
import { ICONS, h, icon } from '../kit/dom';
import { formatKurus, formatLira } from '../kit/format';
import type { Dict, Lang } from '../kit/i18n';
import { canonicalJson, dialog, openFairness, rtpBlock, type VerifyView } from '../kit/panels';
import { helloSite, revealedToSite } from '../kit/site';
import { Sound } from '../kit/sound';
import type { Fair } from '../kit/types';
import type { Refusal } from './bets';
import { tableDict, type TableDict } from './i18n';
import type { Draw, PlayData, Stake, TableInfo, TableSession } from './types';

export const wait = (ms: number) => new Promise<void>((ok) => setTimeout(ok, ms));

export function reducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

export interface ShellOptions {
  /** The main button's text ('Spin', 'Play'). */
  action: string;
  /** The game's extra buttons beside the chips (undo, clear, …). */
  tools: HTMLElement[];
  /** How the verify view shows a recomputed draw. */
  verifyView: VerifyView<Draw>;
  /** The info panel's game-specific sections. */
  info: () => Node[];
  /** The info panel's limits (the stakes' limits by default). */
  limits?: () => string[];
}

export class TableShell {
  readonly info: TableInfo;
  readonly tt: TableDict;
  readonly sound = new Sound();
  balance: number;
  fair: Fair;
  chip: number;
  busy = false;

  /** What the game draws into (it scrolls when the screen is short). */
  readonly stage = h('div', { class: 'tstage' });
  readonly actionButton: HTMLButtonElement;
  private balanceEl = h('output', { class: 'meter__value' });
  private betEl = h('output', { class: 'meter__value' });
  private winEl = h('output', { class: 'meter__value meter__value--win' });
  /** The message line; the main button is described by it (why it waits: "Place your bets"). */
  private message = h('p', { class: 'message tmessage', id: 'tmessage' });
  private live = h('p', { class: 'sr-only', role: 'status', 'aria-live': 'polite' });
  private chipButtons: HTMLButtonElement[] = [];
  private soundButton: HTMLButtonElement;
  /** Called when the chip changes. */
  onChip: () => void = () => {};

  constructor(
    readonly root: HTMLElement,
    private readonly api: GameApi,
    session: TableSession,
    private readonly lang: Lang,
    private readonly t: Dict,
    private readonly options: ShellOptions,
  ) {
    this.info = session.game;
    this.balance = session.balance;
    this.fair = session.fair;
    helloSite();
    this.tt = tableDict(lang);
    const chips = this.info.chips;
    this.chip = chips.find((c) => c >= 500) ?? chips[0] ?? 100;
    document.body.classList.add('tables', `table-${this.info.kind}`);

    const name = this.info.name[lang] || this.info.name.en;
    document.title = name;
    this.soundButton = this.iconButton('bar__btn', ICONS.soundOff, t.soundOn, () =>
      this.toggleSound(),
    );
    const bar = topBar(
      name,
      t,
      {
        info: () => this.openInfo(),
        fairness: () =>
          openFairness<Draw>(this, (draw, round) => {
            // The recorded round's draw against the recomputed one.
            const recorded = (round?.outcome as { draw?: Draw } | null | undefined)?.draw;
            const same = recorded ? canonicalJson(recorded) === canonicalJson(draw) : null;
            return [
              ...(same === null
                ? []
                : [
                    h('p', {
                      class: same ? 'ok' : 'error',
                      text: same ? t.verifyMatch : t.verifyMismatch,
                    }),
                  ]),
              ...options.verifyView(draw, round),
            ];
          }),
      },
      this.soundButton,
    );

    const chipRow = h('div', { class: 'chips', role: 'group', 'aria-label': this.tt.chips });
    for (const c of chips) {
      const b = h('button', {
        class: `chip chip--${chipTier(c, chips)}`,
        type: 'button',
        'aria-label': this.tt.chip(formatKurus(c, lang)),
        'aria-pressed': String(c === this.chip),
        text: chipLabel(c),
      });
      b.addEventListener('click', () => {
        this.chip = c;
        this.sound.click();
        this.chipButtons.forEach((x, i) => x.setAttribute('aria-pressed', String(chips[i] === c)));
        this.onChip();
      });
      this.chipButtons.push(b);
      chipRow.append(b);
    }

    // Disabled while nothing is staked: the message line under the stage says so, and the
    // button is described by it (issue 30: never a silently disabled button).
    this.actionButton = h('button', {
      class: 'tplay',
      type: 'button',
      text: options.action,
      'aria-describedby': 'tmessage',
    });
    const controls = h(
      'section',
      { class: 'tcontrols', 'aria-label': t.bet },
      h(
        'div',
        { class: 'tmeters' },
        this.meter(t.balance, this.balanceEl, 'meter--balance'),
        this.meter(this.tt.totalBet, this.betEl, 'meter--bet'),
        this.meter(t.lastWin, this.winEl, 'meter--win'),
      ),
      h(
        'div',
        { class: 'tactions' },
        chipRow,
        h('div', { class: 'ttools' }, ...options.tools),
        this.actionButton,
      ),
    );
    root.classList.add('tapp');
    // The stage and the message line under it are the page's main landmark.
    const main = h(
      'main',
      { class: 'tmain' },
      this.stage,
      h('div', { class: 'tmsg' }, this.message),
    );
    root.replaceChildren(bar, main, controls);
    root.append(this.live);
    this.keyboardScroll(name);
    this.renderBalance(this.balance);
    this.setBet(0);
    this.setWin(0);
  }

  get dict(): Dict {
    return this.t;
  }

  /**
   * While the stage scrolls (a short screen), it takes the keyboard focus (a region named after
   * the game) so its hidden part can be scrolled into view without a mouse.
   */
  private keyboardScroll(name: string) {
    const stage = this.stage;
    const update = () => {
      const scrolls = stage.scrollHeight > stage.clientHeight + 1;
      if (scrolls === stage.hasAttribute('tabindex')) return;
      if (scrolls) {
        stage.tabIndex = 0;
        stage.setAttribute('role', 'region');
        stage.setAttribute('aria-label', name);
      } else {
        stage.removeAttribute('tabindex');
        stage.removeAttribute('role');
        stage.removeAttribute('aria-label');
      }
    };
    if (typeof ResizeObserver === 'undefined') return;
    // The stage's size, and its content's: what the game draws is the stage's children.
    const sizes = new ResizeObserver(update);
    sizes.observe(stage);
    new MutationObserver((changes) => {
      for (const change of changes)
        change.addedNodes.forEach((n) => n instanceof Element && sizes.observe(n));
      update();
    }).observe(stage, { childList: true });
  }

  get language(): Lang {
    return this.lang;
  }

  get gameApi(): GameApi {
    return this.api;
  }

  setFair(fair: Fair) {
    this.fair = fair;
  }

  money(kurus: number): string {
    return formatKurus(kurus, this.lang);
  }

  /** A button with a text and a label. */
  button(text: string, onClick: () => void, cls = 'tbtn'): HTMLButtonElement {
    const b = h('button', { class: cls, type: 'button', text });
    b.addEventListener('click', onClick);
    return b;
  }

  private iconButton(cls: string, paths: string[], label: string, onClick: () => void) {
    const b = h('button', { class: cls, type: 'button', 'aria-label': label, title: label });
    b.append(icon(paths));
    b.addEventListener('click', onClick);
    return b;
  }

  private meter(label: string, value: HTMLElement, cls: string): HTMLElement {
    return h(
      'div',
      { class: `meter ${cls}` },
      h('span', { class: 'meter__label', text: label }),
      value,
    );
  }

  private toggleSound() {
    const on = this.sound.toggle();
    this.soundButton.replaceChildren(icon(on ? ICONS.soundOn : ICONS.soundOff));
    const label = on ? this.t.soundOff : this.t.soundOn;
    this.soundButton.setAttribute('aria-label', label);
    this.soundButton.title = label;
    this.soundButton.classList.toggle('is-on', on);
  }

  renderBalance(lira: number) {
    this.balanceEl.textContent = formatLira(lira, this.lang);
  }

  setBet(kurus: number) {
    this.betEl.textContent = formatKurus(kurus, this.lang);
  }

  setWin(kurus: number) {
    this.winEl.textContent = formatKurus(kurus, this.lang);
  }

  /** The message line; `announce` also tells screen readers (errors always). */
  say(text: string, kind: 'info' | 'win' | 'error' = 'info', announce = kind === 'error') {
    this.message.textContent = text;
    this.message.dataset.kind = kind;
    if (announce) this.live.textContent = text;
  }

  /** The message for a stake the limits refuse. */
  refusal(r: Refusal): string {
    if (r === 'maxStakes') return this.tt.refused.maxStakes(this.info.maxStakes);
    if (r === 'maxStake') return this.tt.refused.maxStake(this.money(this.info.maxStake));
    return this.tt.refused.maxTotal(this.money(this.info.maxTotal));
  }

  setBusy(busy: boolean) {
    this.busy = busy;
    this.root.classList.toggle('is-busy', busy);
    this.chipButtons.forEach((b) => (b.disabled = busy));
  }

  /**
   * Plays a round with these stakes: the answer, or null when it was refused (the server's
   * message shown, the balance it was refused for taken).
   */
  async play(stakes: Stake[]): Promise<PlayData | null> {
    return this.request(() => this.api.play<PlayData>(stakes));
  }

  /**
   * Any call of the game (a round, a move): the answer (its `fair` taken), or null when it was
   * refused or never answered (the message shown, the balance it was refused for taken, a lost
   * session reported). `refused` then hears the server's refusal (a conflict to recover from).
   */
  async request<T>(call: () => Promise<T>, refused?: (e: ApiError) => void): Promise<T | null> {
    try {
      const data = await call();
      const fair = (data as { fair?: Fair } | null)?.fair;
      if (fair) this.fair = fair;
      return data;
    } catch (e) {
      this.sound.error();
      if (e instanceof NetworkError) this.say(this.t.networkError, 'error');
      else if (e instanceof ApiError && e.status === 401) {
        this.root.dispatchEvent(new CustomEvent('session-lost'));
        return null;
      } else {
        const balance =
          e instanceof ApiError
            ? (e.data as { balance?: unknown } | undefined)?.balance
            : undefined;
        if (typeof balance === 'number') {
          this.balance = balance;
          this.renderBalance(balance);
        }
        this.say(e instanceof ApiError ? e.message : this.t.networkError, 'error');
      }
      if (e instanceof ApiError) refused?.(e);
      return null;
    }
  }

  /** The round's end: the balance it answered, the win shown and announced. */
  settle(data: PlayData, detail?: string) {
    this.balance = data.balance;
    this.renderBalance(this.balance);
    this.setWin(data.win);
    const text = data.win > 0 ? this.tt.youWon(this.money(data.win)) : (detail ?? this.tt.noWin);
    const said = detail && data.win > 0 ? `${detail} · ${text}` : text;
    this.say(said, data.win > 0 ? 'win' : 'info', true);
    if (data.win > 0) this.sound.win(data.win >= data.bet * 10 ? 'big' : 'small');
    this.root.dispatchEvent(new CustomEvent('balance', { detail: this.balance }));
    revealedToSite(this.balance);
  }

  private openInfo() {
    const lang = this.lang;
    const tt = this.tt;
    const limits = h('ul', { class: 'rules' });
    (
      this.options.limits?.() ??
      tt.limitsList(
        this.money(this.info.chips[0] ?? 100),
        this.money(this.info.maxStake),
        this.money(this.info.maxTotal),
        this.info.maxStakes,
      )
    ).forEach((r) => limits.append(h('li', { text: r })));
    dialog(
      this.t.infoTitle,
      this.t.close,
      h('p', { class: 'muted', text: this.info.description?.[lang] ?? '' }),
      rtpBlock(this.info.rtp, tt.rtpTitle, lang, undefined, {
        x: this.info.maxWinX,
        label: tt.maxWin,
      }),
      ...this.options.info(),
      h('h3', { text: tt.limits }),
      limits,
      h('p', { class: 'muted small', text: tt.keyboard }),
    );
  }
}

/** A chip's face: `1`, `5`, `25`, `1K` (lira). */
export function chipLabel(kurus: number): string {
  const lira = kurus / 100;
  if (lira >= 1000) return `${lira / 1000}K`;
  return String(lira);
}

/** A chip's colour by its place among the chips. */
export function chipTier(kurus: number, chips: number[]): number {
  return Math.max(0, chips.indexOf(kurus)) % 7;
}

/** A list (ul) of texts. */
export function list(items: string[], cls = 'rules'): HTMLElement {
  const ul = h('ul', { class: cls });
  items.forEach((r) => ul.append(h('li', { text: r })));
  return ul;
}
