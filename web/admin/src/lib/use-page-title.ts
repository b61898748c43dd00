import { useEffect } from 'react';

/** The tab's title while a page shows: `Withdrawals · Kasa Back Office`. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Kasa Back Office` : 'Kasa Back Office';
  }, [title]);
}
