import { useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api, ApiError } from '@/lib/api-client';
import { translate } from '@/lib/i18n';
import { getCurrentLanguage } from '@/lib/language';
import type { GameToLaunch } from '../game-data';

/**
 * Launching a game (spec section 7): each provider has its own launch call with its own fields.
 * The catalogue's providers (by code or name) map to them:
 *
 * | provider | call | body |
 * |---|---|---|
 * | kasa (Kasa Studio) | casino/kasalaunchurl | code, isMobile |
 * | digitain | casino/dtlaunchurl | code |
 * | everymatrix | casino/emlaunchurl | code, productId |
 * | amusnet | casino/amusnetlaunchurl | code, isMobile |
 * | egt-digital | casino/egtlaunchurl | platform (2 mobile, 1 desktop), gameCode, language, lobbyUrl |
 * | hub88 | casino/hub88launchurl | same as EGT |
 * | softgamings | casino/softgamingslaunchurl | system, pageCode, isMobile (1 or 0) |
 *
 * A success is the game's URL, or for SoftGamings the HTML of its page with a script.
 */

export type LaunchProvider =
  'kasa' | 'digitain' | 'everymatrix' | 'amusnet' | 'egt-digital' | 'hub88' | 'softgamings';

const PROVIDERS: Record<string, LaunchProvider> = {
  kasa: 'kasa',
  kasastudio: 'kasa',
  digitain: 'digitain',
  everymatrix: 'everymatrix',
  amusnet: 'amusnet',
  egt: 'egt-digital',
  egtdigital: 'egt-digital',
  hub88: 'hub88',
  softgamings: 'softgamings',
};

/** The launch call's provider of a game to launch's providerName (a name or a code), or null. */
export function launchProvider(providerName: string): LaunchProvider | null {
  const key = providerName.toLowerCase().replace(/[^a-z0-9]/g, '');
  return PROVIDERS[key] ?? null;
}

/**
 * Spec section 8: a failed Amusnet, EGT, Hub88 or SoftGamings launch shows the message and closes
 * the game; a failed Digitain or EveryMatrix launch only shows it (the window stays). The studio
 * and a provider without a launch call close too.
 */
export function closesOnFailure(provider: LaunchProvider | null): boolean {
  return provider !== 'digitain' && provider !== 'everymatrix';
}

export type LaunchCall = { path: string; body: Record<string, unknown> };

/** The lobby the outside games' home buttons go to. */
export function lobbyUrl(): string {
  return `${window.location.origin}/casino`;
}

/** The launch call of a game on a platform, or null when its provider has none. */
export function launchCall(game: GameToLaunch, isMobile: boolean): LaunchCall | null {
  const code = String(game.gameCode);
  switch (launchProvider(game.providerName)) {
    case 'kasa':
      return { path: 'casino/kasalaunchurl', body: { code, isMobile } };
    case 'digitain':
      return { path: 'casino/dtlaunchurl', body: { code } };
    case 'everymatrix':
      return { path: 'casino/emlaunchurl', body: { code, productId: game.productId } };
    case 'amusnet':
      return { path: 'casino/amusnetlaunchurl', body: { code, isMobile } };
    case 'egt-digital':
    case 'hub88': {
      const body = {
        platform: isMobile ? 2 : 1,
        gameCode: code,
        language: getCurrentLanguage(),
        lobbyUrl: lobbyUrl(),
      };
      const path = launchProvider(game.providerName) === 'hub88' ? 'hub88' : 'egt';
      return { path: `casino/${path}launchurl`, body };
    }
    case 'softgamings':
      return {
        path: 'casino/softgamingslaunchurl',
        body: { system: game.system, pageCode: code, isMobile: isMobile ? 1 : 0 },
      };
    default:
      return null;
  }
}

/** How a launched game opens: a URL in the frame, or SoftGamings' page written into the window. */
export type Launched = { kind: 'url'; url: string } | { kind: 'html'; html: string };

export async function launchGame(
  game: GameToLaunch,
  isMobile: boolean,
  signal?: AbortSignal,
): Promise<Launched> {
  const call = launchCall(game, isMobile);
  if (!call) {
    throw new ApiError(
      translate('casino.play.providerUnavailable', { provider: game.providerName }),
      0,
    );
  }
  const { data } = await api.post(call.path, call.body, { schema: z.string(), signal });
  return launchProvider(game.providerName) === 'softgamings'
    ? { kind: 'html', html: data }
    : { kind: 'url', url: data };
}

/**
 * One launch per opening: `launch` names the opening (a refresh asks for a new one, since the
 * studio's token is single use). A failure is the server's message as an error toast.
 */
export function useLaunch(game: GameToLaunch | null, isMobile: boolean, launch: number) {
  return useQuery({
    queryKey: ['casino', 'launch', game?.providerName, game?.gameCode, isMobile, launch],
    queryFn: () => launchGame(game as GameToLaunch, isMobile),
    enabled: game !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    meta: { errorToast: true },
  });
}
