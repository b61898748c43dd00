/**
 * Side effects on the page itself, behind one object so tests can replace them.
 */
export const browser = {
  reload(): void {
    window.location.reload();
  },
  openInNewTab(url: string): void {
    window.open(url, '_blank', 'noopener,noreferrer');
  },
};
