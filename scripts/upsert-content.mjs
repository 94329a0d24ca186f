// Upserts documents into the seed dataset by _id, keeping the order of existing lines and
// appending new ones: `node scripts/upsert-content.mjs docs.ndjson` (or a JSON array file).
// Used by content authors and scripts so several edits never overwrite each other.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const datasetPath = path.resolve(process.env.CONTENT_DATASET_PATH ?? 'content/dataset.ndjson');
const input = process.argv[2];
if (!input) {
  console.error('Usage: node scripts/upsert-content.mjs <documents.ndjson|documents.json>');
  process.exit(2);
}
const text = readFileSync(input, 'utf8').trim();
const incoming = text.startsWith('[')
  ? JSON.parse(text)
  : text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
for (const document of incoming) {
  if (!document._id || !document._type)
    throw new Error(`Document without _id or _type: ${JSON.stringify(document).slice(0, 80)}`);
}
const existing = readFileSync(datasetPath, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));
const byId = new Map(incoming.map((document) => [document._id, document]));
const merged = existing.map((document) => {
  const replacement = byId.get(document._id);
  byId.delete(document._id);
  return replacement ?? document;
});
merged.push(...byId.values());
const temporary = `${datasetPath}.${process.pid}.tmp`;
writeFileSync(temporary, merged.map((document) => JSON.stringify(document)).join('\n') + '\n');
renameSync(temporary, datasetPath);
console.log(
  `${incoming.length} document(s) upserted into ${path.relative(process.cwd(), datasetPath)}`,
);
