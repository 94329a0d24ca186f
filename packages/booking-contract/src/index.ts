// The package root: the domain and the booking API, what the server and the widget both read.
// The rules, Queensland time, money, the API's schemas and error shape, fare lines, luggage, trip
// details, phone numbers, ABNs, validation and request parsing, the domain booking and its
// balance, and the catalogue's domain part as `messages` (messages.ts: booking rules, API answers,
// fare lines). What only the widget reads is in `./widget` (widget.ts); what only the site reads
// (page copy, site forms, the whole catalogue) in `./site` (site.ts). Nothing here imports either
// (docs/decisions/070-contract-by-audience.md; .dependency-cruiser.cjs holds it).
//
// zod's configuration first, before any schema of the contract is built (see zod.ts).
import './zod';
export { messages, type Messages } from './messages';
export * from './rules';
export * from './time';
export * from './format';
export * from './money';
export * from './schemas';
export * from './fare-lines';
export * from './luggage';
export * from './trip-details';
export * from './phone';
export * from './abn';
export * from './validation';
export * from './request-parsing';
export * from './bookings';
export * from './booking';
export * from './booking-balance';
