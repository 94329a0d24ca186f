// Which payment badges the footer's "We accept" shows: those staff list in site settings that the
// configured payment adapter really takes. The sandbox's test-mode form takes cards (Visa,
// Mastercard, American Express); Stripe's Payment Element also offers the wallets (Apple Pay,
// Google Pay) on the devices that have them.

export type PaymentAdapter = 'sandbox' | 'stripe';

const CARDS = ['visa', 'mastercard', 'amex'] as const;
const WALLETS = ['applepay', 'googlepay'] as const;

/** The methods an adapter takes, by the badge names of site settings. */
export function methodsTakenBy(adapter: PaymentAdapter): readonly string[] {
  return adapter === 'stripe' ? [...CARDS, ...WALLETS] : CARDS;
}

/** The listed methods the adapter takes, in the listed order; null stays null. */
export function acceptedPaymentMethods(
  listed: readonly string[] | null | undefined,
  adapter: PaymentAdapter,
): string[] | null {
  if (!listed) return null;
  const taken = new Set(methodsTakenBy(adapter));
  return listed.filter((method) => taken.has(method));
}
