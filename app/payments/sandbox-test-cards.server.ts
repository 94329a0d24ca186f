// Stripe's documented test cards as the sandbox gateway answers them
// (https://docs.stripe.com/testing): the cards that succeed, the declines with Stripe's error
// types and messages, the card's brand, and the format checks Stripe's card form makes before any
// charge (number, expiry, CVC).
import type { SandboxCard } from '@business-chauffeur/booking-contract';
import { type GatewayPaymentError } from './payment-gateway.server';

/** Stripe's messages for the test cards (https://docs.stripe.com/testing). */
export const DECLINES: Record<string, GatewayPaymentError> = {
  '4000000000000002': {
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'generic_decline',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    type: 'card_error',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000000069': {
    type: 'card_error',
    code: 'expired_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    type: 'card_error',
    code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
  },
};

/** Stripe's documented cards that succeed, one per major brand; every other number is declined. */
export const SUCCESSFUL_CARDS = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '378282246310005',
]);

export const GENERIC_DECLINE = DECLINES['4000000000000002'] as GatewayPaymentError;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * Checks the card's format as Stripe's card form does before any charge: a refused format gives
 * Stripe's validation message and no payment attempt.
 */
export function formatError(card: SandboxCard, now: Date): GatewayPaymentError | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) {
    return {
      type: 'card_error',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = expiry ? Number(expiry[1]) : NaN;
  if (!expiry || month < 1 || month > 12) {
    return {
      type: 'card_error',
      code: 'invalid_expiry_month',
      message: "Your card's expiration month is invalid.",
    };
  }
  const yearText = expiry[2] as string;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  // A card is valid to the end of its expiry month (card expiry dates are not zoned; UTC is used).
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) {
    return {
      type: 'card_error',
      code: 'invalid_expiry_year',
      message: "Your card's expiration year is in the past.",
    };
  }
  const cvcLength = cardBrand(digits) === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) {
    return {
      type: 'card_error',
      code: 'invalid_cvc',
      message: "Your card's security code is invalid.",
    };
  }
  return null;
}
