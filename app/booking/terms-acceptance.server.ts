// The customer's agreement to the Terms and conditions and the Cancellation policy, asked on the
// payment step and kept with the booking: when, and which revision of each policy (the CMS
// document's _rev, else its _updatedAt, else a hash of the document as published). The sandbox's
// card confirmation refuses a booking without it; a Stripe payment, which the browser confirms
// with Stripe itself, records it right before the card is taken
// (docs/decisions/061-terms-accepted-before-paying.md).
import { createHash } from 'node:crypto';
import { PAID_STATUSES, type Booking } from '@business-chauffeur/booking-contract';
import { getContentSource } from '~/content/content.server';
import { getBookingStore } from '~/store/store.server';
import { log } from '~/utils/log.server';

/** The policies agreed to, by the route key of their CMS document. */
const POLICY_ROUTES = ['termsAndConditions', 'cancellationPolicy'] as const;

// Not a typegen query: only this module reads it, and checks what it gets.
const policyRevisionsQuery = `*[_type == "policy" && route.current in $routes]`;

interface PolicyDocument {
  route?: { current?: string };
  _rev?: string;
  _updatedAt?: string;
}

function revisionOf(document: PolicyDocument): string {
  if (typeof document._rev === 'string' && document._rev !== '') return document._rev;
  if (typeof document._updatedAt === 'string' && document._updatedAt !== '') {
    return document._updatedAt;
  }
  return `sha256-${createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 12)}`;
}

/**
 * "termsAndConditions@<rev>;cancellationPolicy@<rev>", from the published documents; a policy
 * missing from the CMS is "none", and content that cannot be read at all "unavailable".
 */
export async function policiesRevision(): Promise<string> {
  let documents: PolicyDocument[];
  try {
    const found = await getContentSource().fetch(policyRevisionsQuery, {
      routes: [...POLICY_ROUTES],
    });
    documents = Array.isArray(found) ? (found as PolicyDocument[]) : [];
  } catch (error) {
    log.warn('The policies could not be read for their revision', { error });
    return POLICY_ROUTES.map((route) => `${route}@unavailable`).join(';');
  }
  return POLICY_ROUTES.map((route) => {
    const document = documents.find((candidate) => candidate.route?.current === route);
    return `${route}@${document ? revisionOf(document) : 'none'}`;
  }).join(';');
}

/**
 * Records that the customer agreed, before paying: each new agreement replaces the last while the
 * booking is unpaid (the revision they last saw is the one they paid under); a paid booking keeps
 * what it was paid with.
 */
export async function acceptTerms(booking: Booking, now: Date = new Date()): Promise<Booking> {
  if (PAID_STATUSES.has(booking.status)) return booking;
  const acceptance = { at: now.toISOString(), revision: await policiesRevision() };
  const updated = await getBookingStore().updateBooking(booking.id, (current) =>
    PAID_STATUSES.has(current.status)
      ? null
      : { ...current, termsAcceptance: acceptance, updatedAt: acceptance.at },
  );
  return updated ?? booking;
}
