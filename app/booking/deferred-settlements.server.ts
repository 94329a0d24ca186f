// A payment outcome the provider verified but the store could not take: the card was charged (or
// declined) and the booking's write failed (a read-only or full disk, a store outage between the
// check before the charge and the write after it). The outcome is not lost: it stays at the
// provider, and this process remembers which bookings to settle from it. The next request about the
// booking (payment status, the test-mode form, a lookup) or the next settle pass
// (app/booking/settle-pass.server.ts) reads the intent again and applies it through the same
// verified-event path, so the booking becomes CONFIRMED with its email without anyone asking.
//
// The list is in this process's memory only: a process that dies before the store recovers leaves
// the booking to the reconciliation on the next start (app/booking/reconcile.server.ts), which
// reads every unsettled booking from the provider.
import { log } from '~/utils/log.server';

/** The most bookings remembered; an outage long enough to fill it is left to reconciliation. */
export const MAX_DEFERRED_SETTLEMENTS = 1000;

// Insertion order is age order: the oldest is dropped first when the list is full.
const deferred = new Set<string>();

/** Remembers a booking whose verified outcome the store refused, for the next request or pass. */
export function deferSettlement(bookingId: string): void {
  deferred.delete(bookingId);
  deferred.add(bookingId);
  if (deferred.size > MAX_DEFERRED_SETTLEMENTS) {
    const oldest = deferred.values().next().value as string;
    deferred.delete(oldest);
    log.error('Too many payments wait for the store: the oldest is left to reconciliation', {
      bookingId: oldest,
    });
  }
}

/** The bookings waiting to be settled, oldest first. */
export function deferredSettlements(): string[] {
  return [...deferred];
}

/** Forgets a booking once its outcome is in the store. */
export function settlementDone(bookingId: string): void {
  deferred.delete(bookingId);
}
