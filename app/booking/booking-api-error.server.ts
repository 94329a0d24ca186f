// What the booking and payment services share: the error they answer with (and the answer a route
// makes of it), and the hash that stands in for client-made values (keys, secrets) in the store.
import { createHash } from 'node:crypto';
import type { ApiErrorCode, FieldErrors } from '@business-chauffeur/booking-contract';
import { jsonError } from '~/utils/http.server';

/** An answer other than success, with the API's error code and the message a customer reads. */
export class BookingApiError extends Error {
  override name = 'BookingApiError';
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

/** A route's answer: what `work` answers, or the BookingApiError it throws as a JSON error. */
export async function answerBookingApiErrors(work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BookingApiError) {
      return jsonError(error.status, error.code, error.message, error.fields);
    }
    throw error;
  }
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
