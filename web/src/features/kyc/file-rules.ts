/**
 * What the site takes as an identity document (issue 31): JPEG, PNG or PDF, at most 10 MB. The
 * server checks the content again; this tells the player before anything is sent.
 */

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_MIME_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;

/** The file input's accept list. */
export const DOCUMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

/** Whether a file is a JPEG, PNG or PDF, by its type or, when the browser gives none, its name. */
export function isDocumentType(file: Pick<File, 'type' | 'name'>): boolean {
  if (file.type) return (DOCUMENT_MIME_TYPES as readonly string[]).includes(file.type);
  return /\.(jpe?g|png|pdf)$/i.test(file.name);
}

/** The rule a chosen file breaks (a translation key), or null when it may be sent. */
export function fileProblem(file: Pick<File, 'type' | 'name' | 'size'> | null): string | null {
  if (!file) return 'kyc.rule.file';
  if (!isDocumentType(file)) return 'kyc.rule.type';
  if (file.size > MAX_DOCUMENT_BYTES) return 'kyc.rule.size';
  if (file.size === 0) return 'kyc.rule.empty';
  return null;
}
