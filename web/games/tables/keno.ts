/**
 * Keno 80: pick 1 to 10 numbers (or a quick pick), a stake from the chips, Play; the twenty numbers
 * drawn appear one by one (fast, skippable), hits light up, and the paytable of the pick count
 * shows beside the card with its RTP.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import './tables.css';
import { h, textTable } from '../kit/dom';
import { formatRtp, formatTimes } from '../kit/format';
import { playRound } from './bet-tools';
import { KENO_NUMBERS, MAX_PICKS, payRows, quickPick, togglePick } from './keno-logic';
import { tableDict } from './i18n';
import { TableShell, list, reducedMotion, wait } from './shell';
import { bootTable, type MakeShell } from './table-boot';
import type { Draw } from './types';

class Keno {
  private shell: TableShell;
  private picks: number[] = [];
  private drawn: number[] = [];
  private cells: HTMLButtonElement[] = [];
  private skip = false;
  private countEl = h('p', { class: 'kn-count' });
  private balls = h('ol', { class: 'kn-balls' });
  private paytable = h('div', { class: 'kn-paytable' });
  private quickBtn: HTMLButtonElement;
  private clearBtn: HTMLButtonElement;

  constructor(make: MakeShell) {
    this.quickBtn = h('button', { class: 'tbtn tbtn--gold', type: 'button' });
    this.clearBtn = h('button', { class: 'tbtn', type: 'button' });
    this.shell = make([this.quickBtn, this.clearBtn]);
    const { tt } = this.shell;
    this.quickBtn.textContent = tt.quickPick;
    this.clearBtn.textContent = tt.clear;
    this.quickBtn.addEventListener('click', () => {
      if (this.shell.busy) return;
      this.picks = quickPick(this.picks.length || 5);
      this.afterPick();
    });
    this.clearBtn.addEventListener('click', () => {
      if (this.shell.busy) return;
      this.picks = [];
      this.afterPick();
    });
    this.shell.onChip = () => this.render();
    this.shell.actionButton.addEventListener('click', () => {
      if (this.shell.busy) this.skip = true;
      else void this.play();
    });

    const card = h('div', { class: 'kn-card', role: 'group', 'aria-label': tt.card });
    for (let n = 1; n <= KENO_NUMBERS; n++) {
      const b = h('button', { class: 'kn-cell', type: 'button', text: String(n) });
      b.addEventListener('click', () => {
        if (this.shell.busy) {
          this.skip = true;
          return;
        }
        this.picks = togglePick(this.picks, n);
        this.afterPick();
      });
      this.cells.push(b);
      card.append(b);
    }
    this.shell.stage.append(
      h(
        'div',
        { class: 'kn' },
        h(
          'div',
          { class: 'kn-main' },
          h(
            'section',
            { class: 'kn-drawn', 'aria-label': tt.drawn },
            h('h2', { class: 'kn-title', text: tt.drawn }),
            this.balls,
          ),
          card,
        ),
        h('aside', { class: 'kn-side' }, this.countEl, this.paytable),
      ),
    );
    this.renderBalls();
    this.render();
    this.shell.say(tt.pickHint);
  }

  private afterPick() {
    this.shell.sound.click();
    this.drawn = [];
    this.renderBalls();
    this.shell.setWin(0);
    this.shell.say(this.picks.length ? this.shell.tt.placeBets : this.shell.tt.pickHint);
    this.render();
  }

  private render() {
    const { tt } = this.shell;
    const busy = this.shell.busy;
    this.cells.forEach((b, i) => {
      const n = i + 1;
      const picked = this.picks.includes(n);
      const drawn = this.drawn.includes(n);
      b.classList.toggle('is-picked', picked);
      b.classList.toggle('is-drawn', drawn);
      b.classList.toggle('is-hit', picked && drawn);
      b.setAttribute('aria-pressed', String(picked));
      b.setAttribute('aria-label', tt.number(n, picked, drawn, picked && drawn));
      b.disabled = !busy && !picked && this.picks.length >= MAX_PICKS;
    });
    const stake = this.picks.length ? this.shell.chip : 0;
    this.shell.setBet(stake);
    this.countEl.textContent = tt.pickCount(this.picks.length, MAX_PICKS);
    this.clearBtn.disabled = busy || this.picks.length === 0;
    this.quickBtn.disabled = busy;
    this.shell.actionButton.textContent = busy ? tt.skip : tt.play;
    this.shell.actionButton.disabled = !busy && this.picks.length === 0;
    this.renderPaytable();
  }

  private renderPaytable() {
    const { tt, info, language: lang } = this.shell;
    const n = this.picks.length;
    if (n === 0) {
      this.paytable.replaceChildren(
        h('h2', { class: 'kn-title', text: tt.paytable }),
        h('p', { class: 'muted small', text: tt.pickHint }),
      );
      return;
    }
    const hits = this.drawn.length ? this.picks.filter((p) => this.drawn.includes(p)).length : -1;
    const table = h('table', { class: 'kn-pays' });
    table.append(
      h('thead', {}, h('tr', {}, h('th', { text: tt.hits }), h('th', { text: tt.payout }))),
    );
    const body = h('tbody');
    for (const row of payRows(info.pays, n)) {
      body.append(
        h(
          'tr',
          { class: row.hits === hits ? 'is-hit' : '' },
          h('td', { text: String(row.hits) }),
          h('td', {
            text: `${formatTimes(row.times, lang)} · ${this.shell.money(Math.round(this.shell.chip * row.times))}`,
          }),
        ),
      );
    }
    table.append(body);
    this.paytable.replaceChildren(
      h('h2', { class: 'kn-title', text: tt.paytableFor(n) }),
      table,
      h('p', { class: 'kn-rtp', text: formatRtp(info.rtps[n] ?? info.rtp, lang) }),
    );
  }

  private renderBalls() {
    const balls: HTMLElement[] = [];
    for (let i = 0; i < 20; i++) {
      const n = this.drawn[i];
      balls.push(
        h('li', {
          class:
            n === undefined
              ? 'kn-ball kn-ball--empty'
              : `kn-ball${this.picks.includes(n) ? ' is-hit' : ''}`,
          text: n === undefined ? '' : String(n),
        }),
      );
    }
    this.balls.replaceChildren(...balls);
  }

  private async play() {
    const shell = this.shell;
    if (shell.busy || this.picks.length === 0) return;
    const stakes = [{ kind: 'picks', numbers: [...this.picks], amount: shell.chip }];
    this.skip = false;
    this.drawn = [];
    this.renderBalls();
    shell.setWin(0);
    shell.setBusy(true);
    this.render();
    shell.sound.click();
    const data = await playRound(shell, stakes, () => this.render());
    if (!data) return;
    const drawn = data.outcome.draw.game === 'keno' ? data.outcome.draw.drawn : [];
    const fast = reducedMotion();
    for (const n of drawn) {
      this.drawn.push(n);
      if (!this.skip && !fast) {
        this.renderBalls();
        this.render();
        if (this.picks.includes(n)) shell.sound.tick();
        await wait(100);
      }
    }
    this.renderBalls();
    const hits = data.outcome.stakes[0]?.hits ?? 0;
    shell.setBusy(false);
    this.render();
    shell.settle(data, shell.tt.hitsOf(hits, this.picks.length));
  }
}

function verifyView(shell: () => TableShell) {
  return (draw: Draw) => {
    const s = shell();
    const drawn = draw.game === 'keno' ? draw.drawn : [];
    return [
      h('h4', { text: s.dict.verifyResult }),
      h('p', { class: 'verify__win mono', text: drawn.join(' ') }),
    ];
  };
}

bootTable(
  (make) => new Keno(make),
  (shell, { lang }) => ({
    action: tableDict(lang).play,
    verifyView: verifyView(shell),
    info: () => {
      const { tt, info } = shell();
      return [
        h('h3', { text: tt.kenoRtp }),
        textTable(
          'rounds__table',
          [tt.picks, tt.paytable, 'RTP'],
          Array.from({ length: MAX_PICKS }, (_, i) => {
            const p = i + 1;
            return [
              String(p),
              payRows(info.pays, p)
                .map((r) => `${r.hits}: ${formatTimes(r.times, lang)}`)
                .join(' · '),
              formatRtp(info.rtps[p] ?? 0, lang).replace('RTP ', ''),
            ];
          }),
        ),
        h('h3', { text: tt.rules }),
        list(tt.kenoRules),
      ];
    },
  }),
);
