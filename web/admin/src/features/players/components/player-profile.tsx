import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { Section } from '../../../components/ui/page';
import { TextArea } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { humanize } from '../../../lib/format';
import { noteSchema, useAddNote, type NoteValues } from '../api/add-note';
import { sectionsOf, type PlayerPage, type Row } from '../api/get-player';
import { RecordTable } from './record-table';
import { Facts } from './values';

/** A player's page body: their details and balances, then each list of rows as a table. */
export function PlayerProfile({
  playerId,
  page,
  canNote,
}: {
  playerId: number;
  page: PlayerPage;
  canNote: boolean;
}) {
  const { balances } = page;
  const balanceRows: Row[] = Array.isArray(balances) ? balances : [];
  return (
    <div className="stack">
      <div className="grid-profile">
        <Section title="Details">
          <Facts record={page.player} />
        </Section>
        <Section title="Balances">
          {Array.isArray(balances) ? (
            <RecordTable rows={balanceRows} caption="Balances" empty="No balances." />
          ) : (
            <Facts record={balances} money columns={1} />
          )}
        </Section>
      </div>
      {sectionsOf(page).map(({ key, rows }) => (
        <Section key={key} title={humanize(key)} id={`section-${key}`}>
          {key === 'notes' && canNote ? <NoteForm playerId={playerId} /> : null}
          <RecordTable
            rows={rows}
            caption={humanize(key)}
            empty={`No ${humanize(key).toLowerCase()}.`}
          />
        </Section>
      ))}
    </div>
  );
}

function NoteForm({ playerId }: { playerId: number }) {
  const add = useAddNote(playerId);
  const form = useForm<NoteValues>({
    resolver: zodResolver(noteSchema),
    defaultValues: { text: '' },
  });
  return (
    <form
      className="form note-form"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        add.mutate(values, {
          onSuccess: () => {
            toast.success('Note added.');
            form.reset({ text: '' });
          },
        }),
      )}
    >
      {add.isError ? <Notice tone="error">{errorText(add.error)}</Notice> : null}
      <TextArea
        label="New note"
        rows={3}
        maxLength={2000}
        hint="Staff only: the player never sees notes."
        error={form.formState.errors.text?.message}
        {...form.register('text')}
      />
      <div>
        <button type="submit" className="btn btn--primary btn--sm" disabled={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add note'}
        </button>
      </div>
    </form>
  );
}
