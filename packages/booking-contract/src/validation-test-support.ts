// Fixtures shared by the contract's rule and request-parsing tests.
import type { QuoteRequest } from './index';

// 12:00 on Tuesday 10 March 2026 in Brisbane.
export const now = new Date('2026-03-10T02:00:00Z');

export const validQuote: QuoteRequest = {
  pickup: { placeId: 'gz:bne-domestic', description: 'Brisbane Airport Domestic Terminal' },
  drop: { placeId: 'gz:brisbane-cbd', description: 'Brisbane CBD' },
  stops: [],
  date: '2026-03-11',
  time: '10:00',
  passengers: 2,
  byTheHour: false,
  hours: 0,
  notes: '',
};

export const person = {
  firstName: 'Mia',
  lastName: 'Nguyen',
  email: 'mia.nguyen@example.com.au',
  countryCode: '+61',
  mobileNumber: '0412345678',
};
