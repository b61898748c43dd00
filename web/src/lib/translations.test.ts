import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Read from disk, not imported: the imported objects are the ones i18next was given by other
// test files sharing this worker (Vitest runs files without isolation), which it may extend.
const texts = (lang: string): Record<string, string> =>
  JSON.parse(readFileSync(join(__dirname, `../../../content/translations/${lang}.json`), 'utf8'));
const tr = texts('tr');
const en = texts('en');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\./.test(name) ? [path] : [];
  });
}

describe('translations', () => {
  it('tr.json and en.json have identical key sets', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(tr).sort());
  });

  it('every key the app uses exists', () => {
    const src = join(__dirname, '..');
    const used = new Set<string>();
    for (const file of sourceFiles(src)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt(?:ranslate)?\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g))
        used.add(m[1]);
      for (const m of text.matchAll(
        /(?:titleKey|key|title|badge|hint|badgeKey)[=:]\s*['"]([a-z][a-zA-Z]*\.[a-zA-Z.]+)['"]/g,
      ))
        used.add(m[1]);
    }
    const missing = [...used].filter((k) => !(k in tr));
    expect(missing).toEqual([]);
    expect(used.size).toBeGreaterThan(50);
  });
});
