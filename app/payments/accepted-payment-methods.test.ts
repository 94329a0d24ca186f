// The footer's "We accept" shows only what the configured payment adapter takes.
import { describe, expect, it } from 'vitest';
import { acceptedPaymentMethods } from './accepted-payment-methods';

const listed = ['visa', 'mastercard', 'amex', 'applepay', 'googlepay'];

describe('acceptedPaymentMethods', () => {
  it('shows only the cards for the sandbox', () => {
    expect(acceptedPaymentMethods(listed, 'sandbox')).toEqual(['visa', 'mastercard', 'amex']);
  });

  it('shows the cards and the wallets for Stripe, in the listed order', () => {
    expect(acceptedPaymentMethods(listed, 'stripe')).toEqual(listed);
    expect(acceptedPaymentMethods(['googlepay', 'visa'], 'stripe')).toEqual(['googlepay', 'visa']);
  });

  it('never adds a method staff did not list, nor one it does not know', () => {
    expect(acceptedPaymentMethods(['visa', 'paypal'], 'stripe')).toEqual(['visa']);
    expect(acceptedPaymentMethods(null, 'stripe')).toBeNull();
    expect(acceptedPaymentMethods([], 'sandbox')).toEqual([]);
  });
});
