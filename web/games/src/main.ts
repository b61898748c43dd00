/**
 * The studio slot page (/games/{code}/?token=…&lang=tr|en): opens the game session with the launch
 * token, then hands over to the game screen. An invalid or expired session gets a full-screen
 * message in the page's language.
 */
import '../../src/assets/fonts/inter.css';
import './style.css';
import { ApiError, GameApi } from './api';
import { h } from './dom';
import { Game } from './game';
import { dict, langFrom } from './i18n';
import type { SessionData } from './types';

const lang = langFrom(location.search);
const t = dict(lang);
document.documentElement.lang = lang;
const root = document.getElementById('app') ?? document.body;

function fatal(title: string, text: string) {
  root.className = 'app app--fatal';
  root.replaceChildren(
    h(
      'div',
      { class: 'fatal', role: 'alert' },
      h('div', { class: 'fatal__mark', 'aria-hidden': 'true', text: '!' }),
      h('h1', { class: 'fatal__title', text: title }),
      h('p', { class: 'fatal__text', text }),
    ),
  );
}

async function start() {
  const params = new URLSearchParams(location.search);
  const token = params.get('token') ?? '';
  const api = new GameApi(lang);
  root.replaceChildren(
    h(
      'div',
      { class: 'loading', role: 'status' },
      h('span', { class: 'loading__spinner', 'aria-hidden': 'true' }),
      h('span', { text: t.loading }),
    ),
  );

  let session: SessionData;
  try {
    if (import.meta.env.DEV && params.has('fixture')) {
      const { fixtureSession } = await import('./fixture');
      session = fixtureSession(api, params.get('fixture') || 'sultan');
    } else {
      if (!token) throw new ApiError(t.sessionText, 401);
      session = await api.session(token);
    }
  } catch (e) {
    if (e instanceof ApiError)
      fatal(
        t.sessionTitle,
        e.status === 401 || e.status === 403 || e.status === 404 || e.status === 410 || !e.message
          ? t.sessionText
          : e.message,
      );
    else fatal(t.sessionTitle, t.networkError);
    return;
  }
  api.sessionToken = session.sessionToken;
  // The launch token is used up: keep it out of the address (and of a reload's referrer).
  if (token) {
    params.delete('token');
    history.replaceState(null, '', `${location.pathname}?${params.toString()}`);
  }
  root.className = 'app';
  root.addEventListener('session-lost', () => fatal(t.sessionTitle, t.sessionText));
  new Game(root, api, session, lang, t);
}

void start();
