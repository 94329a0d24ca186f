// Every audit action the app writes reads as a sentence; an unknown one as a plain sentence with
// the same details. The entries below have the fields their writers give them (app/staff,
// app/dispatch, app/booking/booking-alerts.server.ts).
import { describe, expect, it } from 'vitest';
import { auditDetails, auditSentence } from './audit-sentence.server';

const BY = 'olga@businesschauffeur.example';

const entry = (
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  note = '',
  subjectLabel = 'MWYL80OY',
) => ({ by: BY, action, subjectLabel, note, before, after });

describe('auditSentence', () => {
  it.each([
    [
      entry(
        'refund',
        { refundCents: 0 },
        { refundCents: 5000, refund: 5000, providerRefundId: 're_1' },
        'Waiting time not used',
      ),
      `${BY} refunded $50.00 AUD: Waiting time not used`,
    ],
    [
      entry(
        'cancel',
        { status: 'CONFIRMED' },
        { status: 'CANCELLED', refundCents: 14250 },
        'Flight cancelled',
      ),
      `${BY} cancelled the booking and refunded $142.50 AUD: Flight cancelled`,
    ],
    [
      entry('cancel', { status: 'CONFIRMED' }, { status: 'CANCELLED', refundCents: 0 }),
      `${BY} cancelled the booking with no refund.`,
    ],
    [
      entry('completed', { status: 'CONFIRMED' }, { status: 'COMPLETED' }),
      `${BY} marked the booking completed.`,
    ],
    [
      entry('no-show', { status: 'CONFIRMED' }, { status: 'NO_SHOW' }),
      `${BY} marked the booking a no-show.`,
    ],
    [
      entry('resend-confirmation', {}, { sentTo: ['ana@example.com', 'booker@example.com'] }),
      `${BY} sent the confirmation email again to ana@example.com and booker@example.com.`,
    ],
    [
      entry('cancellation-request', { handled: false }, { handled: true }, 'Booking cancelled'),
      `${BY} marked the customer’s cancellation request handled: Booking cancelled`,
    ],
    [
      entry(
        'change',
        {
          date: '2026-12-01',
          time: '10:00',
          passengers: 2,
          notes: '',
          fareCents: 20000,
          balanceCents: 0,
        },
        {
          date: '2026-12-01',
          time: '23:30',
          passengers: 3,
          notes: '',
          fareCents: 23500,
          balanceCents: 3500,
          adjustment: 1,
          differenceCents: 3500,
        },
        'Flight moved to 11:30 PM',
      ),
      `${BY} changed the booking (pickup time and passengers), the fare from $200.00 AUD to $235.00 AUD: Flight moved to 11:30 PM`,
    ],
    [
      entry('assign', { chauffeur: null, car: null }, { chauffeur: 'Ana Silva', car: '123ABC' }),
      `${BY} assigned Ana Silva in 123ABC.`,
    ],
    [
      entry(
        'reassign',
        { chauffeur: 'Ana Silva', car: '123ABC' },
        { chauffeur: 'Tom Ngata', car: '456DEF' },
        'The trip changed',
      ),
      `${BY} changed the chauffeur and car from Ana Silva in 123ABC to Tom Ngata in 456DEF: The trip changed`,
    ],
    [
      entry(
        'unassign',
        { chauffeur: 'Ana Silva', car: '123ABC' },
        { chauffeur: null, car: null },
        'Booking cancelled',
      ),
      `${BY} took Ana Silva in 123ABC off the booking: Booking cancelled`,
    ],
    [
      entry(
        'alert-handled',
        { alert: 'payment-mismatch', detail: 'Paid $10.00 more than the fare' },
        { handled: true },
        'Refunded the difference',
      ),
      `${BY} marked the alert “Paid $10.00 more than the fare” handled: Refunded the difference`,
    ],
    [
      entry(
        'feedback',
        { status: 'new', note: '' },
        { status: 'in-progress', note: 'Called back' },
        'Called back',
        'Ana Silva',
      ),
      `${BY} set the feedback from Ana Silva to in progress: Called back`,
    ],
    [
      entry(
        'application',
        { status: 'in-progress', note: '' },
        { status: 'done', note: '' },
        '',
        'Tom Ngata',
      ),
      `${BY} set the application from Tom Ngata to done.`,
    ],
    [
      entry('chauffeur-from-application', {}, { name: 'Tom Ngata', active: true }, '', 'Tom Ngata'),
      `${BY} made Tom Ngata a chauffeur from their application.`,
    ],
    [
      entry('chauffeur-added', {}, { name: 'Ana Silva', active: true }, '', 'Ana Silva'),
      `${BY} added the chauffeur Ana Silva.`,
    ],
    [
      entry(
        'chauffeur',
        { name: 'Ana Silva', mobile: '0400 111 222', licenceExpiry: '2027-01-01', active: true },
        { name: 'Ana Silva', mobile: '0400 333 444', licenceExpiry: '2029-01-01', active: true },
        '',
        'Ana Silva',
      ),
      `${BY} changed Ana Silva: mobile and licence expiry.`,
    ],
    [
      entry('car-added', {}, { plate: '123ABC', seats: 4 }, '', '123ABC'),
      `${BY} added the car 123ABC.`,
    ],
    [
      entry(
        'car',
        { plate: '123ABC', active: true, seats: 4 },
        { plate: '123ABC', active: false, seats: 4 },
        '',
        '123ABC',
      ),
      `${BY} changed the car 123ABC: active.`,
    ],
  ])('says what %# did in a sentence', (written, sentence) => {
    expect(auditSentence(written).sentence).toBe(sentence);
  });

  it('reads an action it does not know as a plain sentence, with its details', () => {
    const read = auditSentence(
      entry(
        'payment-link',
        { linkSent: false },
        { linkSent: true, amountCents: 4500 },
        'Phone booking',
      ),
    );
    expect(read.sentence).toBe(`${BY} recorded “payment-link” on MWYL80OY: Phone booking`);
    expect(read.details).toEqual([
      { label: 'Link sent', before: 'no', after: 'yes' },
      { label: 'Amount', before: null, after: '$45.00 AUD' },
    ]);
  });

  it('shows every field the action changed, before and after, as people read them', () => {
    expect(
      auditDetails(
        { refundCents: 0, status: 'in-progress', sentTo: [] },
        {
          refundCents: 5000,
          refund: 5000,
          status: 'done',
          sentTo: ['a@example.com'],
          extra: { a: 1 },
        },
      ),
    ).toEqual([
      { label: 'Refunded in all', before: '$0.00 AUD', after: '$50.00 AUD' },
      { label: 'Status', before: 'in progress', after: 'done' },
      { label: 'Sent to', before: 'none', after: 'a@example.com' },
      { label: 'This refund', before: null, after: '$50.00 AUD' },
      { label: 'Extra', before: null, after: '{"a":1}' },
    ]);
    expect(auditDetails({ balanceCents: 0 }, { balanceCents: -1250 })).toEqual([
      { label: 'Owed (+) or due back (−)', before: '$0.00 AUD', after: '−$12.50 AUD' },
    ]);
  });
});
