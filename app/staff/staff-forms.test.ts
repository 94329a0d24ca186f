import { describe, expect, it } from 'vitest';
import { timeInBrisbane, todayInBrisbane } from '@business-chauffeur/booking-contract';
import { changeFormSchema, dollarsToCents, refundFormSchema, staffMessages } from './staff-forms';

describe('dollarsToCents', () => {
  it.each([
    ['50', 5000],
    ['50.5', 5050],
    ['50.05', 5005],
    ['$1,050.00', 105000],
    [' 0.01 ', 1],
  ])('reads %j as %i cents', (text, cents) => {
    expect(dollarsToCents(text)).toBe(cents);
  });

  it.each([['fifty'], ['50.005'], ['-5'], ['1e3'], [''], ['5,0']])('refuses %j', (text) => {
    expect(dollarsToCents(text)).toBeNull();
  });
});

describe('the refund form', () => {
  const valid = { intent: 'refund', key: 'a1b2c3d4-e5f6', amount: '50', reason: 'Late pickup' };

  it('gives the amount in cents and the reason trimmed', () => {
    expect(refundFormSchema.parse({ ...valid, reason: '  Late pickup ' })).toEqual({
      ...valid,
      amount: 5000,
    });
  });

  it.each([
    [{ amount: '' }, 'Enter the refund amount.'],
    [{ amount: 'fifty' }, 'Enter the refund amount in dollars and cents, for example 50 or 50.00.'],
    [{ amount: '0.00' }, 'The refund amount must be more than $0.00.'],
    [{ reason: ' ' }, 'Enter the reason for the refund.'],
    [{ reason: 'x'.repeat(501) }, 'Keep the reason under 500 characters.'],
  ])('refuses %j with its message', (change, message) => {
    const result = refundFormSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});

describe('the change form', () => {
  const ahead = new Date(Date.now() + 3 * 24 * 3_600_000);
  const valid = {
    intent: 'change-preview',
    date: todayInBrisbane(ahead),
    time: '14:30',
    passengers: '2',
    notes: '',
    reason: ' Flight moved ',
  };
  const messagesOf = (fields: Record<string, string>) =>
    changeFormSchema.safeParse({ ...valid, ...fields }).error?.issues.map((issue) => issue.message);

  it('gives the change with its reason trimmed, not arranged by phone unless ticked', () => {
    expect(changeFormSchema.parse(valid)).toMatchObject({
      passengers: 2,
      reason: 'Flight moved',
      arrangedByPhone: false,
    });
    expect(changeFormSchema.parse({ ...valid, arrangedByPhone: 'on' }).arrangedByPhone).toBe(true);
  });

  it('asks why the booking is changing', () => {
    expect(messagesOf({ reason: '  ' })).toEqual([staffMessages.changeReasonRequired]);
  });

  it('takes a pickup inside the hour only when arranged by phone, and never one that has passed', () => {
    const soon = new Date(Date.now() + 30 * 60_000);
    const inside = { date: todayInBrisbane(soon), time: timeInBrisbane(soon) };
    expect(messagesOf(inside)).toEqual([staffMessages.pickupTooSoon]);
    expect(messagesOf({ ...inside, arrangedByPhone: 'on' })).toBeUndefined();
    const past = new Date(Date.now() - 5 * 60_000);
    expect(
      messagesOf({
        date: todayInBrisbane(past),
        time: timeInBrisbane(past),
        arrangedByPhone: 'on',
      }),
    ).toEqual([staffMessages.pickupPassed]);
  });
});
