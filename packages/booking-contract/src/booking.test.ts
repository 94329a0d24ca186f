// The fare of a booking after staff changes (docs/decisions/041-fare-adjustments-after-payment.md):
// the fare charged stays, the fare now is the last adjustment's, what is owed or due back is the
// changes less what refunds paid back, and the GST of the tax invoice and of every adjustment note
// add up to the GST of the fare now.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Booking, BookingRefund, FareAdjustment } from './booking';
import {
  adjustmentGstCents,
  currentFare,
  dueBackPart,
  fareBalanceCents,
  sameFareLines,
} from './booking-balance';
import { gstIncludedCents, type FareLine } from './fare-lines';

const line = (amountCents: number, kind: FareLine['kind'] = 'fare'): FareLine => ({
  kind,
  label: kind === 'fare' ? 'Fare (base and distance)' : 'After-hours surcharge',
  detail: null,
  amountCents,
});

const charged = { fareCents: 50_760, fareLines: [line(50_760)] };

function adjusted(...totals: number[]): FareAdjustment[] {
  return totals.map((totalCents, index) => ({
    sequence: index + 1,
    at: `2026-11-2${index}T00:00:00.000Z`,
    by: 'dispatch@businesschauffeur.example',
    reason: 'Flight moved',
    lines: [line(totalCents)],
    totalCents,
    differenceCents: totalCents - (index === 0 ? charged.fareCents : totals[index - 1]!),
  }));
}

function refund(amountCents: number, dueBackCents?: number): BookingRefund {
  return {
    key: `r${amountCents}`,
    amountCents,
    reason: 'Refund',
    by: 'dispatch@businesschauffeur.example',
    requestedAt: '2026-11-27T00:00:00.000Z',
    status: 'succeeded',
    providerRefundId: null,
    ...(dueBackCents ? { dueBackCents } : {}),
  };
}

type Fare = Pick<Booking, 'fareCents' | 'fareLines' | 'adjustments' | 'refunds'>;

describe('currentFare', () => {
  it('is the fare charged until a change moves it, then the last change’s', () => {
    expect(currentFare(charged)).toEqual({ lines: charged.fareLines, totalCents: 50_760 });
    const booking: Fare = { ...charged, adjustments: adjusted(71_064, 60_000) };
    expect(currentFare(booking)).toEqual({ lines: [line(60_000)], totalCents: 60_000 });
  });
});

describe('fareBalanceCents', () => {
  it('is what a higher fare leaves owed, and a lower one due back', () => {
    expect(fareBalanceCents(charged)).toBe(0);
    expect(fareBalanceCents({ ...charged, adjustments: adjusted(71_064) })).toBe(20_304);
    expect(fareBalanceCents({ ...charged, adjustments: adjusted(40_000) })).toBe(-10_760);
    expect(fareBalanceCents({ ...charged, adjustments: adjusted(71_064, 50_760) })).toBe(0);
  });

  it('counts the refunds that paid back what was due, never a goodwill refund', () => {
    const lower: Fare = { ...charged, adjustments: adjusted(40_000) };
    expect(fareBalanceCents({ ...lower, refunds: [refund(10_760, 10_760)] })).toBe(0);
    expect(fareBalanceCents({ ...lower, refunds: [refund(3_000)] })).toBe(-10_760);
    expect(fareBalanceCents({ ...charged, refunds: [refund(3_000)] })).toBe(0);
  });
});

describe('dueBackPart', () => {
  it('is the part of a refund that pays back what is due, nothing while the customer owes', () => {
    const lower: Fare = { ...charged, adjustments: adjusted(40_000) };
    expect(dueBackPart(lower, 5_000)).toBe(5_000);
    expect(dueBackPart(lower, 20_000)).toBe(10_760);
    expect(dueBackPart({ ...lower, refunds: [refund(10_760, 10_760)] }, 5_000)).toBe(0);
    expect(dueBackPart({ ...charged, adjustments: adjusted(71_064) }, 5_000)).toBe(0);
    expect(dueBackPart(charged, 5_000)).toBe(0);
  });
});

describe('adjustmentGstCents', () => {
  it('makes the GST of the invoice and of every note add up to the GST of the fare now', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 50, max: 5_000_000 }), { maxLength: 6 }), (totals) => {
        const adjustments = adjusted(...totals);
        const noted = adjustments.reduce((sum, entry) => sum + adjustmentGstCents(entry), 0);
        const now = currentFare({ ...charged, adjustments }).totalCents;
        expect(gstIncludedCents(charged.fareCents) + noted).toBe(gstIncludedCents(now));
      }),
    );
  });

  it('is the GST of the fare after less the GST of the fare before', () => {
    // $507.60 (GST $46.15) to $710.64 (GST $64.60): $203.04 more, $18.45 of it GST.
    expect(adjustmentGstCents(adjusted(71_064)[0]!)).toBe(1_845);
    expect(adjustmentGstCents(adjusted(40_000)[0]!)).toBe(3_636 - 4_615);
  });
});

describe('sameFareLines', () => {
  it('compares kind, label, detail and amount, in order', () => {
    const lines = [line(10_000), line(1_500, 'afterHours')];
    expect(
      sameFareLines(
        lines,
        lines.map((entry) => ({ ...entry })),
      ),
    ).toBe(true);
    expect(sameFareLines(lines, [...lines].reverse())).toBe(false);
    expect(sameFareLines(lines, [line(10_000), line(1_501, 'afterHours')])).toBe(false);
    expect(sameFareLines(lines, [line(11_500)])).toBe(false);
  });
});
