import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Section } from '../../../components/ui/page';
import { SelectField, TextArea } from '../../../components/ui/field';
import { LoadError, Loading, Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { useContentFiles, type ContentFile } from '../api/get-content-files';
import {
  changedFiles,
  contentFormSchema,
  useSaveContentFiles,
  type ContentFormValues,
} from '../api/save-content-files';
import { fileLabel, groupFiles, jsonProblem, kindOf } from '../utils/files';
import { ContentPreview } from './content-preview';

interface Outcome {
  tone: 'success' | 'info';
  text: string;
}

/**
 * The site content's editor: one file at a time in a plain monospace text box, any number changed
 * before one save, a preview of the file in both languages beside its text, and JSON checked
 * before anything is sent. After a save the files are read again, as the server keeps them.
 */
export function ContentEditor() {
  const files = useContentFiles();
  const [selected, setSelected] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  if (files.isPending) return <Loading label="Loading the content files…" />;
  if (files.isError) return <LoadError error={files.error} onRetry={() => files.refetch()} />;
  const names = files.data.map((f) => f.name);
  const current =
    selected && names.includes(selected) ? selected : (groupFiles(names)[0]?.names[0] ?? null);
  if (!current) return <Notice tone="info">There is no content file to edit.</Notice>;
  return (
    <div className="stack">
      {outcome ? (
        <Notice tone={outcome.tone} onDismiss={() => setOutcome(null)}>
          {outcome.text}
        </Notice>
      ) : null}
      <EditorForm
        // Read again after a save: the form starts over from the files as saved.
        key={files.dataUpdatedAt}
        files={files.data}
        selected={current}
        onSelect={(name) => {
          setSelected(name);
        }}
        onSaving={() => setOutcome(null)}
        onSaved={async (changed) => {
          await files.refetch();
          setOutcome(
            changed.length === 0
              ? { tone: 'info', text: 'Nothing changed: the site already had these texts.' }
              : {
                  tone: 'success',
                  text: `Saved ${changed.length === 1 ? '1 file' : `${changed.length} files`}: ${changed.join(', ')}. The site shows ${changed.length === 1 ? 'it' : 'them'} now.`,
                },
          );
        }}
      />
    </div>
  );
}

function EditorForm({
  files,
  selected,
  onSelect,
  onSaving,
  onSaved,
}: {
  files: ContentFile[];
  selected: string;
  onSelect: (name: string) => void;
  onSaving: () => void;
  onSaved: (changed: string[]) => Promise<void>;
}) {
  const save = useSaveContentFiles();
  const saved = useMemo(() => new Map(files.map((f) => [f.name, f.text])), [files]);
  const form = useForm<ContentFormValues>({
    resolver: zodResolver(contentFormSchema(saved)),
    defaultValues: { files },
  });
  const values = useWatch({ control: form.control, name: 'files' }) ?? files;
  const texts = useMemo(() => new Map(values.map((f) => [f.name, f.text])), [values]);
  const changed = changedFiles(values, saved);
  const changedNames = new Set(changed.map((f) => f.name));
  const index = values.findIndex((f) => f.name === selected);
  const text = texts.get(selected) ?? '';
  const kind = kindOf(selected).kind;
  const isJson = kind === 'json' || kind === 'translations';
  const liveProblem = isJson && changedNames.has(selected) ? jsonProblem(text) : null;
  const { errors } = form.formState;
  const invalid = values.filter((_, i) => errors.files?.[i]?.text);
  const groups = groupFiles(values.map((f) => f.name));
  const field = `files.${index}.text` as const;

  const submit = form.handleSubmit(
    (data) => {
      const send = changedFiles(data.files, saved);
      if (send.length === 0) return;
      onSaving();
      save.mutate(send, { onSuccess: (result) => onSaved(result.changed) });
    },
    (problems) => {
      const first = values.findIndex((_, i) => problems.files?.[i]?.text);
      if (first >= 0) onSelect(values[first].name);
    },
  );

  return (
    <>
      <form noValidate onSubmit={submit} aria-label="Content files">
        <Section
          title="Editor"
          actions={
            <>
              <button
                type="button"
                className="btn btn--ghost btn--sm"
                disabled={changed.length === 0 || save.isPending}
                onClick={() => form.reset({ files })}
              >
                Discard all changes
              </button>
              <button
                type="submit"
                className="btn btn--primary btn--sm"
                disabled={changed.length === 0 || save.isPending}
              >
                {save.isPending
                  ? 'Saving…'
                  : changed.length === 0
                    ? 'No changes to save'
                    : `Save ${changed.length === 1 ? '1 file' : `${changed.length} files`}`}
              </button>
            </>
          }
        >
          <div className="form">
            {save.isError ? (
              <Notice tone="error">
                <strong>The server refused the save; nothing was saved.</strong>{' '}
                {errorText(save.error)}
              </Notice>
            ) : null}
            {invalid.length > 0 ? (
              <Notice tone="error">
                Nothing was sent: {invalid.map((f) => f.name).join(', ')}{' '}
                {invalid.length === 1 ? 'is' : 'are'} not valid JSON. Fix{' '}
                {invalid.length === 1 ? 'it' : 'them'} first.
              </Notice>
            ) : null}
            <div className="content-bar">
              <SelectField
                label="File"
                className="content-bar__file"
                value={selected}
                onChange={(event) => onSelect(event.target.value)}
              >
                {groups.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.names.map((name) => (
                      <option key={name} value={name}>
                        {fileLabel(name)}
                        {changedNames.has(name) ? ' — edited' : ''}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </SelectField>
              <div className="toolbar content-bar__tools">
                {isJson ? (
                  <button
                    type="button"
                    className="btn btn--ghost btn--sm"
                    disabled={jsonProblem(text) !== null}
                    onClick={() =>
                      form.setValue(field, `${JSON.stringify(JSON.parse(text), null, 2)}\n`, {
                        shouldDirty: true,
                        shouldValidate: form.formState.isSubmitted,
                      })
                    }
                  >
                    Format JSON
                  </button>
                ) : null}
                <button
                  type="button"
                  className="btn btn--ghost btn--sm"
                  disabled={!changedNames.has(selected)}
                  onClick={() =>
                    form.setValue(field, saved.get(selected) ?? '', {
                      shouldDirty: true,
                      shouldValidate: form.formState.isSubmitted,
                    })
                  }
                >
                  Undo changes to this file
                </button>
              </div>
            </div>
            {changed.length > 0 ? (
              <div className="changed-files">
                <span className="row-detail__label" id="changed-files-label">
                  Changed, not saved
                </span>
                <ul className="chips" aria-labelledby="changed-files-label">
                  {changed.map((f) => (
                    <li key={f.name}>
                      <button
                        type="button"
                        className="chip-btn mono"
                        aria-current={f.name === selected ? 'true' : undefined}
                        onClick={() => onSelect(f.name)}
                      >
                        {f.name}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {index >= 0 ? (
              <TextArea
                key={selected}
                label={`Text of ${selected}`}
                className="field--mono field--source"
                rows={22}
                spellCheck={false}
                autoCapitalize="off"
                autoCorrect="off"
                hint={
                  isJson
                    ? 'JSON, checked as you type; the server checks everything again when you save.'
                    : 'HTML. When it saves, the server removes scripts, event handlers and anything else a page may not hold.'
                }
                error={errors.files?.[index]?.text?.message ?? liveProblem ?? undefined}
                {...form.register(field)}
              />
            ) : null}
          </div>
        </Section>
      </form>
      <Section title="Preview" id="content-preview">
        <ContentPreview name={selected} textOf={(name) => texts.get(name)} />
      </Section>
    </>
  );
}
