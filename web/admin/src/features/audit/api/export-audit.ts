import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * GET audit/export?q=: the audit log as CSV, fetched with the token and saved as a file (the
 * export itself is recorded in the log).
 */

export async function exportAudit(q: string): Promise<Blob> {
  return api.file('audit/export', { params: { q } });
}

/** Saves a blob as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportAudit() {
  return useMutation({
    mutationFn: exportAudit,
    onSuccess: (blob) => {
      const day = new Date().toISOString().slice(0, 10);
      saveBlob(blob, `kasa-audit-${day}.csv`);
    },
  });
}
