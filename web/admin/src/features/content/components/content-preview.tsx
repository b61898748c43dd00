import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { createColumnHelper } from '@tanstack/react-table';
import { DataTable } from '../../../components/ui/data-table';
import { Badge, EmptyState, Notice } from '../../../components/ui/status';
import { flatten, inLocale, jsonProblem, kindOf, LOCALES, type Locale } from '../utils/files';

/**
 * What the edited file shows, in both languages side by side where it has two: a page's Turkish
 * and English HTML (sanitised by DOMPurify, as the site does), a language's translations as one
 * table of keys with both texts, or any other JSON file formatted, once it parses.
 */
export function ContentPreview({
  name,
  textOf,
}: {
  name: string;
  /** The text of a file as it is being edited (undefined: no such file). */
  textOf: (name: string) => string | undefined;
}) {
  const kind = kindOf(name);
  if (kind.kind === 'page') return <PagePreview name={name} textOf={textOf} />;
  if (kind.kind === 'translations') return <TranslationsPreview name={name} textOf={textOf} />;
  if (kind.kind === 'json') return <JsonPreview text={textOf(name) ?? ''} />;
  return <EmptyState>No preview for this kind of file.</EmptyState>;
}

/** A page's HTML as the site keeps it: no script, no handlers, nothing but HTML. */
function sanitise(html: string): string {
  // No ids: the two languages side by side would repeat each other's.
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_ATTR: ['id'] });
}

function PagePreview({
  name,
  textOf,
}: {
  name: string;
  textOf: (name: string) => string | undefined;
}) {
  return (
    <div className="preview-pair">
      {LOCALES.map(({ locale, label }) => {
        const file = inLocale(name, locale) ?? name;
        const text = textOf(file);
        return (
          <article key={locale} className="page-preview" lang={locale} aria-label={`${label} page`}>
            <h3 className="page-preview__language" lang="en">
              {label} <span className="mono muted small">{file}</span>
            </h3>
            {text === undefined ? (
              <p className="muted" lang="en">
                There is no {label} file for this page.
              </p>
            ) : text.trim() === '' ? (
              <p className="muted" lang="en">
                The page is empty.
              </p>
            ) : (
              <div className="prose" dangerouslySetInnerHTML={{ __html: sanitise(text) }} />
            )}
          </article>
        );
      })}
    </div>
  );
}

interface TranslationRow {
  key: string;
  tr: string | undefined;
  en: string | undefined;
}

const column = createColumnHelper<TranslationRow>();

const textCell = (locale: Locale) =>
  column.accessor((row) => row[locale] ?? '', {
    id: locale,
    header: LOCALES.find((l) => l.locale === locale)?.label,
    enableSorting: false,
    cell: ({ row }) => {
      const text = row.original[locale];
      return text === undefined ? (
        <Badge tone="warning">Missing</Badge>
      ) : (
        <span lang={locale} className="translation-text">
          {text}
        </span>
      );
    },
  });

const translationColumns = [
  column.accessor('key', {
    header: 'Key',
    cell: ({ getValue }) => <code className="translation-key">{getValue()}</code>,
  }),
  textCell('tr'),
  textCell('en'),
];

function TranslationsPreview({
  name,
  textOf,
}: {
  name: string;
  textOf: (name: string) => string | undefined;
}) {
  const trFile = inLocale(name, 'tr') ?? name;
  const enFile = inLocale(name, 'en') ?? name;
  const tr = textOf(trFile);
  const en = textOf(enFile);
  const parsed = useMemo(() => {
    const problems: string[] = [];
    const read = (file: string, text: string | undefined) => {
      if (text === undefined) return new Map<string, string>();
      const problem = jsonProblem(text);
      if (problem) {
        problems.push(`${file}: ${problem}`);
        return new Map<string, string>();
      }
      return flatten(JSON.parse(text));
    };
    return { problems, maps: [read(trFile, tr), read(enFile, en)] };
  }, [tr, en, trFile, enFile]);
  const rows = useMemo(() => {
    const [trMap, enMap] = parsed.maps;
    const keys = [...new Set([...trMap.keys(), ...enMap.keys()])].sort((a, b) =>
      a.localeCompare(b),
    );
    return keys.map((key) => ({ key, tr: trMap.get(key), en: enMap.get(key) }));
  }, [parsed]);
  const missing = rows.filter((r) => r.tr === undefined || r.en === undefined).length;
  return (
    <div className="stack stack--tight">
      {parsed.problems.map((problem) => (
        <Notice key={problem} tone="warning">
          Not valid JSON, {problem}
        </Notice>
      ))}
      <p className="muted small">
        {rows.length} keys
        {missing ? `, ${missing} missing in one language` : ', each in both languages'}.
      </p>
      <DataTable
        data={rows}
        columns={translationColumns}
        caption="Translations: key, Turkish and English"
        empty={<EmptyState>No texts.</EmptyState>}
        searchLabel="Search"
        searchPlaceholder="A key or a text in either language"
        getRowId={(row) => row.key}
      />
    </div>
  );
}

function JsonPreview({ text }: { text: string }) {
  const problem = useMemo(() => jsonProblem(text), [text]);
  const formatted = useMemo(
    () => (problem ? '' : JSON.stringify(JSON.parse(text), null, 2)),
    [problem, text],
  );
  if (problem) {
    return (
      <Notice tone="warning">
        <strong>Not valid JSON.</strong> {problem}
      </Notice>
    );
  }
  return (
    <div className="stack stack--tight">
      <p>
        <Badge tone="success">Valid JSON</Badge>
      </p>
      <pre className="json-view" tabIndex={0} role="region" aria-label="The file, formatted">
        {formatted}
      </pre>
    </div>
  );
}
