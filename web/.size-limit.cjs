// The JavaScript budget of issue 11: what a first visit to `/` downloads before it is interactive,
// at most 150 KB gzip (about 111 KB since the production build renders with Preact), so a change
// that breaks the budget fails `make test`. Read from Vite's manifest: the entry chunk, the home route's chunk and every
// chunk they import statically (what the browser fetches at once); chunks loaded on demand (other
// routes, dialogs, the hub client after login) are not counted.
const { readFileSync } = require('node:fs');

const manifest = JSON.parse(readFileSync(`${__dirname}/dist/.vite/manifest.json`, 'utf8'));
const firstVisit = ['index.html', 'src/app/routes/home.tsx'];

const files = new Set();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
for (const key of firstVisit) visit(key);

module.exports = [
  {
    name: 'JavaScript of a first visit to /',
    path: [...files].filter((f) => f.endsWith('.js')).map((f) => `dist/${f}`),
    limit: '150 kB',
    gzip: true,
  },
];
