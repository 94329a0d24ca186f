// Identifiers of stored records. Booking references (docs/decisions/005-bookings-store-and-references.md)
// are the current timestamp in base 36, uppercase, unique. Two bookings in the same millisecond in one process get
// consecutive milliseconds; across processes the store's collision check moves to the next free one.
import { randomBytes } from 'node:crypto';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 20-character random document id, like Firestore's own auto ids. */
export function newDocumentId(): string {
  // 62 * 4 = 248 < 256: bytes at or above 248 are skipped, so every character is equally likely.
  const out: string[] = [];
  while (out.length < 20) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && out.length < 20) out.push(ID_ALPHABET[byte % 62] as string);
    }
  }
  return out.join('');
}

/** Returns the next reference candidate; never the same one twice. */
export type ReferenceGenerator = () => string;

/**
 * A generator of reference candidates: the current time in base 36, uppercase, moved one
 * millisecond on whenever the clock has not advanced since the last one. It is 8 characters until
 * the year 2059 (and 12 only after the year 5000). Each store holds one; a candidate another
 * process already took is skipped by the store's collision check.
 */
export function createReferenceGenerator(now: () => number = Date.now): ReferenceGenerator {
  let lastIssuedMs = 0;
  return () => {
    const value = Math.max(now(), lastIssuedMs + 1);
    lastIssuedMs = value;
    return value.toString(36).toUpperCase();
  };
}

/** A booking number is 8 to 12 letters or digits; stored references are uppercase. */
export function normaliseReference(input: string): string {
  return input.trim().toUpperCase();
}

export const REFERENCE_PATTERN = /^[0-9A-Z]{8,12}$/;
