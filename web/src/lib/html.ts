import DOMPurify from 'dompurify';

/**
 * The server sanitises the HTML it stores (promotion descriptions and terms); the app does it once
 * more before showing it: no script, no event handler, no javascript: URL gets through either way.
 */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
