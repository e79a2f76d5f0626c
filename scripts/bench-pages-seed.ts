// For `npm run bench`'s page figures: an order of the demo agency with two items in progress, written
// into the data folder the portal then starts on, and a .docx for the demo admin to deliver to one
// of them once the portal runs (through the API, so the preview is stored as a real delivery's).
// Prints {"orderId", "itemIds", "docx"} as JSON on its last line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { makeDocx } from '../apps/server/src/test/docx.js';
import { seedItems } from './lib/bench-seed.js';

const app = await buildApp(loadConfig({ ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', PORT: '0', HOST: '127.0.0.1' }));
let items: { id: number; orderId: number }[];
try {
  items = await seedItems(app.db, 'In Progress', 1, 2);
} finally {
  await app.close();
}
// An ordinary article of about 600 words in headed paragraphs, as a writer would deliver it.
const sentence = 'Clear writing helps readers find what they came for, and keeps them reading to the end.';
const paragraphs = Array.from({ length: 12 }, (_, i) => (i % 4 === 0 ? `# Section ${i / 4 + 1}` : Array.from({ length: 3 }, () => sentence).join(' ')));
const docx = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'copydesk-bench-pages-')), 'article.docx');
fs.writeFileSync(docx, await makeDocx(paragraphs));
console.log(JSON.stringify({ orderId: items[0]!.orderId, itemIds: items.map((item) => item.id), docx }));
