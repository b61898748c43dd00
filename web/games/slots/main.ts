/**
 * The studio slot page (/games/{code}/?token=…&lang=tr|en): opens the game session with the launch
 * token (boot.ts), then hands over to the game screen.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import { boot } from '../kit/boot';
import { Game } from './game';
import type { SessionData } from './types';

void boot<SessionData>(
  ({ root, api, session, lang, t }) => new Game(root, api, session, lang, t),
  (api, params) =>
    import.meta.env.DEV && params.has('fixture')
      ? import('./fixture').then(({ fixtureSession }) =>
          fixtureSession(api, params.get('fixture') || 'sultan'),
        )
      : null,
);
