// The Australian Business Number (ABN) printed on tax invoices: eleven digits whose checksum the
// Australian Business Register publishes. Subtract 1 from the first digit, multiply each digit by
// its weight (10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19) and add the products: a valid ABN's sum is
// divisible by 89. Staff type it in Studio with or without spaces; it is shown grouped 2-3-3-3.

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The eleven digits of an ABN written with or without spaces, or null for anything else. */
function abnDigits(text: string): number[] | null {
  const compact = text.replace(/ /g, '');
  if (!/^\d{11}$/.test(compact)) return null;
  return [...compact].map(Number);
}

/** Whether the text is an ABN: eleven digits, spaces allowed anywhere, with a valid checksum. */
export function isValidAbn(text: string): boolean {
  const digits = abnDigits(text);
  if (!digits) return false;
  const sum = digits.reduce(
    (total, digit, index) => total + (index === 0 ? digit - 1 : digit) * ABN_WEIGHTS[index]!,
    0,
  );
  return sum % 89 === 0;
}

/**
 * The ABN grouped as the Register prints it, "51 824 753 556". Text that is not eleven digits is
 * returned trimmed and otherwise unchanged, so a typo still shows as typed.
 */
export function formatAbn(text: string): string {
  const digits = abnDigits(text);
  if (!digits) return text.trim();
  const compact = digits.join('');
  return [compact.slice(0, 2), compact.slice(2, 5), compact.slice(5, 8), compact.slice(8)].join(
    ' ',
  );
}
