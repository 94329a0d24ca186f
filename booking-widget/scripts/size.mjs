// Prints the gzip size of every file of the built widget (booking-widget/dist), and checks the
// widget's budget (docs/decisions/008, 037): the loader plus everything needed to show step 1 is at
// most 60 kB gzip, and no payment code is part of it. "Everything needed" is what the browser
// fetches before step 1 is usable, the same for an inline element as it loads and for a popup or
// floating dialog's first opening (before it, such a page carries the loader alone): the wizard
// chunk and what it imports statically, and the chunks the wizard imports as soon as it starts
// (STARTUP below). tests/e2e/partner-dialog-keyboard.spec.ts checks that what a dialog's first
// opening fetches is within what this script counts. Sizes are gzip at the default level, as the site's compression
// middleware sends them; 1 kB = 1000 bytes. Exits 1 when the budget is broken.
//
//   npm run size -w @business-chauffeur/booking-widget            (after npm run build -w …)
//   npm run size -w @business-chauffeur/booking-widget -- --json  (for the bench)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
// The site's page copy, which the widget must never carry (the contract's ./site entry,
// docs/decisions/070). Node strips the file's types as it loads it.
import { pageMessages } from '../../packages/booking-contract/src/messages-pages.ts';
import { paymentLinkMessages } from '../../packages/booking-contract/src/messages-payment-links.ts';

const BUDGET_BYTES = 60_000;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const LOADER = 'chauffeur-booking.js';
// The modules the wizard imports dynamically as soon as it starts, before step 1 is usable: the
// step rules the machine loads at start. The API client (with Zod) comes once step 1 is usable (on
// a partner's page, once the site said the page may book: lazy-api.ts mayBook), steps 2 to 4 after
// step 1 is on screen, step 5 on reaching it.
const STARTUP = ['step-rules'];

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
const startup = STARTUP.map((name) =>
  info.get(wizardEntry).dynamicImports.find((file) => file.startsWith(`chunks/${name}-`)),
);
if (startup.includes(undefined)) {
  console.error(
    `The wizard chunk does not import ${STARTUP.join(' and ')} dynamically: update STARTUP in this script.`,
  );
  process.exit(1);
}
const stepOne = new Set([LOADER, wizardEntry, ...startup].flatMap((file) => [...closure(file)]));
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
        // Also what a popup or floating page fetches before and at the dialog's first opening.
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
  console.log(
    `\n  loader + step 1 (inline, or a popup/floating dialog's first opening): ${kb(stepOneBytes)} gzip (budget ${kb(BUDGET_BYTES)})`,
  );
  console.log(
    `  payment code (step 5 only): ${kb(payment.reduce((t, f) => t + info.get(f).gzip, 0))} gzip`,
  );
}

// Every text of the site's page copy long enough to be its own (short words such as "Close" the
// widget may say too), as a whole string literal: the minifier keeps a string without quotes or
// backslashes as it is, and a widget text that merely ends with the same sentence is not one.
const siteSentences = [];
(function collect(value) {
  if (typeof value === 'string') {
    if (value.length >= 25 && !/["'`\\]/.test(value)) siteSentences.push(value);
  } else if (value && typeof value === 'object') Object.values(value).forEach(collect);
})([pageMessages, paymentLinkMessages]);
const siteCopy = files.flatMap((file) => {
  const text = readFileSync(path.join(dist, file), 'utf8');
  return siteSentences
    .filter((sentence) => ['"', "'", '`'].some((quote) => text.includes(quote + sentence + quote)))
    .map((sentence) => `${file}: ${sentence}`);
});
if (siteSentences.length < 10 || siteCopy.length > 0) {
  console.error(
    siteCopy.length > 0
      ? `The widget carries the site's page copy (import it from the contract's root or ./widget, never ./site):\n  ${siteCopy.join('\n  ')}`
      : `Found only ${siteSentences.length} sentences of the site's page copy to look for: update this script.`,
  );
  process.exit(1);
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
