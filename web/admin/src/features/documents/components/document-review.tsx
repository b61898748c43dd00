import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { CheckboxField, SelectField, TextField } from '../../../components/ui/field';
import { LoadError, Loading, Notice } from '../../../components/ui/status';
import { errorText } from '../../../lib/api-client';
import { formatDateTime, formatSize } from '../../../lib/format';
import {
  approveDocumentSchema,
  useApproveDocument,
  type ApproveDocumentValues,
} from '../api/approve-document';
import { useDocuments, type DocumentItem } from '../api/get-documents';
import {
  REJECT_REASONS,
  rejectDocumentSchema,
  useRejectDocument,
  type RejectDocumentInput,
  type RejectDocumentValues,
} from '../api/reject-document';
import { docWord } from './document-labels';
import { DocumentViewer } from './document-viewer';

/** A document's label for people: `Passport (front) of ayse`. */
export function documentLabel(d: DocumentItem): string {
  return `${docWord(d.docType)}${d.side ? ` (${docWord(d.side).toLowerCase()})` : ''} of ${d.username}`;
}

/**
 * One document under review: its file beside its details, and (with `kyc.decide`) Approve, with
 * the document's own expiry date if it has one, or Reject with one of the six reasons.
 */
export function DocumentReview({
  id,
  canDecide,
  onDecided,
}: {
  id: number;
  canDecide: boolean;
  onDecided: (text: string) => void;
}) {
  const documents = useDocuments();
  // While this reviewer's decision is under way the document stays on screen: the queue is read
  // again before they are taken back to it, and it no longer lists the document by then.
  const [held, hold] = useState<DocumentItem | null>(null);
  if (documents.isPending) return <Loading label="Loading the document…" />;
  if (documents.isError) {
    return <LoadError error={documents.error} onRetry={() => documents.refetch()} />;
  }
  const doc = documents.data.find((d) => d.id === id) ?? held;
  return (
    <div className="review">
      <section className="review__file" aria-label="The document's file">
        <DocumentViewer id={id} label={doc ? documentLabel(doc) : `Document #${id}`} />
      </section>
      <aside className="review__side" aria-label="Details and decision">
        {doc ? (
          <>
            <dl className="facts">
              <div>
                <dt>Player</dt>
                <dd>
                  <Link className="table-link" to={`/players/${doc.playerId}`}>
                    {doc.username}
                  </Link>
                </dd>
              </div>
              <div>
                <dt>Kind</dt>
                <dd>{docWord(doc.kind)}</dd>
              </div>
              <div>
                <dt>Type</dt>
                <dd>{docWord(doc.docType)}</dd>
              </div>
              <div>
                <dt>Side</dt>
                <dd>{docWord(doc.side)}</dd>
              </div>
              <div>
                <dt>Uploaded</dt>
                <dd>{formatDateTime(doc.uploadedAt)}</dd>
              </div>
              <div>
                <dt>Size</dt>
                <dd>{formatSize(doc.size)}</dd>
              </div>
            </dl>
            {canDecide ? (
              <>
                <ApproveForm doc={doc} hold={hold} onDecided={onDecided} />
                <RejectForm doc={doc} hold={hold} onDecided={onDecided} />
              </>
            ) : (
              <Notice>Deciding on documents needs the compliance role.</Notice>
            )}
          </>
        ) : (
          <Notice tone="warning">
            Document #{id} is not waiting for review any more: someone decided on it already.
          </Notice>
        )}
      </aside>
    </div>
  );
}

type DecisionProps = {
  doc: DocumentItem;
  /** Keeps the document on screen while the decision runs, or lets it go (null). */
  hold: (doc: DocumentItem | null) => void;
  onDecided: (text: string) => void;
};

function ApproveForm({ doc, hold, onDecided }: DecisionProps) {
  const approve = useApproveDocument();
  const form = useForm<ApproveDocumentValues>({
    resolver: zodResolver(approveDocumentSchema),
    defaultValues: { expires: '', number: '', samePerson: false },
  });
  const identity = doc.kind === 'identity';
  return (
    <form
      className="form decision"
      noValidate
      aria-labelledby="approve-title"
      onSubmit={form.handleSubmit(({ expires, number, samePerson }) => {
        hold(doc);
        approve.mutate(
          { id: doc.id, expires, number: identity ? number : '', samePerson },
          {
            onSuccess: ({ message }) =>
              onDecided(message ?? `Document #${doc.id} of ${doc.username} approved.`),
            onError: () => hold(null),
          },
        );
      })}
    >
      <h2 className="decision__title" id="approve-title">
        Approve
      </h2>
      {approve.isError ? <Notice tone="error">{errorText(approve.error)}</Notice> : null}
      <TextField
        label="The document's expiry date (optional)"
        type="date"
        hint="Leave empty when the document does not expire."
        error={form.formState.errors.expires?.message}
        {...form.register('expires')}
      />
      {identity ? (
        <TextField
          label="TC kimlik number on the document (optional)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          hint="Ties the account to the person: a time-out or exclusion on any of their accounts, now or later, closes the others too."
          error={form.formState.errors.number?.message}
          {...form.register('number')}
        />
      ) : null}
      {identity ? (
        <CheckboxField
          label="Same person as another account with this number"
          description="Tick only after comparing the documents of both accounts: a closure of either then closes both."
          {...form.register('samePerson')}
        />
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={approve.isPending}>
        {approve.isPending ? 'Approving…' : 'Approve document'}
      </button>
    </form>
  );
}

function RejectForm({ doc, hold, onDecided }: DecisionProps) {
  const reject = useRejectDocument();
  const form = useForm<RejectDocumentInput, unknown, RejectDocumentValues>({
    resolver: zodResolver(rejectDocumentSchema),
    defaultValues: { reason: '' },
  });
  return (
    <form
      className="form decision decision--reject"
      noValidate
      aria-labelledby="reject-title"
      onSubmit={form.handleSubmit(({ reason }) => {
        hold(doc);
        reject.mutate(
          { id: doc.id, reason },
          {
            onSuccess: () => onDecided(`Document #${doc.id} of ${doc.username} rejected.`),
            onError: () => hold(null),
          },
        );
      })}
    >
      <h2 className="decision__title" id="reject-title">
        Reject
      </h2>
      {reject.isError ? <Notice tone="error">{errorText(reject.error)}</Notice> : null}
      <SelectField
        label="Reason (the player reads it)"
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      >
        <option value="">Choose a reason…</option>
        {REJECT_REASONS.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn btn--danger" disabled={reject.isPending}>
        {reject.isPending ? 'Rejecting…' : 'Reject document'}
      </button>
    </form>
  );
}
