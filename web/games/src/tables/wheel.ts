/**
 * The Lucky Wheel: 50 segments marked ×2 … ×24, stakes on the marks with chips, Spin; the wheel
 * decelerates onto the server's segment under the pointer and the winning mark lights up.
 */
import '../../../src/assets/fonts/inter.css';
import '../style.css';
import './tables.css';
import { boot } from '../boot';
import { h } from '../dom';
import { formatRtp, formatTimes } from '../format';
import { BetBoard } from './bets';
import { TableShell, chipLabel, list, reducedMotion } from './shell';
import type { Draw, TableSession } from './types';
import { landingRotation } from './wheel-logic';
import { animate, circle, drawWheel, pointer, rotate } from './wheel-svg';

/** Each mark's colour (segment fill, and its bet box). */
export const MARK_FILL: Record<number, string> = {
  2: '#2f7de1',
  4: '#1fa866',
  6: '#8e44d6',
  12: '#e0702a',
  24: '#e2b21c',
};

class Wheel {
  private shell: TableShell;
  private board: BetBoard;
  private marks: number[];
  private boxes = new Map<number, HTMLButtonElement>();
  private amounts = new Map<number, HTMLElement>();
  private rotor;
  private paths;
  private rotation = 0;
  private skip = false;
  private historyEl = h('ol', { class: 'rl-history' });
  private history: number[] = [];
  private undoBtn: HTMLButtonElement;
  private clearBtn: HTMLButtonElement;
  private againBtn: HTMLButtonElement;

  constructor(make: (tools: HTMLElement[]) => TableShell) {
    this.undoBtn = h('button', { class: 'tbtn', type: 'button' });
    this.clearBtn = h('button', { class: 'tbtn', type: 'button' });
    this.againBtn = h('button', { class: 'tbtn tbtn--gold', type: 'button' });
    this.shell = make([this.undoBtn, this.clearBtn, this.againBtn]);
    const { info, tt } = this.shell;
    this.board = new BetBoard(info);
    this.marks = info.pays.map((p) => p[0]);
    this.undoBtn.textContent = tt.undo;
    this.clearBtn.textContent = tt.clear;
    this.undoBtn.addEventListener('click', () => this.change(() => (this.board.undo(), null)));
    this.clearBtn.addEventListener('click', () => this.change(() => (this.board.clear(), null)));
    this.againBtn.addEventListener('click', () =>
      this.change(() => (this.board.canRebet ? this.board.rebet() : this.board.double())),
    );
    this.shell.actionButton.addEventListener('click', () => {
      if (this.shell.busy) this.skip = true;
      else void this.spin();
    });

    const wheel = drawWheel(
      info.wheel.map((m) => ({
        fill: MARK_FILL[m] ?? '#555',
        label: `×${m}`,
        ink: m === 24 ? '#2b1c00' : '#fff',
      })),
      { inner: 30, labelRadius: 84, fontSize: 6.5, className: 'wheel lw-wheel' },
    );
    this.rotor = wheel.rotor;
    this.paths = wheel.paths;
    wheel.overlay.append(
      pointer(),
      circle({ r: 14, fill: '#ffb020', stroke: '#2b1c00', 'stroke-width': 2 }),
    );

    const spots = h('div', { class: 'lw-spots', role: 'group', 'aria-label': tt.marks });
    info.pays.forEach(([mark, count]) => {
      const amount = h('span', { class: 'lw-spot__amount' });
      const b = h(
        'button',
        { class: `lw-spot lw-spot--${mark}`, type: 'button' },
        h('span', { class: 'lw-spot__mark', text: `×${mark}` }),
        h('span', { class: 'lw-spot__count', text: tt.segments(count) }),
        amount,
      );
      b.addEventListener('click', () => {
        if (this.shell.busy) return;
        this.change(() => this.board.add({ kind: 'mark', numbers: [mark] }, this.shell.chip));
      });
      this.boxes.set(mark, b);
      this.amounts.set(mark, amount);
      spots.append(b);
    });

    this.shell.stage.append(
      h(
        'div',
        { class: 'lw' },
        h(
          'div',
          { class: 'lw-wheelbox' },
          h(
            'figure',
            {
              class: 'lw-figure',
              role: 'img',
              'aria-label': this.shell.info.name[this.shell.language],
            },
            wheel.svg,
          ),
          h(
            'section',
            { class: 'rl-last', 'aria-label': tt.lastMarks },
            h('h2', { class: 'rl-last__title', text: tt.lastMarks }),
            this.historyEl,
          ),
        ),
        spots,
      ),
    );
    this.shell.stage.addEventListener('click', (e) => {
      if (this.shell.busy && !(e.target as HTMLElement).closest('button')) this.skip = true;
    });
    this.renderHistory();
    this.render();
    this.shell.say(tt.placeBets);
  }

  private change(action: () => ReturnType<BetBoard['add']>) {
    if (this.shell.busy) return;
    this.clearResult();
    const refused = action();
    if (refused) this.shell.say(this.shell.refusal(refused), 'error');
    else {
      this.shell.sound.click();
      this.shell.say(this.shell.tt.placeBets);
    }
    this.render();
  }

  private clearResult() {
    for (const b of this.boxes.values()) b.classList.remove('is-win', 'is-lost');
    this.paths.forEach((p) => p.classList.remove('is-win'));
  }

  private render() {
    const { tt } = this.shell;
    const busy = this.shell.busy;
    this.shell.setBet(this.board.total);
    for (const mark of this.marks) {
      const amount = this.board.amountOn({ kind: 'mark', numbers: [mark] });
      const money = amount ? this.shell.money(amount) : '';
      this.amounts.get(mark)!.textContent = amount ? chipLabel(amount) : '';
      const b = this.boxes.get(mark)!;
      b.setAttribute('aria-label', tt.markBet(mark, money));
      b.classList.toggle('has-bet', amount > 0);
      b.disabled = busy;
    }
    this.undoBtn.disabled = busy || !this.board.canUndo;
    this.clearBtn.disabled = busy || this.board.empty;
    this.againBtn.textContent = this.board.canRebet ? tt.rebet : tt.double;
    this.againBtn.disabled = busy || (this.board.empty && !this.board.canRebet);
    this.shell.actionButton.disabled = !busy && this.board.empty;
    this.shell.actionButton.textContent = busy ? tt.skip : this.shell.dict.spin;
  }

  private renderHistory() {
    const items = this.history.map((m) =>
      h('li', { class: `rl-pill lw-pill lw-pill--${m}`, text: `×${m}` }),
    );
    if (items.length === 0) items.push(h('li', { class: 'rl-pill rl-pill--empty', text: '–' }));
    this.historyEl.replaceChildren(...items);
  }

  private async spin() {
    const shell = this.shell;
    if (shell.busy || this.board.empty) return;
    const stakes = this.board.list();
    this.skip = false;
    this.clearResult();
    shell.setBusy(true);
    this.render();
    shell.sound.click();
    const data = await shell.play(stakes);
    if (!data) {
      shell.setBusy(false);
      this.render();
      return;
    }
    this.board.played();
    shell.renderBalance(data.balance - data.win / 100);
    const draw = data.outcome.draw;
    const segment = draw.game === 'wheel' ? draw.segment : 0;
    const mark = draw.game === 'wheel' ? draw.mark : 0;
    const from = this.rotation % 360;
    const count = shell.info.wheel.length;
    const to = landingRotation(from, segment, count, 4, (Math.random() - 0.5) * 0.6);
    await animate(
      reducedMotion() ? 0 : 4200,
      (u) => {
        this.rotation = from + (to - from) * u;
        rotate(this.rotor, this.rotation);
      },
      () => this.skip,
    );
    this.rotation = to;
    this.paths[segment]?.classList.add('is-win');
    for (const [m, b] of this.boxes) {
      if (this.board.amountOn({ kind: 'mark', numbers: [m] }) > 0)
        b.classList.add(m === mark ? 'is-win' : 'is-lost');
      else if (m === mark) b.classList.add('is-win');
    }
    this.history = [mark, ...this.history].slice(0, 12);
    this.renderHistory();
    this.board.reset();
    shell.setBusy(false);
    this.render();
    shell.settle(data, shell.tt.stopped(mark));
  }
}

function verifyView(shell: () => TableShell) {
  return (draw: Draw) => {
    const s = shell();
    const mark = draw.game === 'wheel' ? draw.mark : 0;
    return [
      h('h4', { text: s.dict.verifyResult }),
      h('p', { class: 'verify__win', text: s.tt.stopped(mark) }),
    ];
  };
}

void boot<TableSession>(({ root, api, session, lang, t }) => {
  let shell: TableShell | null = null;
  new Wheel((tools) => {
    shell = new TableShell(root, api, session, lang, t, {
      action: t.spin,
      tools,
      verifyView: verifyView(() => shell!),
      info: () => {
        const { tt, info } = shell!;
        const table = h('table', { class: 'rounds__table' });
        table.append(
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { text: tt.marks }),
              h('th', { text: tt.segmentsHead }),
              h('th', { text: tt.payout }),
              h('th', { text: 'RTP' }),
            ),
          ),
        );
        const body = h('tbody');
        info.pays.forEach(([mark, count], i) =>
          body.append(
            h(
              'tr',
              {},
              h('td', { text: `×${mark}` }),
              h('td', { text: String(count) }),
              h('td', { text: formatTimes(mark, lang) }),
              h('td', { text: formatRtp(info.rtps[i] ?? 0, lang).replace('RTP ', '') }),
            ),
          ),
        );
        table.append(body);
        return [
          h('h3', { text: tt.marks }),
          table,
          h('h3', { text: tt.rules }),
          list(tt.wheelRules),
        ];
      },
    });
    return shell;
  });
});
