// Size of the JS (and CSS) a route loads on a cold visit: the entry, the route's lazy chunk and
// everything they import statically, read from the Vite manifest of `npm run build`. Brotli is what
// the server sends (the .br files the build wrote); gzip is for browsers without brotli.
// Usage: node scripts/route-size.mjs [route source, default src/app/routes/login.tsx]
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const route = process.argv[2] ?? 'src/app/routes/login.tsx';

const files = new Set();
const css = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const c of chunk.css ?? []) css.add(c);
  for (const dep of chunk.imports ?? []) visit(dep);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
if (!manifest[route]) throw new Error(`${route} is not a chunk in the manifest`);
visit(route);

const gz = (file) => gzipSync(readFileSync(dist + file), { level: 9 }).length;
// Files under 1 KB are sent as they are.
const br = (file) => (existsSync(`${dist}${file}.br`) ? readFileSync(`${dist}${file}.br`) : readFileSync(dist + file)).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const js = [...files].map((f) => [f, br(f), gz(f)]).sort((a, b) => b[1] - a[1]);
const cssSizes = [...css].map((f) => [f, br(f), gz(f)]);
console.log('   brotli       gzip');
for (const [f, b, g] of [...js, ...cssSizes]) console.log(`${kb(b).padStart(9)}  ${kb(g).padStart(9)}  ${f}`);
const total = (list, i) => kb(list.reduce((s, row) => s + row[i], 0));
console.log(
  `${route}: JS ${total(js, 1)} brotli (${total(js, 2)} gzip) in ${js.length} files; ` +
    `CSS ${total(cssSizes, 1)} brotli (${total(cssSizes, 2)} gzip) in ${cssSizes.length} files`,
);
