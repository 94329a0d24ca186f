// Which bookings are a customer's: made signed in to the account, or to the account's email once
// the provider has verified it (never on an unverified address: anyone can sign up with any).
import { describe, expect, it } from 'vitest';
import { sampleNewBooking } from '../../tests/support/booking-fixtures';
import { isCustomersBooking } from './customer-bookings.server';

const booking = (userId: string | null) => ({
  ...sampleNewBooking({ userId }),
  id: 'b1',
  reference: 'MH3K9Q2A',
});
const passengerEmail = sampleNewBooking().contacts.passenger.email;
const user = (id: string, email: string, emailVerified: boolean) => ({
  id,
  email,
  firstName: 'Ngaio',
  lastName: 'OConnor',
  emailVerified,
});

describe('isCustomersBooking', () => {
  it('is true for the account that made it', () => {
    expect(isCustomersBooking(booking('uid-1'), user('uid-1', 'x@example.com', false))).toBe(true);
  });

  it("is true for the booking's email only once the account has verified it", () => {
    const guest = booking(null);
    const email = passengerEmail.toUpperCase();
    expect(isCustomersBooking(guest, user('uid-2', email, true))).toBe(true);
    expect(isCustomersBooking(guest, user('uid-2', email, false))).toBe(false);
  });

  it("is false for another account's booking", () => {
    expect(isCustomersBooking(booking('uid-1'), user('uid-2', 'x@example.com', true))).toBe(false);
  });
});
