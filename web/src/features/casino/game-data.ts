import * as z from 'zod/mini';

/**
 * The game to launch (spec section 3): providerName, gameCode, name, and system (SoftGamings) or
 * productId (EveryMatrix) when the game has them. The play route's parameter is this object as
 * JSON, URI-encoded, then base64-encoded (spec section 2).
 */
export const gameToLaunchSchema = z.looseObject({
  providerName: z.string(),
  gameCode: z.union([z.string(), z.number()]),
  name: z.optional(z.string()),
  system: z.optional(z.union([z.string(), z.number()])),
  productId: z.optional(z.union([z.string(), z.number()])),
});

export type GameToLaunch = z.infer<typeof gameToLaunchSchema>;

/** What a catalogue game carries of the game to launch. */
export type LaunchableGame = {
  providerName: string;
  gameCode: string | number;
  name?: string | null;
  system?: string | number | null;
  productId?: string | number | null;
};

/** The spec's game to launch of a game: only its fields, system/productId when present. */
export function gameToLaunch(game: LaunchableGame): GameToLaunch {
  const out: GameToLaunch = {
    providerName: game.providerName,
    gameCode: game.gameCode,
    name: game.name ?? '',
  };
  if (game.system !== undefined && game.system !== null && game.system !== '')
    out.system = game.system;
  if (game.productId !== undefined && game.productId !== null && game.productId !== '')
    out.productId = game.productId;
  return out;
}

/** base64(encodeURIComponent(JSON.stringify(game))), exactly as the spec says. */
export function encodeGameData(game: GameToLaunch): string {
  return window.btoa(encodeURIComponent(JSON.stringify(game)));
}

/**
 * Any base64 text back to the game: standard ('+', '/', '=') or URL-safe ('-', '_'), with or
 * without padding, percent-escaped by a link (e.g. %2F, %3D) or not. null when it is not a game.
 */
export function decodeGameData(encoded: string): GameToLaunch | null {
  try {
    let text = encoded.trim();
    if (/%[0-9a-f]{2}/i.test(text)) text = decodeURIComponent(text);
    text = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
    const rest = text.length % 4;
    if (rest === 1) return null;
    if (rest) text += '='.repeat(4 - rest);
    const binary = window.atob(text);
    // URI-encoded JSON is ASCII; a byte above it means base64 of the UTF-8 JSON itself.
    const json = /[\u0080-\u00ff]/.test(binary)
      ? new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))
      : decodeURIComponent(binary);
    const parsed = gameToLaunchSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The play page of a game. */
export function playPath(game: LaunchableGame): string {
  return `/casino/play/${encodeGameData(gameToLaunch(game))}`;
}

/** The studio's provider (code kasa, named Kasa Studio): its games launch through casino/kasalaunchurl. */
export function isStudioGame(game: { providerName: string }): boolean {
  return /^kasa(\s+studio)?$/i.test(game.providerName.trim());
}
