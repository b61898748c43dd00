/**
 * The games' modal <dialog>s (focus kept inside, Escape closes) and what every game's panels share:
 * the fairness panel (the committed seed hash, the client seed and nonce, recent rounds and a
 * verify view), the RTP block and the verify view's match with the recorded round.
 */
import { ApiError, sha256Hex } from './api';
import { ICONS, h, icon } from './dom';
import {
  formatDateTime,
  formatKurus,
  formatRtpWithJackpot,
  formatTimes,
  shortHash,
} from './format';
import type { Dict, Lang } from './i18n';
import type { GameApi } from './api';
import type { Fair, RoundData } from './types';

/** What the fairness panel needs of a game (the slot and the table games alike). */
export interface FairHost {
  readonly dict: Dict;
  readonly language: Lang;
  readonly gameApi: GameApi;
  readonly fair: Fair;
  readonly info: { code: string };
  setFair(fair: Fair): void;
}

/**
 * How a game shows a recomputed round in the verify view: `outcome` is what the server recomputed
 * from the seeds, `round` the recorded round when one was picked.
 */
export type VerifyView<O> = (outcome: O, round: RoundData<unknown> | undefined) => Node[];

export function dialog(
  title: string,
  closeLabel: string,
  ...body: (Node | null)[]
): HTMLDialogElement {
  const id = `dlg-${Math.random().toString(36).slice(2, 8)}`;
  const close = h('button', {
    class: 'dialog__close',
    type: 'button',
    'aria-label': closeLabel,
    title: closeLabel,
  });
  close.append(icon(ICONS.close));
  // Focusable, so a keyboard can scroll a long panel.
  const content = h('div', { class: 'dialog__body', tabindex: 0 });
  for (const b of body) if (b) content.append(b);
  const dlg = h(
    'dialog',
    { class: 'dialog', 'aria-labelledby': id },
    h(
      'header',
      { class: 'dialog__head' },
      h('h2', { id, class: 'dialog__title', text: title }),
      close,
    ),
    content,
  );
  close.addEventListener('click', () => dlg.close());
  dlg.addEventListener('click', (e) => {
    if (e.target === dlg) dlg.close();
  });
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  return dlg;
}

/**
 * The return to player in large (with the jackpots' share on top when given), a note under it,
 * and the most a round can win when given.
 */
export function rtpBlock(
  rtp: number,
  note: string,
  lang: Lang,
  jackpotRtp?: number,
  maxWin?: { x?: number; label: string },
): HTMLElement {
  return h(
    'div',
    { class: 'rtp' },
    h('strong', { class: 'rtp__value', text: formatRtpWithJackpot(rtp, jackpotRtp, lang) }),
    h('p', { class: 'muted', text: note }),
    ...(maxWin?.x
      ? [h('p', { class: 'muted', text: `${maxWin.label}: ${formatTimes(maxWin.x, lang)}` })]
      : []),
  );
}

/**
 * The verify view's word on a recorded round: whether the recomputed outcome is the one recorded
 * (nothing when no round was picked).
 */
export function matchNote(t: Dict, recorded: unknown, computed: unknown): HTMLElement[] {
  if (!recorded) return [];
  const same = canonicalJson(recorded) === canonicalJson(computed);
  return [h('p', { class: same ? 'ok' : 'error', text: same ? t.verifyMatch : t.verifyMismatch })];
}

/** A read-only value with a label (monospace for seeds). */
function field(label: string, value: string, mono = true): HTMLElement {
  return h(
    'div',
    { class: 'kv' },
    h('span', { class: 'kv__label', text: label }),
    h('code', { class: mono ? 'kv__value mono' : 'kv__value', text: value }),
  );
}

/** The fairness panel: seeds, nonce, seed change, recent rounds and the verify view. */
export function openFairness<O>(game: FairHost, view: VerifyView<O>): void {
  const t = game.dict;
  const lang = game.language;
  const api = game.gameApi;

  const hashEl = field(t.serverSeedHash, game.fair.serverSeedHash);
  const nonceEl = field(t.nonce, String(game.fair.nonce), false);
  const nextWrap = h('div', {}, field(t.nextServerSeedHash, game.fair.nextServerSeedHash));
  const showFair = () => {
    hashWrap.firstElementChild?.replaceWith(field(t.serverSeedHash, game.fair.serverSeedHash));
    nextWrap.firstElementChild?.replaceWith(
      field(t.nextServerSeedHash, game.fair.nextServerSeedHash),
    );
    nonceEl.querySelector('code')!.textContent = String(game.fair.nonce);
  };
  const seedInput = h('input', {
    id: 'client-seed',
    class: 'input mono',
    type: 'text',
    maxlength: 64,
    autocomplete: 'off',
    spellcheck: 'false',
  });
  seedInput.value = game.fair.clientSeed;
  const seedButton = h('button', { class: 'btn btn--gold', type: 'submit', text: t.changeSeed });
  const seedNote = h('div', { class: 'seed-note', role: 'status', 'aria-live': 'polite' });
  const seedForm = h(
    'form',
    { class: 'seed-form' },
    nextWrap,
    h('label', { for: 'client-seed', class: 'kv__label', text: t.clientSeed }),
    h('div', { class: 'seed-form__row' }, seedInput, seedButton),
    seedNote,
  );

  const roundsList = h('div', { class: 'rounds' });
  const verifyBox = h('section', { class: 'verify', 'aria-labelledby': 'verify-title' });
  let known: RoundData<unknown>[] = [];

  seedForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const value = seedInput.value.trim();
    if (!value) {
      seedNote.replaceChildren(h('p', { class: 'error', text: t.seedEmpty }));
      seedInput.setAttribute('aria-invalid', 'true');
      return;
    }
    seedInput.removeAttribute('aria-invalid');
    seedButton.disabled = true;
    try {
      // The client seed is chosen for the next server seed shown: the server refuses it (409)
      // should another seed change have come first.
      const data = await api.seed(value, game.fair.nextServerSeedHash);
      game.setFair(data.fair);
      const r = data.revealed;
      seedNote.replaceChildren(
        h('p', { class: 'ok', text: t.seedChanged }),
        field(t.revealedSeed, r.serverSeed),
        field(t.serverSeedHash, r.serverSeedHash),
        field(t.clientSeed, r.clientSeed),
        field(t.lastNonce, r.lastNonce == null ? '—' : String(r.lastNonce), false),
      );
      showFair();
      void loadRounds();
    } catch (err) {
      const now =
        err instanceof ApiError && err.status === 409 ? (err.data as Fair | undefined) : undefined;
      if (now?.nextServerSeedHash) {
        game.setFair(now);
        showFair();
      }
      seedNote.replaceChildren(
        h('p', { class: 'error', text: err instanceof ApiError ? err.message : t.networkError }),
      );
    } finally {
      seedButton.disabled = false;
    }
  });

  const loadRounds = async () => {
    try {
      known = await api.rounds<unknown>(20);
    } catch (err) {
      roundsList.replaceChildren(
        h('p', { class: 'error', text: err instanceof ApiError ? err.message : t.networkError }),
      );
      return;
    }
    if (known.length === 0) {
      roundsList.replaceChildren(h('p', { class: 'muted', text: t.noRounds }));
      return;
    }
    const table = h('table', { class: 'rounds__table' });
    table.append(
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { text: 'Nonce' }),
          h('th', { text: t.bet }),
          h('th', { text: t.win }),
          h('th', { text: t.serverSeed }),
          h('th', {}),
        ),
      ),
    );
    const body = h('tbody');
    for (const r of known) {
      const verify = h('button', {
        class: 'btn btn--small',
        type: 'button',
        text: t.verify,
        'aria-label': `${t.verify}: nonce ${r.nonce}`,
      });
      verify.disabled = !r.serverSeed;
      verify.addEventListener('click', () => showVerify(r));
      body.append(
        h(
          'tr',
          {},
          h('td', { class: 'mono', text: String(r.nonce) }),
          h('td', { text: formatKurus(r.bet, lang) }),
          h('td', { class: r.win > 0 ? 'win' : '', text: formatKurus(r.win, lang) }),
          h('td', {
            class: 'mono small',
            text: r.serverSeed ? shortHash(r.serverSeed, 6) : t.hidden,
            title: formatDateTime(r.createdAt, lang),
          }),
          h('td', {}, verify),
        ),
      );
    }
    table.append(body);
    roundsList.replaceChildren(table);
  };

  const showVerify = (round?: RoundData<unknown>) => {
    const seed = h('input', {
      id: 'v-seed',
      class: 'input mono',
      type: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      required: true,
    });
    const client = h('input', {
      id: 'v-client',
      class: 'input mono',
      type: 'text',
      autocomplete: 'off',
      spellcheck: 'false',
      required: true,
    });
    const nonce = h('input', {
      id: 'v-nonce',
      class: 'input mono',
      type: 'number',
      min: 0,
      step: 1,
      inputmode: 'numeric',
      required: true,
    });
    seed.value = round?.serverSeed ?? '';
    client.value = round?.clientSeed ?? game.fair.clientSeed;
    nonce.value = round ? String(round.nonce) : '';
    const result = h('div', { class: 'verify__result', role: 'status', 'aria-live': 'polite' });
    const run = h('button', { class: 'btn btn--gold', type: 'submit', text: t.verifyRun });
    const form = h(
      'form',
      { class: 'verify__form' },
      h('label', { for: 'v-seed', class: 'kv__label', text: t.serverSeed }),
      seed,
      h(
        'div',
        { class: 'verify__pair' },
        h(
          'div',
          {},
          h('label', { for: 'v-client', class: 'kv__label', text: t.clientSeed }),
          client,
        ),
        h('div', {}, h('label', { for: 'v-nonce', class: 'kv__label', text: 'Nonce' }), nonce),
      ),
      run,
      result,
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      run.disabled = true;
      result.replaceChildren();
      try {
        const data = await api.verify<O>(
          game.info.code,
          seed.value.trim(),
          client.value.trim(),
          Number(nonce.value),
        );
        const computed = await sha256Hex(seed.value.trim());
        const committed = round?.serverSeedHash ?? data.serverSeedHash;
        const nodes: Node[] = [];
        if (computed === null)
          nodes.push(
            h('p', { class: 'muted', text: t.verifyNoCrypto }),
            field(t.serverSeedHash, data.serverSeedHash),
          );
        else {
          const ok = computed === committed;
          nodes.push(
            h('p', { class: ok ? 'ok' : 'error', text: ok ? t.verifyHashOk : t.verifyHashBad }),
            field(t.verifyHashComputed, computed),
          );
        }
        nodes.push(...view(data.outcome, round));
        result.replaceChildren(...nodes);
      } catch (err) {
        result.replaceChildren(
          h('p', {
            class: 'error',
            text: err instanceof ApiError ? err.message || t.verifyInvalid : t.networkError,
          }),
        );
      } finally {
        run.disabled = false;
      }
    });
    verifyBox.replaceChildren(h('h3', { id: 'verify-title', text: t.verifyTitle }), form);
    verifyBox.scrollIntoView?.({ block: 'start' });
    if (round) form.requestSubmit();
  };

  const hashWrap = h('div', {}, hashEl);
  dialog(
    t.fairTitle,
    t.close,
    h('p', { class: 'muted small', text: t.fairIntro }),
    hashWrap,
    nonceEl,
    seedForm,
    h('h3', { text: t.recentRounds }),
    h('p', { class: 'muted small', text: t.roundsNote }),
    roundsList,
    verifyBox,
  );
  showVerify();
  void loadRounds();
}

/** JSON with object keys sorted: two outcomes compare equal whatever order their keys came in. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
