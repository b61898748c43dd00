/**
 * The Lucky Wheel: 50 segments marked ×2 … ×24, stakes on the marks with chips, Spin; the wheel
 * decelerates onto the server's segment under the pointer and the winning mark lights up.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import './tables.css';
import { colours } from '@shared/tokens';
import { h, textTable } from '../kit/dom';
import { formatRtp, formatTimes } from '../kit/format';
import { ChipTable } from './bet-tools';
import { TableShell, list, reducedMotion } from './shell';
import { bootTable, type MakeShell } from './table-boot';
import type { Draw } from './types';
import { TurningWheel, circle, drawWheel, pointer } from './wheel-svg';

/** Each mark's colour (segment fill, and its bet box). */
export const MARK_FILL: Record<number, string> = {
  2: '#2f7de1',
  4: '#1fa866',
  6: '#8e44d6',
  12: '#e0702a',
  24: '#e2b21c',
};

class Wheel extends ChipTable {
  private marks: number[];
  private boxes = new Map<number, HTMLButtonElement>();
  private amounts = new Map<number, HTMLElement>();
  private paths;
  private turning: TurningWheel<number>;

  constructor(make: MakeShell) {
    super(make);
    const { info, tt } = this.shell;
    this.marks = info.pays.map((p) => p[0]);
    this.shell.actionButton.addEventListener('click', () => {
      if (this.shell.busy) this.turning.skip = true;
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
    this.turning = new TurningWheel(wheel.rotor, (m) =>
      h('li', { class: `rl-pill lw-pill lw-pill--${m}`, text: `×${m}` }),
    );
    this.paths = wheel.paths;
    wheel.overlay.append(
      pointer(),
      circle({ r: 14, fill: colours.gold, stroke: colours.goldInk, 'stroke-width': 2 }),
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
      b.addEventListener('click', () => this.tools.add({ kind: 'mark', numbers: [mark] }));
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
          this.turning.historySection(tt.lastMarks),
        ),
        spots,
      ),
    );
    this.shell.stage.addEventListener('click', (e) => {
      if (this.shell.busy && !(e.target as HTMLElement).closest('button')) {
        this.turning.skip = true;
      }
    });
    this.turning.addResult();
    this.render();
    this.shell.say(tt.placeBets);
  }

  protected clearResult() {
    for (const b of this.boxes.values()) b.classList.remove('is-win', 'is-lost');
    this.paths.forEach((p) => p.classList.remove('is-win'));
  }

  protected render() {
    const { tt } = this.shell;
    const busy = this.shell.busy;
    this.shell.setBet(this.board.total);
    for (const mark of this.marks) {
      this.tools.renderSpot(
        { kind: 'mark', numbers: [mark] },
        this.boxes.get(mark)!,
        this.amounts.get(mark)!,
        (money) => tt.markBet(mark, money),
      );
    }
    this.tools.render();
    this.shell.actionButton.disabled = !busy && this.board.empty;
    this.shell.actionButton.textContent = busy ? tt.skip : this.shell.dict.spin;
  }

  private async spin() {
    const shell = this.shell;
    if (shell.busy || this.board.empty) return;
    this.turning.skip = false;
    this.clearResult();
    shell.setBusy(true);
    this.render();
    shell.sound.click();
    const data = await this.tools.play();
    if (!data) return;
    const draw = data.outcome.draw;
    const segment = draw.game === 'wheel' ? draw.segment : 0;
    const mark = draw.game === 'wheel' ? draw.mark : 0;
    const count = shell.info.wheel.length;
    await this.turning.turnTo(segment, count, 4, 0.6, reducedMotion() ? 0 : 4200);
    this.paths[segment]?.classList.add('is-win');
    for (const [m, b] of this.boxes) {
      if (this.board.amountOn({ kind: 'mark', numbers: [m] }) > 0)
        b.classList.add(m === mark ? 'is-win' : 'is-lost');
      else if (m === mark) b.classList.add('is-win');
    }
    this.turning.addResult(mark);
    this.tools.done();
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

bootTable(
  (make) => new Wheel(make),
  (shell, { lang, t }) => ({
    action: t.spin,
    verifyView: verifyView(shell),
    info: () => {
      const { tt, info } = shell();
      return [
        h('h3', { text: tt.marks }),
        textTable(
          'rounds__table',
          [tt.marks, tt.segmentsHead, tt.payout, 'RTP'],
          info.pays.map(([mark, count], i) => [
            `×${mark}`,
            String(count),
            formatTimes(mark, lang),
            formatRtp(info.rtps[i] ?? 0, lang).replace('RTP ', ''),
          ]),
        ),
        h('h3', { text: tt.rules }),
        list(tt.wheelRules),
      ];
    },
  }),
);
