// Writes FILE.br (brotli, best quality) and FILE.gz (gzip, level 9) beside every text file of
// dist/ over 1 KB, so the server sends them as they are instead of compressing each answer. Runs
// after `vite build` (see the build script); the server picks a variant by the Accept-Encoding of
// the request. Images and fonts are compressed already and are left alone.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const TYPES = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

/** Every file under `dir`, skipping dot-folders (Vite's manifest is not served to browsers). */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(path);
    } else if (entry.isFile()) {
      yield path;
    }
  }
}

let count = 0;
for await (const path of files(dist)) {
  if (!TYPES.has(extname(path))) continue;
  const data = await readFile(path);
  if (data.length <= MIN_BYTES) continue;
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  await writeFile(`${path}.br`, br);
  await writeFile(`${path}.gz`, gz);
  count += 1;
}
console.log(`precompress: ${count} files of dist/ written as .br and .gz`);
