// The Zod schemas of every request and response of the booking API (docs/product.md lists the
// routes), one file per part of the API, re-exported here. The widget parses responses with them; the server parses requests with them and answers
// with values of their types. Request schemas describe the wire shape only: the booking rules and
// their messages are in validation.ts, which the parse* helpers there apply on top.
//
//   GET  /api/places?q=&sessionToken=   → placesResponseSchema
//   POST /api/quotes                    quoteRequestSchema → quoteResponseSchema
//   POST /api/bookings                  bookingRequestSchema → bookingResponseSchema
//   GET  /api/bookings/:id/payment-status                   → paymentStatusResponseSchema
//   POST /api/bookings/lookup           lookupRequestSchema → lookupResponseSchema
//   any error                           apiErrorSchema ({ error: { code, message, fields? } })
//
// Unknown keys in a request are dropped (Zod's default), so an `amount` a client sends never
// reaches the server's logic: the server alone prices a booking.
export * from './api-errors';
export * from './places';
export * from './quote-schemas';
export * from './booking-schemas';
export * from './manage-booking-schemas';
