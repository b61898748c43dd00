/**
 * What a studio game tells the site that frames it (issue 30: the header's balance never gives a
 * round's result away before the game shows it): `hello` when it opens (the site then holds the
 * balance it shows), `revealed` with the balance once a round's result is on screen (the site
 * shows it then), `bye` when it closes. Same origin only; nothing is said outside a frame.
 */

export const GAME_MESSAGE_SOURCE = 'kasa-game';

export type GameMessage =
  | { source: typeof GAME_MESSAGE_SOURCE; type: 'hello' | 'bye' }
  | { source: typeof GAME_MESSAGE_SOURCE; type: 'revealed'; balance: number };

function tell(message: GameMessage): void {
  if (window.parent === window) return;
  window.parent.postMessage(message, window.location.origin);
}

let said = false;

/** The game holds the site's balance until its rounds are revealed (once per page). */
export function helloSite(): void {
  if (said) return;
  said = true;
  tell({ source: GAME_MESSAGE_SOURCE, type: 'hello' });
  window.addEventListener('pagehide', () => tell({ source: GAME_MESSAGE_SOURCE, type: 'bye' }));
}

/** A round's result is on screen, with the balance it left (lira). */
export function revealedToSite(balance: number): void {
  tell({ source: GAME_MESSAGE_SOURCE, type: 'revealed', balance });
}
