// The limits of the booking flow (docs/product.md, "Booking rules"), named once for the widget,
// the server and the tests.

/** Up to 4 stops between pickup and drop. */
export const MAX_STOPS = 4;

/** Notes are at most 300 characters (docs/product.md, "Notes up to 300 characters"). */
export const NOTES_MAX_LENGTH = 300;

/** Notes hold only letters, digits, commas, semicolons, underscores and spaces. */
export const NOTES_PATTERN = /^[A-Za-z0-9,;_ ]*$/;

/**
 * The largest passenger count a request may carry. The fleet's largest coach seats 61;
 * a bigger number is refused outright rather than quoted with no vehicle able to carry it.
 */
export const MAX_PASSENGERS = 61;
/** Suitcases and small bags, each: as many as the largest coach's seats, so a typo is caught. */
export const MAX_LUGGAGE = 61;

/** The longest by-the-hour booking taken online: a full day. */
export const MAX_HOURS = 24;

/**
 * By-the-hour bookings are whole or half hours from one hour: the counter's steps. A fraction such
 * as 0.01 would price a long trip at a few cents' worth of hourly rate.
 */
export const MIN_HOURS = 1;
export const HOURS_GRANULARITY = 0.5;

/**
 * How far ahead a pickup may be booked, in months, when the CMS does not say (staff set it in Site
 * settings). A date years away is a typo or a probe, never a booking.
 */
export const DEFAULT_BOOKING_HORIZON_MONTHS = 12;
/** The most months staff may allow, so a slip in the CMS cannot reopen far-future bookings. */
export const MAX_BOOKING_HORIZON_MONTHS = 36;

/** The hours counter's steps (down 0.5, up 1, minimum 0). */
export const HOURS_STEP_DOWN = 0.5;
export const HOURS_STEP_UP = 1;

/**
 * The API error code of a payment refused because the pickup is now less than an hour away (here,
 * not with the schemas, so the widget's first chunk can read it without Zod).
 */
export const TOO_LATE_TO_PAY = 'too_late_to_pay';

/** What the wizard starts with: 1 passenger, country code +61. */
export const DEFAULT_PASSENGERS = 1;
export const DEFAULT_COUNTRY_CODE = '+61';

/** Country code "+" then digits, 2 to 6 characters; mobile digits only, 8 to 15. */
export const COUNTRY_CODE_PATTERN = /^\+\d+$/;
export const COUNTRY_CODE_LENGTH = { min: 2, max: 6 } as const;
export const MOBILE_PATTERN = /^\d+$/;
export const MOBILE_LENGTH = { min: 8, max: 15 } as const;

/**
 * The basic pattern (local part, @, domain, dot, at least two letters) for exactly one
 * address: addresses become email headers (a Reply-To), where a comma, semicolon, space, angle
 * bracket, quote or control character would let one field name several recipients. The local part
 * takes the characters of an unquoted address (the apostrophe stays: O'Brien's address is real);
 * the domain is dot-separated labels of letters, digits and inner hyphens.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/** The longest address mail systems accept (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

export const NAME_MAX_LENGTH = 100;

/** A booking number is 8 to 12 letters or digits. */
export const BOOKING_NUMBER_PATTERN = /^[A-Za-z0-9]{8,12}$/;

/** Place suggestions are asked for this long after the last keystroke. */
export const SUGGESTION_DEBOUNCE_MS = 300;
/** Shorter queries get no suggestions: two letters already narrow a Queensland gazetteer. */
export const PLACES_MIN_QUERY_LENGTH = 2;
export const PLACES_MAX_QUERY_LENGTH = 200;
export const PLACES_MAX_SUGGESTIONS = 8;

/** Place ids (Google's are up to a few hundred characters) and address texts. */
export const PLACE_ID_MAX_LENGTH = 512;
export const PLACE_DESCRIPTION_MAX_LENGTH = 300;
/**
 * The longest Address details or flight number a request may carry at all; the field rules allow
 * less (100 characters) and say so with their own message.
 */
export const PLACE_DETAILS_INPUT_MAX_LENGTH = 400;

/** Every JSON body of the booking API is at most 32 kB. */
export const MAX_BODY_BYTES = 32 * 1024;

/** Bookings and payments are in Australian dollars. */
export const CURRENCY = 'AUD';
