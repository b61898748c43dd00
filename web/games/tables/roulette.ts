/**
 * European roulette: the betting table (numbers, columns, dozens, even-money bets; splits, streets,
 * corners and lines by the cells' edges and corners with a fine pointer), chips, undo, clear,
 * rebet / double, the wheel turning onto the server's number, the win and the last numbers.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import './tables.css';
import { colours } from '@shared/tokens';
import { h, textTable } from '../kit/dom';
import { ChipTable } from './bet-tools';
import { spotKey, type Spot } from './bets';
import { OUTSIDE, anchorOf, cellOf, colourOf, covered, numberAt, spotAt } from './roulette-logic';
import { TableShell, chipLabel, list, reducedMotion } from './shell';
import { bootTable, type MakeShell } from './table-boot';
import type { Draw } from './types';
import { TurningWheel, circle, drawWheel, pointer, rotate, svgText } from './wheel-svg';

const FILL = { red: '#d0283c', black: '#1a1f27', green: '#11915a' };

class Roulette extends ChipTable {
  private red: number[];
  private grid = h('div', { class: 'rl-board' });
  private chipLayer = h('div', { class: 'rl-chips', 'aria-hidden': 'true' });
  private cells = new Map<string, HTMLButtonElement>();
  private numberCells = new Map<number, HTMLButtonElement>();
  private horizontal = true;
  private fine = true;
  private ball;
  private centre;
  private turning: TurningWheel<number>;

  constructor(make: MakeShell) {
    super(make);
    const { info, tt } = this.shell;
    this.red = info.red;
    this.shell.actionButton.addEventListener('click', () => void this.spin());

    const wheel = drawWheel(
      info.wheel.map((n) => ({ fill: FILL[colourOf(n, this.red)], label: String(n) })),
      { inner: 58, labelRadius: 90, fontSize: 9, className: 'wheel rl-wheel' },
    );
    this.turning = new TurningWheel(wheel.rotor, (n) =>
      h('li', { class: `rl-pill rl-pill--${colourOf(n, this.red)}`, text: String(n) }),
    );
    this.ball = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    this.ball.append(
      circle({ cx: 0, cy: -72, r: 5.5, fill: '#fff', stroke: colours.textSecondary }),
    );
    this.centre = svgText(
      {
        x: 0,
        y: 0,
        'font-size': 30,
        'font-weight': 800,
        fill: '#ffd36b',
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
      },
      '',
    );
    wheel.overlay.append(pointer(), this.ball, this.centre);

    this.buildBoard();
    this.grid.append(this.chipLayer);
    const figure = h(
      'figure',
      { class: 'rl-wheelbox', role: 'img', 'aria-label': tt.wheel },
      wheel.svg,
    );
    this.shell.stage.append(
      h(
        'div',
        { class: 'rl' },
        h('div', { class: 'rl-side' }, figure, this.turning.historySection(tt.history)),
        h('div', { class: 'rl-tablebox' }, this.grid),
      ),
    );
    this.shell.stage.addEventListener('click', () => {
      if (this.shell.busy) this.turning.skip = true;
    });

    const wide = matchMedia('(min-width: 720px)');
    const fine = matchMedia('(pointer: fine)');
    const layout = () => {
      this.horizontal = wide.matches;
      this.fine = fine.matches;
      this.placeCells();
      this.render();
    };
    wide.addEventListener('change', layout);
    fine.addEventListener('change', layout);
    new ResizeObserver(() => this.renderChips()).observe(this.grid);
    layout();
    this.turning.addResult();
    this.shell.say(tt.placeBets);
  }

  private spotLabel(spot: Spot): string {
    const tt = this.shell.tt;
    const name = tt.bets[spot.kind] ?? spot.kind;
    if (spot.kind === 'dozen') return tt.dozenLabel(spot.numbers[0]);
    if (spot.kind === 'column') return `${tt.bets.column} ${spot.numbers[0]} (${tt.columnLabel})`;
    return spot.numbers.length ? `${name} ${spot.numbers.join('-')}` : name;
  }

  private buildBoard() {
    const tt = this.shell.tt;
    const add = (spot: Spot, cls: string, text: string) => {
      const b = h('button', { class: `rl-cell ${cls}`, type: 'button' });
      b.append(h('span', { class: 'rl-cell__text', text }));
      b.addEventListener('click', () => this.place(spot));
      this.cells.set(spotKey(spot), b);
      this.grid.append(b);
      return b;
    };
    const zero = add({ kind: 'straight', numbers: [0] }, 'rl-num rl-num--green rl-zero', '0');
    this.numberCells.set(0, zero);
    for (let c = 0; c < 12; c++)
      for (let r = 0; r < 3; r++) {
        const n = numberAt(c, r);
        const b = h('button', {
          class: `rl-cell rl-num rl-num--${colourOf(n, this.red)}`,
          type: 'button',
        });
        b.append(h('span', { class: 'rl-cell__text', text: String(n) }));
        b.addEventListener('click', (e) => this.onNumber(n, b, e));
        b.addEventListener('pointermove', (e) => this.hint(this.spotFrom(n, b, e)));
        b.addEventListener('pointerleave', () => this.hint(null));
        this.cells.set(spotKey({ kind: 'straight', numbers: [n] }), b);
        this.numberCells.set(n, b);
        this.grid.append(b);
      }
    for (let k = 1; k <= 3; k++)
      add({ kind: 'column', numbers: [k] }, 'rl-out rl-col', tt.columnLabel);
    for (let d = 1; d <= 3; d++)
      add({ kind: 'dozen', numbers: [d] }, 'rl-out rl-dozen', tt.dozenLabel(d));
    for (const spot of OUTSIDE) {
      const b = add(spot, `rl-out rl-even rl-even--${spot.kind}`, tt.bets[spot.kind]);
      if (spot.kind === 'red' || spot.kind === 'black') {
        b.replaceChildren(h('span', { class: `rl-diamond rl-diamond--${spot.kind}` }));
      }
    }
    for (const [key, b] of this.cells) {
      const [kind, nums] = key.split(':');
      const spot = { kind, numbers: nums ? nums.split('-').map(Number) : [] };
      b.addEventListener('pointerenter', () => {
        if (kind !== 'straight') this.hint(spot);
      });
      b.addEventListener('pointerleave', () => this.hint(null));
    }
  }

  /** Grid places of the cells: 14 × 5 on wide screens, 5 × 14 (numbers downwards) on phones. */
  private placeCells() {
    const set = (spot: Spot, col: string, row: string) => {
      const b = this.cells.get(spotKey(spot));
      if (!b) return;
      b.style.gridColumn = col;
      b.style.gridRow = row;
    };
    this.grid.classList.toggle('rl-board--h', this.horizontal);
    this.grid.classList.toggle('rl-board--v', !this.horizontal);
    const H = this.horizontal;
    set({ kind: 'straight', numbers: [0] }, H ? '1' : '3 / 6', H ? '1 / 4' : '1');
    for (let n = 1; n <= 36; n++) {
      const { col, row } = cellOf(n);
      set(
        { kind: 'straight', numbers: [n] },
        String(H ? col + 2 : 3 + (2 - row)),
        String(H ? row + 1 : col + 2),
      );
    }
    for (let k = 1; k <= 3; k++)
      set({ kind: 'column', numbers: [k] }, String(H ? 14 : 2 + k), String(H ? 4 - k : 14));
    for (let d = 1; d <= 3; d++) {
      const start = H ? 2 + (d - 1) * 4 : 2 + (d - 1) * 4;
      set(
        { kind: 'dozen', numbers: [d] },
        H ? `${start} / span 4` : '1',
        H ? '4' : `${start} / span 4`,
      );
    }
    OUTSIDE.forEach((spot, i) =>
      set(spot, H ? `${2 + 2 * i} / span 2` : '2', H ? '5' : `${2 + 2 * i} / span 2`),
    );
  }

  /** The bet at a pointer's place on number n's cell (the straight for a keyboard press). */
  private spotFrom(n: number, cell: HTMLElement, e: MouseEvent): Spot {
    if (!this.fine || e.detail === 0) return { kind: 'straight', numbers: [n] };
    const rect = cell.getBoundingClientRect();
    const x = (e.clientX - rect.left) / rect.width;
    const y = (e.clientY - rect.top) / rect.height;
    // On phones the table stands upright: the horizontal layout's x runs downwards.
    return this.horizontal ? spotAt(n, x, y, 0.22) : spotAt(n, y, 1 - x, 0.22);
  }

  private onNumber(n: number, cell: HTMLElement, e: MouseEvent) {
    this.place(this.spotFrom(n, cell, e));
  }

  private hint(spot: Spot | null) {
    for (const b of this.numberCells.values()) b.classList.remove('is-hint');
    if (!spot || this.shell.busy) return;
    for (const n of covered(spot.kind, spot.numbers, this.red) ?? [])
      this.numberCells.get(n)?.classList.add('is-hint');
    if (spot.numbers.includes(0)) this.numberCells.get(0)?.classList.add('is-hint');
  }

  private place(spot: Spot) {
    if (this.shell.busy) return;
    if (!covered(spot.kind, spot.numbers, this.red)) return;
    this.tools.add(spot);
  }

  protected clearResult() {
    for (const b of this.cells.values()) b.classList.remove('is-win', 'is-lost');
    this.centre.textContent = '';
  }

  protected render() {
    const { tt } = this.shell;
    this.shell.setBet(this.board.total);
    for (const [key, b] of this.cells) {
      const [kind, nums] = key.split(':');
      const spot = { kind, numbers: nums ? nums.split('-').map(Number) : [] };
      const amount = this.board.amountOn(spot);
      b.setAttribute(
        'aria-label',
        tt.betOn(this.spotLabel(spot), amount ? this.shell.money(amount) : ''),
      );
    }
    this.tools.render();
    this.shell.actionButton.disabled = this.shell.busy || this.board.empty;
    this.renderChips();
  }

  /** The chips on the table, each where its bet sits. */
  private renderChips() {
    const chips: HTMLElement[] = [];
    for (const stake of this.board.list()) {
      const at = this.chipPlace(stake);
      if (!at) continue;
      const chip = h('span', { class: 'rl-chip', text: chipLabel(stake.amount) });
      chip.style.left = `${at[0]}px`;
      chip.style.top = `${at[1]}px`;
      chips.push(chip);
    }
    this.chipLayer.replaceChildren(...chips);
  }

  private chipPlace(spot: Spot): [number, number] | null {
    const anchor = anchorOf(spot);
    const el = anchor
      ? this.numberCells.get(anchor.cell)
      : this.cells.get(spotKey({ kind: spot.kind, numbers: spot.numbers }));
    if (!el) return null;
    let fx = anchor?.fx ?? 0.5;
    let fy = anchor?.fy ?? 0.5;
    if (anchor && !this.horizontal) [fx, fy] = [1 - fy, fx];
    return [el.offsetLeft + fx * el.offsetWidth, el.offsetTop + fy * el.offsetHeight];
  }

  private async spin() {
    const shell = this.shell;
    if (shell.busy || this.board.empty) return;
    shell.setBusy(true);
    this.turning.skip = false;
    this.hint(null);
    this.clearResult();
    this.render();
    shell.sound.click();
    shell.say(shell.tt.placeBets);
    const data = await this.tools.play();
    if (!data) return;
    const number = data.outcome.draw.game === 'roulette' ? data.outcome.draw.number : 0;
    await this.turnTo(number);
    const colour = colourOf(number, this.red);
    this.centre.textContent = String(number);
    this.centre.setAttribute(
      'fill',
      colour === 'red' ? '#ff6b7a' : colour === 'green' ? colours.accent : colours.textPrimary,
    );
    // The winning bets light up, the others fade.
    for (const s of data.outcome.stakes) {
      const el = anchorOf(s) ? null : this.cells.get(spotKey(s));
      el?.classList.add(s.win > 0 ? 'is-win' : 'is-lost');
    }
    this.numberCells.get(number)?.classList.add('is-win');
    this.turning.addResult(number);
    shell.settle(data, shell.tt.result(number, shell.tt.colours[colour]));
    this.tools.done();
  }

  private async turnTo(number: number) {
    const info = this.shell.info;
    const index = Math.max(0, info.wheel.indexOf(number));
    const ballTurns = 4 * 360;
    await this.turning.turnTo(index, info.wheel.length, 3, 0.5, reducedMotion() ? 0 : 3600, (u) =>
      // The ball runs the other way and comes to rest at the pointer.
      rotate(this.ball, -ballTurns * (1 - u)),
    );
  }
}

/** The verify view: the recomputed number. */
function verifyView(shell: () => TableShell) {
  return (draw: Draw) => {
    const s = shell();
    const n = draw.game === 'roulette' ? draw.number : -1;
    const colour = colourOf(n, s.info.red);
    return [
      h('h4', { text: s.dict.verifyResult }),
      h('p', { class: 'verify__win', text: s.tt.result(n, s.tt.colours[colour]) }),
    ];
  };
}

bootTable(
  (make) => new Roulette(make),
  (shell, { t }) => ({
    action: t.spin,
    verifyView: verifyView(shell),
    info: () => {
      const tt = shell().tt;
      const rows: [string, number][] = [
        ['straight', 1],
        ['split', 2],
        ['street', 3],
        ['corner', 4],
        ['line', 6],
        ['dozen', 12],
        ['column', 12],
        ['red', 18],
      ];
      return [
        h('h3', { text: tt.betsTable }),
        textTable(
          'rounds__table paytable-t',
          [shell().dict.bet, tt.numbersHead, tt.payout],
          rows.map(([kind, n]) => [
            kind === 'red'
              ? `${tt.bets.red} / ${tt.bets.black} · ${tt.bets.odd} / ${tt.bets.even} · ${tt.bets.low} / ${tt.bets.high}`
              : tt.bets[kind],
            String(n),
            { class: 'nowrap', text: tt.pays(36 / n - 1) },
          ]),
        ),
        h('h3', { text: tt.rules }),
        list(tt.rouletteRules),
      ];
    },
  }),
);
