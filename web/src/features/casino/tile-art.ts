/**
 * Telling games apart whose tiles would show the same picture (issue 30): a catalogue gives the
 * games without art of their own a shared placeholder (content/games.json: one picture per kind,
 * slot-fruits.svg, live-cards.svg…). Such a tile marks its picture with the game's initials on a
 * colour of the game's own, and turns the picture's colours by that hue, so no two look alike.
 */

/** Short joining words a game's initials skip ("Book of Sands" → BS). */
const JOINING = new Set(['of', 'the', 'de', 'da', 've', 'and', '&']);

/** The game's initials: the first letters of its first two words (the first two of one word). */
export function initials(name: string): string {
  const words = name
    .split(/[\s\-–—_/:.'’]+/)
    .filter((w) => /^[\p{L}\p{N}]/u.test(w))
    .filter((w, _index, all) => all.length < 2 || !JOINING.has(w.toLocaleLowerCase('tr')));
  const picked =
    words.length >= 2
      ? [...words[0]].slice(0, 1).concat([...words[1]].slice(0, 1))
      : [...(words[0] ?? '?')].slice(0, 2);
  return picked.join('').toLocaleUpperCase('tr');
}

/** A hue (degrees) of the game's own, from its provider and code. */
export function artHue(key: string): number {
  let hash = 2166136261;
  for (const ch of key) {
    hash ^= ch.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 16777619);
  }
  // 24 hues 15° apart: neighbours stay distinguishable.
  return ((hash >>> 0) % 24) * 15;
}

/** The pictures more than one of `games` shows. */
export function sharedPictures(games: readonly { imageUrl: string }[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const { imageUrl } of games) {
    if (!imageUrl) continue;
    if (seen.has(imageUrl)) shared.add(imageUrl);
    seen.add(imageUrl);
  }
  return shared;
}
