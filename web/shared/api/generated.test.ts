import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The committed types and zod schemas (shared/api/generated/) are what the generator makes of
 * the committed OpenAPI document (openapi-ts.config.ts): generated again into a temporary folder
 * and compared file by file.
 */

const web = resolve(__dirname, '../..');
const committed = join(web, 'shared/api/generated');
const fresh = mkdtempSync(join(tmpdir(), 'kasa-api-'));
const STALE =
  'shared/api/generated is not what the OpenAPI document generates: run npm run gen:api';

function files(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) out[name] = readFileSync(join(dir, name), 'utf8');
  return out;
}

afterAll(() => rmSync(fresh, { recursive: true, force: true }));

describe('generated API types and schemas', () => {
  it('are current with shared/api/openapi.json', { timeout: 60_000 }, () => {
    const cli = join(web, 'node_modules/@hey-api/openapi-ts/bin/run.js');
    execFileSync(process.execPath, [cli], {
      cwd: web,
      env: { ...process.env, KASA_API_OUT: fresh },
      stdio: 'pipe',
    });

    const expected = files(fresh);
    const actual = files(committed);
    expect(Object.keys(actual), STALE).toEqual(Object.keys(expected));
    for (const [name, text] of Object.entries(expected))
      expect(actual[name], `${name}: ${STALE}`).toBe(text);
  });
});
