import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The source of index.html's inline script that follows `mark` (a comment the build replaces). */
export function inlineScriptAfter(mark: string): string {
  const html = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
  const after = html.slice(html.indexOf(mark));
  return after.slice(after.indexOf('<script>') + '<script>'.length, after.indexOf('</script>'));
}
