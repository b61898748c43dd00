import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import {
  FORM_MODE,
  Field,
  InputBox,
  SubmitButton,
  describedBy,
  serverFieldErrors,
} from '@/components/ui/form';
import { Callout } from '@/components/ui/callout';
import { Icon } from '@/components/ui/icon';
import { ApiError } from '@/lib/api-client';
import { formatTurkeyDateTime } from '@/lib/turkey-time';
import {
  ADDRESS_TYPES,
  IDENTITY_TYPES,
  useKyc,
  type CheckState,
  type DocumentKind,
  type Kyc,
  type KycDocument,
} from '../api/get-kyc';
import { FILE_KEY, useUploadDocument } from '../api/upload-document';
import { DOCUMENT_ACCEPT, MAX_DOCUMENT_BYTES, isDocumentType } from '../file-rules';
import '@/components/ui/surfaces.css';
import './kyc.css';

/** The section's anchor: /dashboard/account#identity (the withdraw page links there). */
export const IDENTITY_ANCHOR = 'identity';

const fileField = (required: boolean) =>
  z
    .custom<File | null>((v) => v === null || v instanceof File)
    .check(
      z.refine((f) => !required || f !== null, 'kyc.rule.file'),
      z.refine((f) => f === null || isDocumentType(f), 'kyc.rule.type'),
      z.refine((f) => f === null || f.size <= MAX_DOCUMENT_BYTES, 'kyc.rule.size'),
      z.refine((f) => f === null || f.size > 0, 'kyc.rule.empty'),
    );

/** One file of a document whose other side is approved: its type and that file (as `front`). */
const sideSchema = z.object({
  docType: z.string().check(z.minLength(1, 'kyc.rule.docType')),
  front: fileField(true),
  back: fileField(false),
});

/** An upload: the document's type and its file (an identity document: front, and back). */
const uploadSchema = sideSchema.check(
  z.refine((v) => (v.docType !== 'kimlik' && v.docType !== 'licence' ? true : v.back !== null), {
    message: 'kyc.rule.back',
    path: ['back'],
    when: (payload) => {
      const value = payload.value as Record<string, unknown> | undefined;
      return typeof value?.docType === 'string';
    },
  }),
);

type UploadValues = z.infer<typeof uploadSchema>;

/** The server's `file` is the front's field (the back's is renamed when it fails). */
const UPLOAD_ERRORS = serverFieldErrors<UploadValues>(['docType', 'front', 'back'], {
  [FILE_KEY]: 'front',
});

/** The tone of a state's pill; the others (not started, expired) are neutral. */
const STATE_TONES: Partial<Record<CheckState, 'ok' | 'warning' | 'danger'>> = {
  pending: 'warning',
  incomplete: 'warning',
  approved: 'ok',
  rejected: 'danger',
};

/** A check's or a document's state as a pill. */
function StateTag({ state }: { state: CheckState }) {
  const { t } = useTranslation();
  const tone = STATE_TONES[state];
  return (
    <span className={`state-badge${tone ? ` state-badge--${tone}` : ''}`} data-state={state}>
      {state === 'approved' ? <Icon name="check" size={14} /> : null}
      {t(`kyc.state.${state}`)}
    </span>
  );
}

/** The upload form of one kind: the document type, then its file (identity: front and back). */
/** The side still to come of an identity document whose other side is approved. */
type MissingSide = { docType: string; side: 'front' | 'back' };

/** What an incomplete identity lacks: the other side of its approved one. */
function missingSide(documents: KycDocument[]): MissingSide | undefined {
  const approved = documents.find((d) => d.kind === 'identity' && d.state === 'approved' && d.side);
  if (!approved) return undefined;
  return { docType: approved.docType, side: approved.side === 'front' ? 'back' : 'front' };
}

/**
 * The upload form of a check; with `missing`, only that side of that document (its type fixed,
 * one file), so the player sends just what the check lacks.
 */
function UploadForm({ kind, missing }: { kind: DocumentKind; missing?: MissingSide }) {
  const { t } = useTranslation();
  const prefix = `kyc-${kind}`;
  const upload = useUploadDocument(UPLOAD_ERRORS);
  const [round, setRound] = useState(0);
  const types = kind === 'identity' ? IDENTITY_TYPES : ADDRESS_TYPES;
  const {
    control,
    register,
    handleSubmit,
    reset,
    trigger,
    setError,
    setFocus,
    formState: { errors, isValid, isSubmitting },
  } = useForm<UploadValues, unknown, UploadValues>({
    resolver: zodResolver(missing ? sideSchema : uploadSchema),
    mode: FORM_MODE,
    defaultValues: { docType: missing?.docType ?? '', front: null, back: null },
  });
  const failed = (error: unknown) => UPLOAD_ERRORS.apply(error, setError, setFocus);
  const onSubmit = handleSubmit(async (values) => {
    let side: 'front' | 'back' = 'front';
    try {
      const identity = kind === 'identity';
      await upload.mutateAsync({
        kind,
        docType: values.docType,
        side: missing ? missing.side : identity ? 'front' : null,
        file: values.front as File,
      });
      if (identity && values.back) {
        side = 'back';
        await upload.mutateAsync({ kind, docType: values.docType, side, file: values.back });
      }
      reset();
      setRound((n) => n + 1);
    } catch (error) {
      failed(
        side === 'back' && error instanceof ApiError && error.field === FILE_KEY
          ? new ApiError(error.message, error.status, { back: error.message })
          : error,
      );
    }
  });
  const docType = useWatch({ control, name: 'docType' });
  const backNeeded = kind === 'identity' && docType !== 'passport';
  const files: { name: 'front' | 'back'; label: string }[] = missing
    ? [
        {
          name: 'front',
          label: `${t(`kyc.docType.${missing.docType}`)} · ${t(`kyc.upload.${missing.side}`)}`,
        },
      ]
    : kind === 'identity'
      ? [
          { name: 'front', label: t('kyc.upload.front') },
          {
            name: 'back',
            label: backNeeded ? t('kyc.upload.back') : t('kyc.upload.backOptional'),
          },
        ]
      : [{ name: 'front', label: t('kyc.upload.file') }];
  return (
    <form
      className="form kyc-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${prefix}-form-title`}
    >
      <h3 id={`${prefix}-form-title`} className="kyc-form__title">
        {t(`kyc.upload.${kind}Title`)}
      </h3>
      {missing ? null : (
        <Field id={`${prefix}-type`} label={t('kyc.upload.docType')} error={errors.docType}>
          <InputBox icon="idCard">
            <select
              id={`${prefix}-type`}
              {...describedBy(`${prefix}-type`, errors.docType)}
              {...register('docType')}
            >
              <option value="">{t('kyc.upload.choose')}</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {t(`kyc.docType.${type}`)}
                </option>
              ))}
            </select>
            <Icon name="chevronDown" size={18} className="input-wrap__chevron" />
          </InputBox>
        </Field>
      )}
      {files.map(({ name, label }) => {
        const id = `${prefix}-${name}`;
        const error = errors[name];
        return (
          <Field
            key={`${name}-${round}`}
            id={id}
            label={label}
            error={error}
            hint={t('kyc.upload.hint')}
          >
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <div className={`kyc-file${error ? ' kyc-file--invalid' : ''}`}>
                  <input
                    id={id}
                    ref={field.ref}
                    type="file"
                    className="kyc-file__input"
                    accept={DOCUMENT_ACCEPT}
                    onBlur={field.onBlur}
                    onChange={(e) => {
                      field.onChange(e.target.files?.[0] ?? null);
                      void trigger(name);
                    }}
                    {...describedBy(id, error)}
                  />
                  {/* The browser's own button speaks its language, not the page's: ours shows. */}
                  <span className="kyc-file__button" aria-hidden="true">
                    <Icon name="arrowUp" size={16} />
                    {t('kyc.upload.chooseFile')}
                  </span>
                  <span className="kyc-file__name" aria-hidden="true">
                    {(field.value as File | null)?.name ?? t('kyc.upload.noFile')}
                  </span>
                </div>
              )}
            />
          </Field>
        );
      })}
      <SubmitButton
        ready={isValid}
        pending={upload.isPending || isSubmitting}
        icon="arrowUp"
        label={t('kyc.upload.submit')}
        blockedReason={t(missing ? 'kyc.upload.blockedFile' : 'kyc.upload.blocked')}
      />
    </form>
  );
}

function docLabel(t: (key: string) => string, doc: KycDocument): string {
  const type = t(`kyc.docType.${doc.docType}`);
  return doc.side ? `${type} · ${t(`kyc.side.${doc.side}`)}` : type;
}

/** One check (identity or proof of address): its state, a rejection's reason, the upload form. */
function CheckBlock({ kind, data }: { kind: DocumentKind; data: Kyc }) {
  const { t } = useTranslation();
  const check = data[kind];
  const missing =
    kind === 'identity' && check.state === 'incomplete' ? missingSide(data.documents) : undefined;
  return (
    <div className="inset-card kyc-check" data-testid={`kyc-${kind}`}>
      <div className="kyc-check__head">
        <h3 className="kyc-check__title">{t(`kyc.kind.${kind}`)}</h3>
        <StateTag state={check.state} />
      </div>
      <p className="kyc-check__text">{t(`kyc.stateText.${check.state}`)}</p>
      {check.state === 'rejected' && check.reason ? (
        <Callout
          tone="danger"
          strong
          small
          icon="info"
          iconSize={16}
          className="kyc-check__reason"
          role="note"
        >
          {t('kyc.reason', { reason: check.reason })}
        </Callout>
      ) : null}
      {check.state !== 'approved' ? (
        <UploadForm
          key={missing ? `${missing.docType}-${missing.side}` : 'any'}
          kind={kind}
          missing={missing}
        />
      ) : null}
    </div>
  );
}

/**
 * Identity verification on the Personal Information page (issue 31): where the identity and the
 * proof of address stand (with a rejection's reason), an upload form for each (the file checked
 * here first: JPEG, PNG or PDF, at most 10 MB) and the documents sent with their states.
 */
export function IdentityVerification() {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useKyc();
  const location = useLocation();
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  const documents = useMemo(
    () => [...(data?.documents ?? [])].sort((a, b) => b.uploadedAt - a.uploadedAt),
    [data],
  );
  // /dashboard/account#identity: the section is shown once its data is there.
  const shown = !isPending;
  useEffect(() => {
    if (shown && location.hash === `#${IDENTITY_ANCHOR}`) {
      ref.current?.scrollIntoView({ block: 'start' });
      ref.current?.focus({ preventScroll: true });
    }
  }, [shown, location.hash]);
  return (
    <section
      ref={ref}
      id={IDENTITY_ANCHOR}
      tabIndex={-1}
      className="account-card kyc"
      aria-labelledby={titleId}
    >
      <h2 id={titleId} className="account-card__title">
        {t('kyc.title')}
      </h2>
      <p className="kyc__text">{t('kyc.text')}</p>
      {isPending ? (
        <div className="kyc__loading" aria-busy="true" aria-label={t('common.loading')} />
      ) : isError || !data ? (
        <div className="kyc__failed">
          <p>{t('kyc.loadFailed')}</p>
          <button type="button" className="btn btn--ghost" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <>
          <div className="kyc__checks">
            <CheckBlock kind="identity" data={data} />
            <CheckBlock kind="address" data={data} />
          </div>
          <h3 className="kyc__docs-title">{t('kyc.documents')}</h3>
          {documents.length === 0 ? (
            <p className="kyc__text">{t('kyc.noDocuments')}</p>
          ) : (
            <ul className="kyc-docs" data-testid="kyc-documents">
              {documents.map((doc) => (
                <li key={doc.id} className="inset-card inset-card--tight kyc-doc">
                  <Icon name="idCard" size={18} />
                  <div className="kyc-doc__main">
                    <p className="kyc-doc__name">{docLabel(t, doc)}</p>
                    <p className="kyc-doc__when tabular">{formatTurkeyDateTime(doc.uploadedAt)}</p>
                    {doc.state === 'rejected' && doc.reason ? (
                      <p className="kyc-doc__reason">{doc.reason}</p>
                    ) : null}
                  </div>
                  <StateTag state={doc.state} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
