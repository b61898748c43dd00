/**
 * Opening a studio game page (/games/{code}/?token=…&lang=tr|en), shared by the slot and the
 * table games: opens the game session with the launch token, then hands over to the game's screen.
 * An invalid or expired session gets a full-screen message in the page's language.
 */
import { ApiError, GameApi } from './api';
import { h } from './dom';
import { dict, langFrom, type Dict, type Lang } from './i18n';

export interface Booted<S> {
  root: HTMLElement;
  api: GameApi;
  session: S;
  lang: Lang;
  t: Dict;
}

/**
 * Boots the page: `open` gets the session (the server by default; a fixture in development), and
 * `start` builds the screen once it is known.
 */
export async function boot<S extends { sessionToken: string }>(
  start: (booted: Booted<S>) => void,
  open?: (api: GameApi, params: URLSearchParams) => Promise<S> | null,
): Promise<void> {
  const lang = langFrom(location.search);
  const t = dict(lang);
  document.documentElement.lang = lang;
  const root = document.getElementById('app') ?? document.body;

  const fatal = (title: string, text: string) => {
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
  };

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

  let session: S;
  try {
    const local = open?.(api, params) ?? null;
    if (local) session = await local;
    else {
      if (!token) throw new ApiError(t.sessionText, 401);
      session = await api.session<S>(token);
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
  start({ root, api, session, lang, t });
}
