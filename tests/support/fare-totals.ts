// Every list of fare lines a page or an email shows, read as a customer reads it: the lines'
// amounts and the total printed beside them, in cents, so a test can check that the lines add up
// to that total wherever they are shown (docs/decisions/041-fare-adjustments-after-payment.md).
// Vitest's and Playwright's alike (no test runner imported here).

export interface ShownFare {
  /** The table's caption, or the email section's heading. */
  name: string;
  lines: number[];
  total: number;
}

const AMOUNT = /-?\$[\d,]+\.\d{2}/g;

/** "$1,234.50" or "-$12.00" (with or without " AUD") → cents. */
export function centsOfText(text: string): number {
  const match = text.match(AMOUNT)?.at(-1);
  if (!match) throw new Error(`No amount in ${JSON.stringify(text)}`);
  return Math.round(Number(match.replace(/[$,]/g, '')) * 100);
}

/** The fare tables (class "fare-lines") of a page's HTML: each body row's amount, the foot's first. */
export function fareTablesOf(html: string): ShownFare[] {
  const tables = [
    ...html.matchAll(/<table class="[^"]*\bfare-lines\b[^"]*"[^>]*>([\s\S]*?)<\/table>/g),
  ];
  return tables.map(([, table = '']) => {
    const caption = /<caption>([\s\S]*?)<\/caption>/.exec(table)?.[1] ?? '';
    const rows = (part: string) =>
      [
        ...(new RegExp(`<${part}>([\\s\\S]*?)</${part}>`).exec(table)?.[1] ?? '').matchAll(
          /<tr>([\s\S]*?)<\/tr>/g,
        ),
      ].map(([, row = '']) => row);
    const [totalRow] = rows('tfoot');
    if (totalRow === undefined) throw new Error(`The fare table "${caption}" has no total`);
    return {
      name: caption.replace(/<[^>]+>/g, ''),
      lines: rows('tbody').map(centsOfText),
      total: centsOfText(totalRow),
    };
  });
}

/**
 * The fare sections of an email's text part: a heading that starts with "Fare", its "label: amount"
 * lines, and the first row whose label starts with "Total".
 */
export function fareSectionsOf(text: string): ShownFare[] {
  const plain = text.split('<!doctype html>')[0] ?? text;
  const blocks = plain.split(/\n\s*\n/);
  const fares: ShownFare[] = [];
  for (const block of blocks) {
    const [heading = '', ...rows] = block.trim().split('\n');
    if (!/^Fare\b/.test(heading) || rows.length === 0) continue;
    const totalAt = rows.findIndex((row) => row.startsWith('Total'));
    if (totalAt === -1) throw new Error(`The fare section "${heading}" has no total`);
    fares.push({
      name: heading,
      lines: rows.slice(0, totalAt).map(centsOfText),
      total: centsOfText(rows[totalAt]!),
    });
  }
  return fares;
}

/** The fares whose lines do not add up to their total (none, when all is well). */
export function faresNotAddingUp(fares: ShownFare[]): ShownFare[] {
  return fares.filter((fare) => fare.lines.reduce((sum, cents) => sum + cents, 0) !== fare.total);
}
