/**
 * Search text the way a Turkish player types it: Turkish case rules ('İ'/'i', 'I'/'ı' all fold to
 * 'i'), accents ignored (ç→c, ğ→g, ö→o, ş→s, ü→u), spaces collapsed.
 */
export function foldSearch(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .toLocaleLowerCase('tr')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ı/g, 'i')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether every word of the search is in the text. */
export function matchesSearch(text: string, search: string): boolean {
  const words = foldSearch(search).split(' ').filter(Boolean);
  if (words.length === 0) return true;
  const haystack = foldSearch(text);
  return words.every((w) => haystack.includes(w));
}
