// What each page costs to download: its HTML, CSS and JavaScript as the server sends them to a
// browser that accepts gzip (bytes on the wire, without headers); the booking widget's loader and
// step-1 code (booking-widget/scripts/size.mjs); and the largest image the site serves.
//
// A page's JavaScript is every script it loads before the booking widget: the module preloads and
// script tags of the HTML, the modules its inline scripts import, and everything those import in
// turn. The widget (/widget/…, only on /booking) is counted apart.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { kb, mark, printTable, root } from './support.mjs';

/** The aim: no page ships more than this much JavaScript (gzip) before the widget. */
export const JS_BUDGET_BYTES = 150_000;

const IMAGE = /\.(svg|png|jpe?g|webp|avif|gif|ico)$/i;

/** GET `url` accepting gzip: the bytes on the wire and the decoded text. */
function download(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'Accept-Encoding': 'gzip' } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const body = encoding === 'gzip' ? gunzipSync(wire) : wire;
        resolve({
          status: response.statusCode,
          transferBytes: wire.length,
          rawBytes: body.length,
          encoding: encoding ?? 'identity',
          text: body.toString('utf8'),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The value of `name` in one HTML tag's attributes. */
function attribute(tag, name) {
  const match = tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The stylesheets, scripts and inline styles a page's HTML refers to. */
function parseHtml(html) {
  const stylesheets = [];
  const scripts = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel.includes('stylesheet')) stylesheets.push(href);
    if (rel.includes('modulepreload')) scripts.push(href);
  }
  let inlineStyleBytes = 0;
  for (const [, css] of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) {
    inlineStyleBytes += Buffer.byteLength(css);
  }
  for (const [, attributes, code] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = attribute(`<script${attributes}>`, 'src');
    if (src) scripts.push(src);
    // Inline module scripts import the entry and route modules by absolute URL.
    for (const [, specifier] of code.matchAll(
      /(?:\bfrom\s*|\bimport\s*\(?\s*)["'](\/[^"']+\.js)["']/g,
    )) {
      scripts.push(specifier);
    }
  }
  return { stylesheets, scripts, inlineStyleBytes };
}

/** The modules a (minified) ES module imports statically: `from"./x.js"`, `import"./x.js"`. */
function staticImports(code) {
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)].map((m) => m[1]);
}

async function pageSizes(base, pagePath) {
  const pageUrl = new URL(pagePath, base);
  const html = await download(pageUrl);
  if (html.status !== 200) throw new Error(`${pagePath} answered ${html.status}.`);
  const { stylesheets, scripts, inlineStyleBytes } = parseHtml(html.text);

  let cssBytes = 0;
  for (const href of new Set(stylesheets.map((href) => new URL(href, pageUrl).href))) {
    cssBytes += (await download(href)).transferBytes;
  }

  // Every script before the widget, following static imports to the end.
  const queue = scripts.map((src) => new URL(src, pageUrl).href);
  const seen = new Set();
  const widget = [];
  let jsBytes = 0;
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    if (new URL(url).pathname.startsWith('/widget/')) {
      widget.push(new URL(url).pathname);
      continue;
    }
    const script = await download(url);
    if (script.status !== 200) throw new Error(`${url} answered ${script.status}.`);
    jsBytes += script.transferBytes;
    for (const specifier of staticImports(script.text)) queue.push(new URL(specifier, url).href);
  }
  const jsFiles = [...seen].filter((url) => !new URL(url).pathname.startsWith('/widget/'));

  return {
    path: pagePath,
    htmlBytes: html.transferBytes,
    htmlRawBytes: html.rawBytes,
    htmlEncoding: html.encoding,
    // Page styles are written into the head, so they travel (and are counted) with the HTML.
    inlineCssRawBytes: inlineStyleBytes,
    cssBytes,
    cssFiles: stylesheets.length,
    jsBytes,
    jsFiles: jsFiles.length,
    widgetScripts: widget,
    withinJsBudget: jsBytes <= JS_BUDGET_BYTES,
  };
}

/** The widget's own size report: loader and step-1 code, gzip (its `--json` output). */
function widgetSizes() {
  const script = path.join(root, 'booking-widget/scripts/size.mjs');
  const run = spawnSync(process.execPath, [script, '--json'], { encoding: 'utf8' });
  if (!run.stdout.trim()) {
    return { error: (run.stderr || `size.mjs exited with ${run.status}`).trim() };
  }
  // The script exits 1 when its budget is broken, after printing the figures.
  const report = JSON.parse(run.stdout);
  const loaderBytes = report.files['chauffeur-booking.js']?.gzip ?? null;
  return {
    loaderGzipBytes: loaderBytes,
    stepOneGzipBytes: loaderBytes === null ? null : report.loaderAndStepOneGzipBytes - loaderBytes,
    loaderAndStepOneGzipBytes: report.loaderAndStepOneGzipBytes,
    budgetBytes: report.budgetBytes,
    withinBudget: report.withinBudget,
    problem: run.status === 0 ? undefined : run.stderr.trim() || undefined,
  };
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => statSync(file).isFile());
}

/** The largest image among the build's public files and content/images (/content/images/…). */
function largestImage(buildDir) {
  const images = [
    ...listFiles(path.join(buildDir, 'client')),
    ...listFiles(path.join(root, 'content/images')),
  ]
    .filter((file) => IMAGE.test(file))
    .map((file) => ({ file, bytes: statSync(file).size }))
    .sort((a, b) => b.bytes - a.bytes);
  const largest = images[0];
  if (!largest) return null;
  const data = readFileSync(largest.file);
  return {
    name: path.relative(root, largest.file),
    bytes: largest.bytes,
    // SVG is text and travels compressed; bitmaps are sent as they are.
    gzipBytes: /\.svg$/i.test(largest.file) ? gzipSync(data).length : largest.bytes,
    images: images.length,
  };
}

/** @param {{ base: string, paths: string[], buildDir: string }} options */
export async function runSizes({ base, paths, buildDir }) {
  process.stderr.write('Sizes …\n');
  const pages = [];
  for (const pagePath of paths) pages.push(await pageSizes(base, pagePath));
  return {
    jsBudgetBytes: JS_BUDGET_BYTES,
    pages,
    withinJsBudget: pages.every((page) => page.withinJsBudget),
    widget: widgetSizes(),
    largestImage: largestImage(buildDir),
  };
}

export function printSizes(sizes) {
  console.log(
    `\nSizes, gzip as sent (aim: at most ${kb(JS_BUDGET_BYTES, 0)} of JS per page before the widget)`,
  );
  printTable(
    ['page', 'HTML', 'inline CSS (raw)', 'CSS', 'JS', 'JS files', 'JS ≤ 150 kB'],
    sizes.pages.map((page) => [
      page.path,
      kb(page.htmlBytes),
      kb(page.inlineCssRawBytes),
      kb(page.cssBytes),
      kb(page.jsBytes),
      page.jsFiles,
      mark(page.withinJsBudget),
    ]),
  );
  const widget = sizes.widget;
  if (widget.error) {
    console.log(`widget: ${widget.error}`);
  } else {
    console.log(
      `widget: loader ${kb(widget.loaderGzipBytes, 2)}, step-1 code ${kb(widget.stepOneGzipBytes, 2)}, ` +
        `together ${kb(widget.loaderAndStepOneGzipBytes, 2)} (budget ${kb(widget.budgetBytes, 0)}) ` +
        `${mark(widget.withinBudget)}`,
    );
  }
  const image = sizes.largestImage;
  console.log(
    image
      ? `largest image: ${image.name}, ${image.bytes} bytes (${image.gzipBytes} gzip) of ${image.images}`
      : 'largest image: none found',
  );
}
