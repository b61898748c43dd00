/**
 * The ways slot's page (/games/{code}/?token=…&lang=tr|en, built to dist/games/ways/index.html):
 * opens the game session with the launch token (the shared boot.ts), then hands over to the screen.
 */
import '@shared/fonts/inter.css';
import '../kit/style.css';
import './ways.css';
import { boot } from '../kit/boot';
import { WaysGame } from './game';
import type { WaysSession } from './types';

void boot<WaysSession>(
  ({ root, api, session, lang, t }) => new WaysGame(root, api, session, lang, t),
  (api, params) =>
    import.meta.env.DEV && params.has('fixture')
      ? import('./fixture').then(({ fixtureSession }) => fixtureSession(api))
      : null,
);
