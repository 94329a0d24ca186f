// Prints the gzip size of every file of the built widget (booking-widget/dist), and checks the
// widget's budget (docs/decisions/008, 037): the loader plus everything needed to show step 1 is at
// most 60 kB gzip, and no payment code is part of it. Sizes are gzip at the default level, as the site's compression
// middleware sends them; 1 kB = 1000 bytes. Exits 1 when the budget is broken.
//
//   npm run size -w @business-chauffeur/booking-widget            (after npm run build -w …)
//   npm run size -w @business-chauffeur/booking-widget -- --json  (for the bench)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 60_000;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const LOADER = 'chauffeur-booking.js';

if (!existsSync(path.join(dist, LOADER))) {
  console.error(
    `No ${LOADER} in ${dist}: run "npm run build -w @business-chauffeur/booking-widget" first.`,
  );
  process.exit(1);
}

const files = [LOADER, ...readdirSync(path.join(dist, 'chunks')).map((name) => `chunks/${name}`)];
const info = new Map(
  files.map((file) => {
    const code = readFileSync(path.join(dist, file));
    const text = code.toString('utf8');
    const resolve = (specifier) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    // Minified ES output: static `from"./x.js"` / `import"./x.js"`, dynamic `import("./x.js")` or `import(\`./x.js\`)`.
    const staticImports = [...text.matchAll(/(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g)].map(
      (m) => resolve(m[1]),
    );
    const dynamicImports = [...text.matchAll(/import\(\s*["'`](\.{1,2}\/[^"'`]+)["'`]\s*\)/g)].map(
      (m) => resolve(m[1]),
    );
    return [file, { raw: code.length, gzip: gzipSync(code).length, staticImports, dynamicImports }];
  }),
);

/** A file and everything it imports statically: what the browser fetches before it runs. */
function closure(file, seen = new Set()) {
  if (seen.has(file) || !info.has(file)) return seen;
  seen.add(file);
  for (const next of info.get(file).staticImports) closure(next, seen);
  return seen;
}

const loader = info.get(LOADER);
const wizardEntry = loader.dynamicImports[0];
if (!wizardEntry) {
  console.error(`${LOADER} imports no wizard chunk: the build is not what this script expects.`);
  process.exit(1);
}
const stepOne = new Set([...closure(LOADER), ...closure(wizardEntry)]);
const sum = (set) => [...set].reduce((total, file) => total + info.get(file).gzip, 0);
const stepOneBytes = sum(stepOne);
const payment = [...info.keys()].filter((file) => /(step-payment|stripe-payment)-/.test(file));
const paymentInStepOne = payment.filter((file) => stepOne.has(file));

const kb = (bytes) => `${(bytes / 1000).toFixed(2)} kB`;
const rows = [...info.entries()].sort((a, b) => a[1].gzip - b[1].gzip);

if (process.argv.includes('--json')) {
  console.log(
    JSON.stringify(
      {
        budgetBytes: BUDGET_BYTES,
        loaderAndStepOneGzipBytes: stepOneBytes,
        withinBudget: stepOneBytes <= BUDGET_BYTES && paymentInStepOne.length === 0,
        files: Object.fromEntries(
          rows.map(([file, { raw, gzip }]) => [file, { raw, gzip, stepOne: stepOne.has(file) }]),
        ),
      },
      null,
      2,
    ),
  );
} else {
  console.log('Booking widget bundle (gzip, default level)\n');
  for (const [file, { raw, gzip }] of rows) {
    const tag = stepOne.has(file) ? 'step 1' : payment.includes(file) ? 'step 5' : 'later';
    console.log(
      `  ${file.padEnd(44)} ${kb(raw).padStart(10)} raw  ${kb(gzip).padStart(10)} gzip  ${tag}`,
    );
  }
  console.log(`\n  loader + step 1: ${kb(stepOneBytes)} gzip (budget ${kb(BUDGET_BYTES)})`);
  console.log(
    `  payment code (step 5 only): ${kb(payment.reduce((t, f) => t + info.get(f).gzip, 0))} gzip`,
  );
}

if (paymentInStepOne.length > 0) {
  console.error(`Payment code is loaded before step 1: ${paymentInStepOne.join(', ')}`);
  process.exit(1);
}
if (stepOneBytes > BUDGET_BYTES) {
  console.error(
    `The loader and step 1 weigh ${kb(stepOneBytes)} gzip, over the ${kb(BUDGET_BYTES)} budget.`,
  );
  process.exit(1);
}
