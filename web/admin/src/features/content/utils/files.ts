/**
 * What the content editor knows of the files of `content/`'s format: their groups, their kind
 * (a page's HTML in one language, a language's translations, or JSON), the same file in the other
 * language, and whether a JSON text parses (with the line and column of the first mistake).
 */

export type Locale = 'tr' | 'en';

export const LOCALES: { locale: Locale; label: string }[] = [
  { locale: 'tr', label: 'Türkçe' },
  { locale: 'en', label: 'English' },
];

export type FileKind =
  | { kind: 'page'; page: string; locale: Locale }
  | { kind: 'translations'; locale: Locale; suffix: string }
  | { kind: 'json' }
  | { kind: 'text' };

const PAGE = /^pages\/(.+)\.(tr|en)\.html$/;
const TRANSLATIONS = /^translations\/(tr|en)((?:\.[^/]+)?)\.json$/;

export function kindOf(name: string): FileKind {
  const page = PAGE.exec(name);
  if (page) return { kind: 'page', page: page[1], locale: page[2] as Locale };
  const words = TRANSLATIONS.exec(name);
  if (words) return { kind: 'translations', locale: words[1] as Locale, suffix: words[2] };
  if (name.endsWith('.json')) return { kind: 'json' };
  return { kind: 'text' };
}

/** The same file in `locale` (a page's or the translations'), or null for a file of no language. */
export function inLocale(name: string, locale: Locale): string | null {
  const kind = kindOf(name);
  if (kind.kind === 'page') return `pages/${kind.page}.${locale}.html`;
  if (kind.kind === 'translations') return `translations/${locale}${kind.suffix}.json`;
  return null;
}

interface Group {
  label: string;
  has: (name: string) => boolean;
}

/** The editor's groups of files, in the order it lists them; anything else goes last. */
export const GROUPS: Group[] = [
  { label: 'Site options', has: (n) => n === 'site.json' },
  { label: 'Banners', has: (n) => n === 'sliders.json' },
  { label: 'Popup', has: (n) => n === 'popup.json' },
  { label: 'Promotions', has: (n) => n === 'promotions.json' },
  { label: 'Pages', has: (n) => n === 'pages.json' || n.startsWith('pages/') },
  { label: 'Translations', has: (n) => n.startsWith('translations/') },
];

/** The files by group (each group's files by name; the page list before the pages). */
export function groupFiles(names: string[]): { label: string; names: string[] }[] {
  const rest = new Set(names);
  const groups = GROUPS.map((group) => {
    const mine = names.filter((n) => group.has(n));
    for (const n of mine) rest.delete(n);
    return { label: group.label, names: mine.sort((a, b) => a.localeCompare(b)) };
  });
  groups.push({ label: 'Other', names: [...rest].sort((a, b) => a.localeCompare(b)) });
  return groups.filter((g) => g.names.length > 0);
}

/** A file's name in its group's list: `about.tr.html (Türkçe)`, `site.json`. */
export function fileLabel(name: string): string {
  const kind = kindOf(name);
  const language = (locale: Locale) => LOCALES.find((l) => l.locale === locale)?.label;
  if (kind.kind === 'page') return `${kind.page} (${language(kind.locale)})`;
  if (kind.kind === 'translations') {
    return `${language(kind.locale)}${kind.suffix ? ` ${kind.suffix.slice(1)}` : ''} (${name.slice(13)})`;
  }
  return name;
}

/** Why a JSON text does not parse (`Line 3, column 5: unexpected "}".`), or null when it does. */
export function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const at = jsonErrorAt(text);
    if (at === null) return error instanceof Error ? error.message : String(error);
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    const what =
      at >= text.length
        ? 'the text ends too early (a bracket, brace or quote is not closed).'
        : `unexpected ${JSON.stringify(text[at])}.`;
    return `Line ${line}, column ${column}: ${what}`;
  }
}

/**
 * Where the first mistake of a JSON text is (an index; the text's length when it ends too early),
 * or null when there is none: JSON.parse says why, but not always where.
 */
export function jsonErrorAt(text: string): number | null {
  let i = 0;
  const fail = (): never => {
    throw new JsonMistake(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const word = (w: string) => {
    for (const c of w) {
      if (text[i] !== c) fail();
      i++;
    }
  };
  const string = () => {
    i++;
    for (;;) {
      if (i >= text.length) fail();
      const c = text[i];
      if (c === '"') {
        i++;
        return;
      }
      if (c < ' ') fail();
      if (c === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let n = 1; n <= 4; n++) {
            if (!/[0-9a-fA-F]/.test(text[i + n] ?? '')) {
              i += n;
              fail();
            }
          }
          i += 5;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i] ?? 'x') || i >= text.length) fail();
      }
      i++;
    }
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{') {
      i++;
      space();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        space();
        if (text[i] !== '"') fail();
        string();
        space();
        if (text[i] !== ':') fail();
        i++;
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '[') {
      i++;
      space();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') return string();
    if (c === 't') return word('true');
    if (c === 'f') return word('false');
    if (c === 'n') return word('null');
    NUMBER.lastIndex = i;
    const number = NUMBER.exec(text);
    if (!number) fail();
    else i += number[0].length;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return null;
  } catch (error) {
    if (error instanceof JsonMistake) return Math.min(error.at, text.length);
    throw error;
  }
}

class JsonMistake {
  constructor(readonly at: number) {}
}

/** A translations file's texts by key, nested objects flattened with dots (`account.title`). */
export function flatten(value: unknown, prefix = '', out = new Map<string, string>()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) {
    out.set(prefix, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return out;
}
