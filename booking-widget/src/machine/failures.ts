// What the customer reads when a call or a payment fails.
import { type FieldErrors, type PaymentError } from '@business-chauffeur/booking-contract';
import { widgetMessages } from '@business-chauffeur/booking-contract/widget';
import type { Failure, PaymentOutcome } from './types';

const text = widgetMessages.payment;

/** Errors of a rejected call: the API's code and message (and field errors), else a generic one. */
export function describeFailure(error: unknown): Failure {
  if (error && typeof error === 'object') {
    const { code, message, fields } = error as Record<string, unknown>;
    if (typeof code === 'string' && typeof message === 'string' && message !== '') {
      return {
        code,
        message,
        ...(fields && typeof fields === 'object' ? { fields: fields as FieldErrors } : {}),
      };
    }
  }
  return { code: 'unexpected', message: text.unexpected };
}

/**
 * The provider's message for card, validation and request errors (the customer can act on
 * those); otherwise a generic one.
 */
export function paymentErrorMessage(error: PaymentError | null): string {
  if (
    error &&
    ['card_error', 'validation_error', 'invalid_request_error'].includes(error.type) &&
    error.message
  ) {
    return error.message;
  }
  return text.unexpected;
}

/** A payment the provider refused, as a failure for the host page. */
export const refusedPayment = (outcome: PaymentOutcome): Failure => ({
  code: outcome.error?.code ?? 'payment_failed',
  message: text.unexpected,
});

/** The quote's own messages tell the customer what to do; any other failed save gets one text. */
export function saveFailureNotice(error: unknown): string {
  const failure = describeFailure(error);
  return ['quote_expired', 'quote_invalid', 'network', 'origin_not_allowed'].includes(failure.code)
    ? failure.message
    : text.saveFailed;
}
