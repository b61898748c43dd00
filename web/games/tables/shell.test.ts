import { afterEach, describe, expect, it } from 'vitest';
import { GameApi } from '../kit/api';
import { dict } from '../kit/i18n';
import { TableShell } from './shell';
import type { TableSession } from './types';

const session = {
  sessionToken: 's',
  balance: 100,
  currency: 'TRY',
  fair: { serverSeedHash: 'h', clientSeed: 'c', nonce: 0 },
  game: {
    code: 'kasa-european-roulette',
    kind: 'roulette',
    name: { tr: 'Avrupa Ruleti', en: 'European Roulette' },
    description: { tr: '', en: '' },
    chips: [100, 500, 1000],
    maxStakes: 20,
    maxStake: 100000,
    maxTotal: 500000,
    rtp: 0.973,
    wheel: [],
    red: [],
    pays: [],
  },
} as unknown as TableSession;

afterEach(() => {
  document.body.replaceChildren();
  document.body.className = '';
});

describe("a table game's main button (issue 30)", () => {
  it('is described by the message line, which says why it waits', () => {
    const root = document.createElement('div');
    document.body.append(root);
    const shell = new TableShell(root, new GameApi('tr'), session, 'tr', dict('tr'), {
      action: 'Çevir',
      tools: [],
      verifyView: () => [],
      info: () => [],
    });
    shell.actionButton.disabled = true;
    shell.say(shell.tt.placeBets);
    const id = shell.actionButton.getAttribute('aria-describedby');
    expect(id).toBeTruthy();
    const line = document.getElementById(id!);
    expect(line?.textContent).toBe('Bahislerinizi yapın');
    // The line is the message the player sees, under the stage.
    expect(line?.classList.contains('tmessage')).toBe(true);
    expect(root.contains(line)).toBe(true);
  });
});
