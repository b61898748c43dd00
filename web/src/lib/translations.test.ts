import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import tr from '../../../content/translations/tr.json';
import en from '../../../content/translations/en.json';

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
