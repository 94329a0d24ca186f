// The confirmation email as a tax invoice: the business's legal name and ABN, the invoice number
// and Queensland date, the customer, each fare line, the total and the GST it includes (to the
// cent), the same in the text and HTML parts; a receipt, with a warning, when the ABN is missing.
import type { Booking, FareAdjustment, FareLine } from '@business-chauffeur/booking-contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MailMessage } from '~/mail/mailer.server';
import { log } from '~/utils/log.server';
import { sampleBooker, sampleNewBooking } from '../../tests/support/booking-fixtures';
import { fareSectionsOf, faresNotAddingUp } from '../../tests/support/fare-totals';
import { buildConfirmationEmail, ensureConfirmationEmail } from './confirmation-email.server';
import { isTaxInvoice, type Brand } from './tax-invoice.server';

const sent = vi.hoisted((): MailMessage[] => []);
const settings = vi.hoisted(() => ({ current: {} as Record<string, string | null> }));
const stored = vi.hoisted(() => ({ booking: null as unknown }));

vi.mock('~/content/site-settings.server', () => ({
  getSiteSettings: () => Promise.resolve(settings.current),
  getInvoiceIssuer: () =>
    Promise.resolve({
      legalName: settings.current.legalName ?? '',
      abn: settings.current.abn ?? '',
    }),
}));
/** Makes the mailer fail once `after` messages have gone (a lost connection part-way). */
const failNext = vi.hoisted(() => ({ count: 0, after: Infinity }));
/** Runs while a message is being sent (what other senders do meanwhile). */
const whileSending = vi.hoisted(() => ({
  current: null as null | ((message: MailMessage) => void),
}));
vi.mock('~/mail/mail.server', () => ({
  getMailer: () => ({
    send: (message: MailMessage) => {
      whileSending.current?.(message);
      if (failNext.count++ >= failNext.after) {
        failNext.after = Infinity;
        return Promise.reject(new Error('SMTP connection lost'));
      }
      sent.push(message);
      return Promise.resolve({ messageId: `m${sent.length}` });
    },
  }),
}));
vi.mock('~/store/store.server', () => ({
  // Staff are told of a newly confirmed booking (app/notify/): not what these tests look at.
  getAttentionStore: () => ({ raise: () => Promise.resolve() }),
  getJobStore: () => ({ enqueue: () => Promise.resolve({ created: true }) }),
  getBookingStore: () => ({
    updateBooking: (_id: string, change: (current: Booking) => Booking | null) => {
      const next = change(stored.booking as Booking);
      if (next) stored.booking = next;
      return Promise.resolve(stored.booking);
    },
  }),
}));
vi.mock('~/utils/env.server', () => ({
  getConfig: () => ({ siteUrl: 'https://www.businesschauffeur.example', mail: { staff: 's@x' } }),
}));

const brand: Brand = {
  name: 'Business Chauffeur',
  phone: '1300 975 707',
  email: 'bookings@businesschauffeur.example',
  siteUrl: 'https://www.businesschauffeur.example',
  legalName: 'Business Chauffeur Pty Ltd',
  abn: '51824753556',
};

// 140.00 + 21.00 + 30.00 + 10.00 + 30.00 - 66.50 = 164.50; GST 164.50 / 11 = 14.9545… → 14.95.
const lines: FareLine[] = [
  { kind: 'fare', label: 'Fare (base and distance)', detail: null, amountCents: 14_000 },
  {
    kind: 'afterHours',
    label: 'After-hours surcharge',
    detail: '15% of the fare',
    amountCents: 2_100,
  },
  {
    kind: 'extra',
    label: 'Child seat',
    detail: '1 baby capsule, 1 booster',
    amountCents: 3_000,
  },
  { kind: 'extra', label: 'Trailer', detail: null, amountCents: 3_000 },
  { kind: 'toll', label: 'Tolls', detail: null, amountCents: 1_000 },
  { kind: 'discount', label: 'Discount (WELCOME10)', detail: null, amountCents: -6_650 },
];

function confirmed(overrides: Partial<Booking> = {}): Booking {
  const base = sampleNewBooking();
  return {
    ...base,
    id: 'b1',
    reference: 'MH3K9Q2A',
    status: 'CONFIRMED',
    // Paid at 00:30 on 23 November in Queensland, still 22 November in UTC.
    statusHistory: [
      { status: 'DRAFT', at: '2026-11-22T14:00:00.000Z' },
      { status: 'CONFIRMED', at: '2026-11-22T14:30:00.000Z' },
    ],
    trip: {
      ...base.trip,
      childSeats: { babyCapsule: 1, childSeat: 0, booster: 1 },
      trailer: true,
      suitcases: 2,
      smallBags: 1,
    },
    fareLines: lines,
    fareCents: 16_450,
    promoCode: 'WELCOME10',
    payment: { ...base.payment, amountCents: 16_450 },
    updatedAt: '2026-11-22T14:30:05.000Z',
    ...overrides,
  };
}

const unescaped = (html: string) => html.replace(/&#39;/g, "'").replace(/&amp;/g, '&');

describe('the tax invoice email', () => {
  it('names the business, its ABN, the invoice number and Queensland date, and every fare line', () => {
    const email = buildConfirmationEmail(confirmed(), brand);
    const expected = [
      'Tax invoice',
      'Issued by: Business Chauffeur Pty Ltd',
      'ABN: 51 824 753 556',
      'Invoice number: MH3K9Q2A',
      'Invoice date: Monday 23 November 2026',
      "Customer: Ngaio O'Connor-Tāne",
      'Fare (base and distance): $140.00',
      'After-hours surcharge — 15% of the fare: $21.00',
      'Child seat — 1 baby capsule, 1 booster: $30.00',
      'Trailer: $30.00',
      'Tolls: $10.00',
      'Discount (WELCOME10): -$66.50',
      'Total paid: $164.50 AUD',
      'GST included: $14.95',
      'Child seats: 1 baby capsule, 1 booster',
      'Trailer: Yes',
      'Luggage: 2 suitcases, 1 small bag',
      // Typed as 0412345678 after +61: shown without the trunk 0, grouped.
      "Passenger: Ngaio O'Connor-Tāne (+61 412 345 678)",
    ];
    for (const line of expected) expect(email.text).toContain(line);
    expect(email.text).not.toContain('Receipt');
    expect(email.subject).toBe('Your Business Chauffeur booking MH3K9Q2A is confirmed');
    expect(email.attachments?.[0]?.filename).toBe('booking-MH3K9Q2A.ics');
  });

  it("leads with You're booked and the trip, then the tax invoice, then the fare", () => {
    const email = buildConfirmationEmail(confirmed(), brand);
    expect(email.text).toMatch(/^You're booked\n/);
    const order = ["You're booked", 'Hello Ngaio,', '\nTrip\n', '\nTax invoice\n', 'Total paid'];
    const places = order.map((text) => email.text.indexOf(text));
    expect(places.every((place) => place >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    // No address in Site settings: no address line.
    expect(email.text).not.toContain('Address:');
  });

  it("prints the business's address from Site settings with the issuer when it is set", () => {
    const email = buildConfirmationEmail(confirmed(), {
      ...brand,
      address: 'Level 2, 100 Eagle Street, Brisbane QLD 4000',
    });
    expect(email.text).toContain(
      'Issued by: Business Chauffeur Pty Ltd\nAddress: Level 2, 100 Eagle Street, Brisbane QLD 4000\nABN: 51 824 753 556',
    );
  });

  it('says in the HTML part what the text part says', () => {
    const email = buildConfirmationEmail(confirmed(), brand);
    expect(email.html).toContain('<h1');
    expect(email.html).toContain('>You&#39;re booked</h1>');
    expect(email.html).toMatch(/<h2[^>]*>Trip<\/h2>[\s\S]*<h2[^>]*>Tax invoice<\/h2>/);
    const rows = [...(email.html ?? '').matchAll(/<th [^>]*>(.*?)<\/th><td [^>]*>(.*?)<\/td>/g)];
    expect(rows.length).toBeGreaterThan(20);
    for (const [, label = '', value = ''] of rows) {
      expect(email.text).toContain(`${unescaped(label)}: ${unescaped(value)}\n`);
    }
  });

  it("shows each place's Address details and an airport pickup's flight", () => {
    const base = confirmed();
    const email = buildConfirmationEmail(
      confirmed({
        trip: {
          ...base.trip,
          pickup: { ...base.trip.pickup, kind: 'airport' },
          drop: {
            placeId: 'gz:4064-paddington',
            description: 'Paddington QLD 4064',
            kind: 'locality',
            details: '12 Smith Street',
          },
          flightNumber: 'QF512',
        },
      }),
      brand,
    );
    for (const part of [email.text, unescaped(email.html ?? '')]) {
      expect(part).toContain('12 Smith Street, Paddington QLD 4064');
      expect(part).toContain('QF512 (pickup at its scheduled arrival)');
    }
    expect(email.text).toContain('Flight: QF512');
    expect(email.text).toContain('To: 12 Smith Street, Paddington QLD 4064');
    // Without a flight there is no flight row.
    expect(buildConfirmationEmail(confirmed(), brand).text).not.toContain('Flight:');
  });

  it('states the GST of the total to the cent', () => {
    const cases: [number, string][] = [
      [16_450, '$14.95'],
      [14_235, '$12.94'],
      [11, '$0.01'],
      [5, '$0.00'],
      [6, '$0.01'],
    ];
    for (const [cents, gst] of cases) {
      const booking = confirmed({
        fareCents: cents,
        fareLines: [{ kind: 'fare', label: 'Fare', detail: null, amountCents: cents }],
      });
      expect(buildConfirmationEmail(booking, brand).text).toContain(`GST included: ${gst}\n`);
    }
  });

  it('gives the passenger and the person who booked each their own copy, greeting them', () => {
    const base = confirmed();
    const { passenger } = base.contacts;
    const onBehalf = confirmed({ contacts: { ...base.contacts, booker: sampleBooker } });
    const bookers = buildConfirmationEmail(onBehalf, brand, 'booker');
    expect(bookers.to).toEqual([sampleBooker.email]);
    expect(bookers.text).toContain('Hello Priya,\n');
    expect(bookers.text).toContain(
      `The ride for ${passenger.firstName} ${passenger.lastName} is confirmed and paid.`,
    );
    const passengers = buildConfirmationEmail(onBehalf, brand, 'passenger');
    expect(passengers.to).toEqual([passenger.email]);
    expect(passengers.text).toContain(`Hello ${passenger.firstName},\n`);
    expect(passengers.text).toContain(
      'Priya Raman has booked a ride for you with Business Chauffeur. It is confirmed and paid.',
    );
    expect(passengers.html).toContain(`Hello ${passenger.firstName},`);
    // The invoice is the booker's in both copies.
    for (const copy of [bookers, passengers]) expect(copy.text).toContain('Customer: Priya Raman');
  });

  it('is a receipt without a legal name or a valid ABN', () => {
    for (const missing of [{ abn: null }, { legalName: null }, { abn: '51824753557' }]) {
      const receipt = { ...brand, ...missing };
      expect(isTaxInvoice(receipt)).toBe(false);
      const email = buildConfirmationEmail(confirmed(), receipt);
      expect(email.text).toMatch(/^Receipt$/m);
      expect(email.text).toContain('Receipt number: MH3K9Q2A');
      expect(email.text).not.toMatch(/Tax invoice|ABN/);
      expect(email.text).toContain('GST included: $14.95');
      expect(email.html).toContain('>Receipt</h2>');
    }
  });
});

describe('after staff changed the fare', () => {
  // 164.50 charged; moved to 23:30 on Christmas Day: 140.00 + 21.00 + 35.00 + 30.00 + 30.00
  // + 10.00 - 66.50 = 199.50, 35.00 more (GST 18.14 - 14.95 = 3.19).
  const changedLines: FareLine[] = [
    ...lines.slice(0, 2),
    {
      kind: 'publicHoliday',
      label: 'Public holiday surcharge',
      detail: 'Christmas Day, 25% of the fare',
      amountCents: 3_500,
    },
    ...lines.slice(2),
  ];
  const adjustment: FareAdjustment = {
    sequence: 1,
    // 09:00 on 27 November in Queensland.
    at: '2026-11-26T23:00:00.000Z',
    by: 'dispatch@businesschauffeur.example',
    reason: 'Pickup moved to Christmas Day',
    lines: changedLines,
    totalCents: 19_950,
    differenceCents: 3_500,
  };
  const changed = () => confirmed({ adjustments: [adjustment], calendarSequence: 1 });

  it('sends the change as its adjustment note: the invoice it adjusts, the difference and its GST', () => {
    const email = buildConfirmationEmail(changed(), brand, 'passenger', {
      kind: 'changed',
      adjustment,
    });
    for (const line of [
      'Adjustment note\n',
      'Issued by: Business Chauffeur Pty Ltd',
      'ABN: 51 824 753 556',
      'Adjustment note number: MH3K9Q2A-A1',
      'Adjustment note date: Friday 27 November 2026',
      'For tax invoice: MH3K9Q2A of Monday 23 November 2026',
      'Reason: Pickup moved to Christmas Day',
      'Fare before the change: $164.50 AUD',
      'Fare after the change: $199.50 AUD',
      'Increase: $35.00 AUD',
      'GST in the increase: $3.19\n',
      'Total paid: $164.50 AUD',
      'Public holiday surcharge — Christmas Day, 25% of the fare: $35.00',
      'Owed by you: $35.00 AUD',
      '$35.00 AUD is owed on this booking after the change of fare.',
      'The attached calendar file replaces the one we sent before',
    ]) {
      expect(email.text).toContain(line);
    }
    expect(email.text).not.toMatch(/Tax invoice|Total paid: \$199\.50|adds the pickup/);
    expect(email.subject).toBe('Your Business Chauffeur booking MH3K9Q2A has changed');
    const fares = fareSectionsOf(email.text);
    expect(fares.map((fare) => [fare.name, fare.total])).toEqual([
      ['Fare', 16_450],
      ['Fare after changes', 19_950],
    ]);
    expect(faresNotAddingUp(fares)).toEqual([]);
    expect(email.attachments?.[0]?.content).toContain('SEQUENCE:1');
  });

  it('calls it a price change, without ABN, when the invoice is only a receipt', () => {
    const email = buildConfirmationEmail(changed(), { ...brand, abn: null }, 'passenger', {
      kind: 'changed',
      adjustment,
    });
    expect(email.text).toMatch(/^Price change\n/);
    expect(email.text).toContain('Price change number: MH3K9Q2A-A1');
    expect(email.text).toContain('For receipt: MH3K9Q2A of Monday 23 November 2026');
    expect(email.text).not.toMatch(/Adjustment note|ABN|Tax invoice/);
  });

  it('sends a change that kept the price as news, with the fare paid and no document heading', () => {
    const email = buildConfirmationEmail(confirmed({ calendarSequence: 1 }), brand, 'passenger', {
      kind: 'changed',
      adjustment: null,
    });
    expect(email.text).toMatch(/^Hello /);
    expect(email.text).not.toMatch(/Tax invoice|Adjustment note|Fare after changes|Owed/);
    expect(email.text).toContain('Total paid: $164.50 AUD');
    expect(email.text).toContain('The attached calendar file replaces the one we sent before');
  });

  it('resends the tax invoice as paid, then each adjustment note and the fare now', () => {
    const later: FareAdjustment = {
      ...adjustment,
      sequence: 2,
      at: '2026-11-27T23:00:00.000Z',
      reason: 'Back to the original date',
      lines,
      totalCents: 16_450,
      differenceCents: -3_500,
    };
    const email = buildConfirmationEmail(
      confirmed({ adjustments: [adjustment, later], calendarSequence: 2 }),
      brand,
    );
    expect(email.text).toMatch(/^You're booked\n/);
    expect(email.text).toMatch(/^Tax invoice$/m);
    expect(email.text).toContain('Invoice number: MH3K9Q2A');
    expect(email.text).toContain('Total paid: $164.50 AUD');
    expect(email.text).toContain('Adjustment note MH3K9Q2A-A1 of Friday 27 November 2026');
    expect(email.text).toContain('Adjustment note MH3K9Q2A-A2 of Saturday 28 November 2026');
    expect(email.text).toContain('Decrease: $35.00 AUD');
    expect(email.text).toContain('GST in the decrease: $3.19');
    // Back where it was charged: nothing to settle.
    expect(email.text).not.toMatch(/Owed|Due back/);
    expect(faresNotAddingUp(fareSectionsOf(email.text))).toEqual([]);
  });
});

describe('ensureConfirmationEmail', () => {
  beforeEach(() => {
    sent.length = 0;
    stored.booking = confirmed();
    whileSending.current = null;
  });

  /** A booking made on behalf of the passenger: two copies, the passenger's then the booker's. */
  function onBehalfBooking(): Booking {
    const base = confirmed();
    return confirmed({ contacts: { ...base.contacts, booker: sampleBooker } });
  }

  it('renews its claim as each copy is recorded, so a live sender keeps it', async () => {
    settings.current = { name: 'Business Chauffeur', legalName: null, abn: null };
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    stored.booking = onBehalfBooking();
    const claimedAt = new Date(Date.now() - 60_000);
    const claims: (string | null)[] = [];
    whileSending.current = () =>
      claims.push((stored.booking as Booking).confirmationEmail.claimedAt);
    const outcome = await ensureConfirmationEmail(stored.booking as Booking, claimedAt);
    expect(outcome.delivered).toBe(true);
    expect(sent).toHaveLength(2);
    expect(claims[0]).toBe(claimedAt.toISOString());
    // Recording the first copy renewed the claim before the second was sent.
    expect(Date.parse(claims[1] ?? '')).toBeGreaterThanOrEqual(claimedAt.getTime() + 60_000);
  });

  it('stops after the copy under way when another sender has taken its claim over', async () => {
    settings.current = { name: 'Business Chauffeur', legalName: null, abn: null };
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    stored.booking = onBehalfBooking();
    const takenOver = new Date(Date.now() + 1000).toISOString();
    whileSending.current = () => {
      // This sender was held up past its claim's lifetime; another one claimed the email.
      const current = stored.booking as Booking;
      stored.booking = {
        ...current,
        confirmationEmail: { ...current.confirmationEmail, claimedAt: takenOver },
      };
    };
    const outcome = await ensureConfirmationEmail(stored.booking as Booking);
    expect(outcome.delivered).toBe(true);
    // The copy under way is recorded; the rest is left to the sender holding the claim.
    expect(sent).toHaveLength(1);
    expect((stored.booking as Booking).confirmationEmail).toMatchObject({
      claimedAt: takenOver,
      sentAt: null,
      sentTo: [confirmed().contacts.passenger.email.toLowerCase()],
    });
  });

  it('sends a tax invoice when siteSettings has the legal name and ABN', async () => {
    settings.current = {
      name: 'Business Chauffeur',
      legalName: 'Business Chauffeur Pty Ltd',
      abn: '51 824 753 556',
    };
    const warn = vi.spyOn(log, 'warn');
    const outcome = await ensureConfirmationEmail(confirmed());
    expect(outcome.delivered).toBe(true);
    expect(sent[0]?.text).toContain('ABN: 51 824 753 556');
    expect(warn).not.toHaveBeenCalled();
  });

  it('sends each recipient one copy, and after a failure part-way only the missing one', async () => {
    settings.current = { name: 'Business Chauffeur', legalName: null, abn: null };
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    vi.spyOn(log, 'error').mockImplementation(() => {});
    const base = confirmed();
    const onBehalf = confirmed({ contacts: { ...base.contacts, booker: sampleBooker } });
    stored.booking = onBehalf;
    failNext.count = 0;
    failNext.after = 1;
    const first = await ensureConfirmationEmail(onBehalf);
    expect(first.delivered).toBe(false);
    expect(sent.map((message) => message.to)).toEqual([[base.contacts.passenger.email]]);
    expect(first.booking.confirmationEmail).toMatchObject({
      sentAt: null,
      claimedAt: null,
      sentTo: [base.contacts.passenger.email.toLowerCase()],
    });

    const retry = await ensureConfirmationEmail(first.booking);
    expect(retry.delivered).toBe(true);
    expect(sent.map((message) => message.to)).toEqual([
      [base.contacts.passenger.email],
      [sampleBooker.email],
    ]);
    expect(retry.booking.confirmationEmail.sentAt).not.toBeNull();
    // Sent: a replay sends nothing.
    await ensureConfirmationEmail(retry.booking);
    expect(sent).toHaveLength(2);
  });

  it("sends one copy, the booker's, when booker and passenger share an email", async () => {
    settings.current = { name: 'Business Chauffeur', legalName: null, abn: null };
    vi.spyOn(log, 'warn').mockImplementation(() => {});
    const base = confirmed();
    const shared = { ...sampleBooker, email: base.contacts.passenger.email.toUpperCase() };
    stored.booking = confirmed({ contacts: { ...base.contacts, booker: shared } });
    await ensureConfirmationEmail(stored.booking as Booking);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.to).toEqual([shared.email]);
    expect(sent[0]?.text).toContain('Hello Priya,');
  });

  it('still sends the email, as a receipt, and warns when the ABN is missing', async () => {
    settings.current = { name: 'Business Chauffeur', legalName: null, abn: null };
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => {});
    const outcome = await ensureConfirmationEmail(confirmed());
    expect(outcome.delivered).toBe(true);
    expect(outcome.booking.confirmationEmail.sentAt).not.toBeNull();
    expect(sent[0]?.text).toMatch(/^Receipt$/m);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('receipts, not tax invoices'));
  });
});
