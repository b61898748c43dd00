/**
 * What the chip tables (roulette, the wheel, baccarat) share around their bet board: the undo,
 * clear and rebet / double buttons beside the chips; a change of the stakes (a chip on a spot, or
 * one of those buttons), refused by the table's limits with the reason or else heard and drawn; a
 * bet spot drawn with its stake; and the round played with the board's stakes and the board
 * emptied after it. playRound is the round's call for any stakes (keno's picks too).
 */
import { h } from '../kit/dom';
import { BetBoard, type Refusal, type Spot } from './bets';
import { chipLabel, type TableShell } from './shell';
import type { PlayData, Stake } from './types';

/** What the game does when its stakes change. */
export interface BetToolsHooks {
  /** Takes the last round's result off the table (before any change of the stakes). */
  clearResult: () => void;
  /** Draws the table again. */
  render: () => void;
}

/**
 * Plays a round with these stakes on a busy table: the answer, the balance shown less its win
 * (paid once the round is shown); or null when it was refused (the table free and drawn again).
 */
export async function playRound(
  shell: TableShell,
  stakes: Stake[],
  render: () => void,
): Promise<PlayData | null> {
  const data = await shell.play(stakes);
  if (!data) {
    shell.setBusy(false);
    render();
    return null;
  }
  shell.renderBalance(data.balance - data.win / 100);
  return data;
}

export class BetTools {
  readonly shell: TableShell;
  readonly board: BetBoard;
  private readonly undoBtn = h('button', { class: 'tbtn', type: 'button' });
  private readonly clearBtn = h('button', { class: 'tbtn', type: 'button' });
  private readonly againBtn = h('button', { class: 'tbtn tbtn--gold', type: 'button' });

  /** `make` builds the game's shell with the buttons as its tools. */
  constructor(
    make: (tools: HTMLElement[]) => TableShell,
    private readonly hooks: BetToolsHooks,
  ) {
    // The buttons first, the shell (which places them) next.
    this.shell = make([this.undoBtn, this.clearBtn, this.againBtn]);
    const { info, tt } = this.shell;
    this.board = new BetBoard(info);
    this.undoBtn.textContent = tt.undo;
    this.clearBtn.textContent = tt.clear;
    this.undoBtn.addEventListener('click', () => this.change(() => (this.board.undo(), null)));
    this.clearBtn.addEventListener('click', () => this.change(() => (this.board.clear(), null)));
    this.againBtn.addEventListener('click', () =>
      this.change(() => (this.board.canRebet ? this.board.rebet() : this.board.double())),
    );
  }

  /** A change of the stakes, unless a round is on: the limits' refusal said, or a click heard. */
  change(action: () => Refusal | null) {
    if (this.shell.busy) return;
    this.hooks.clearResult();
    const refused = action();
    if (refused) this.shell.say(this.shell.refusal(refused), 'error');
    else {
      this.shell.sound.click();
      this.shell.say(this.shell.tt.placeBets);
    }
    this.hooks.render();
  }

  /** The chosen chip onto a spot. */
  add(spot: Spot) {
    this.change(() => this.board.add(spot, this.shell.chip));
  }

  /** The buttons for the board as it is (off while a round is on). */
  render() {
    const { busy, tt } = this.shell;
    this.undoBtn.disabled = busy || !this.board.canUndo;
    this.clearBtn.disabled = busy || this.board.empty;
    this.againBtn.textContent = this.board.canRebet ? tt.rebet : tt.double;
    this.againBtn.disabled = busy || (this.board.empty && !this.board.canRebet);
  }

  /**
   * A bet spot's button with its stake: the chip's face on `chip`, `label` given the amount (empty
   * without a stake), off while a round is on.
   */
  renderSpot(
    spot: Spot,
    button: HTMLButtonElement,
    chip: HTMLElement,
    label: (money: string) => string,
  ) {
    const amount = this.board.amountOn(spot);
    chip.textContent = amount ? chipLabel(amount) : '';
    button.setAttribute('aria-label', label(amount ? this.shell.money(amount) : ''));
    button.classList.toggle('has-bet', amount > 0);
    button.disabled = this.shell.busy;
  }

  /** Plays the board's stakes on a busy table (see playRound), kept for a rebet once played. */
  async play(): Promise<PlayData | null> {
    const data = await playRound(this.shell, this.board.list(), this.hooks.render);
    if (data) this.board.played();
    return data;
  }

  /** The round is over: the board emptied (its stakes kept for a rebet), the table free again. */
  done() {
    this.board.reset();
    this.shell.setBusy(false);
    this.hooks.render();
  }
}

/**
 * A chip table's game (roulette, the wheel, baccarat): its shell and bet board, made with the
 * tools beside the chips, which call back the game's `clearResult` and `render`.
 */
export abstract class ChipTable {
  protected readonly tools: BetTools;
  protected readonly shell: TableShell;
  protected readonly board: BetBoard;

  constructor(make: (tools: HTMLElement[]) => TableShell) {
    this.tools = new BetTools(make, {
      clearResult: () => this.clearResult(),
      render: () => this.render(),
    });
    this.shell = this.tools.shell;
    this.board = this.tools.board;
  }

  /** Takes the last round's result off the table. */
  protected abstract clearResult(): void;

  /** Draws the table again. */
  protected abstract render(): void;
}
