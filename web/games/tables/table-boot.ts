/**
 * Opening a chip table's page (roulette, keno, the wheel, baccarat) on the shared boot: the game
 * gets the maker of its shell and calls it with its tools (undo, clear, …); the shell's options
 * may read the shell once it is made (the verify view, the info panel).
 */
import { boot, type Booted } from '../kit/boot';
import { TableShell, type ShellOptions } from './shell';
import type { TableSession } from './types';

/** Makes the game's shell with the game's tools beside the chips. */
export type MakeShell = (tools: HTMLElement[]) => TableShell;

export function bootTable(
  start: (make: MakeShell) => void,
  options: (shell: () => TableShell, booted: Booted<TableSession>) => Omit<ShellOptions, 'tools'>,
): void {
  void boot<TableSession>((booted) => {
    const { root, api, session, lang, t } = booted;
    let shell: TableShell | null = null;
    const made = () => shell!;
    start((tools) => {
      shell = new TableShell(root, api, session, lang, t, { ...options(made, booted), tools });
      return shell;
    });
  });
}
