// What the booking and payment services share: the error they answer with, the support phone its
// messages name, and the hash that stands in for client-made values (keys, secrets) in the store.
import { createHash } from 'node:crypto';
import type { ApiErrorCode, FieldErrors } from '@business-chauffeur/booking-contract';
import { getSiteSettings } from '~/content/site-settings.server';

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

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The support phone from the CMS for error messages; empty when even that cannot be read. */
export async function supportPhone(): Promise<string> {
  try {
    return (await getSiteSettings()).phone ?? '';
  } catch {
    return '';
  }
}
