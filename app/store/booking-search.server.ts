// What a staff search matches, as keys both stores look up exactly through an index: a booking
// keeps the keys of its reference, its people's emails, phone numbers and names (written with the
// booking, `staffIndex.searchKeys` of the stored document), and a search text becomes the few
// keys it could mean. A booking is found when it has any of them
// (docs/decisions/043-staff-views-query-the-store.md):
//
//   reference  the whole reference, any case                        r:MH3K9Q2A
//   email      the whole address, or the part before the @, any case  e:ngaio.oconnor@example.com
//   phone      the whole number, as +61 412 345 678, 0412 345 678 or 61412345678; a number from
//              another country with its country code                p:+61412345678
//   name       words of the passenger's or booker's name from the start of any word, in order, the
//              last one possibly cut short (at least two letters; accents, case and apostrophes
//              do not matter; a word also starts after a hyphen or an apostrophe): "ngaio",
//              "o'con", "oconnor", "connor", "ngaio oconnor t" all find Ngaio O'Connor-Tāne
//                                                                      n:ngaio oc
//
// A name key holds at most NAME_KEY_LENGTH characters: a longer search compares its first ones.
import { toE164, typedPhoneToE164, type Booking } from '@business-chauffeur/booking-contract';

/** The longest name key: longer searches compare their first this many characters. */
export const NAME_KEY_LENGTH = 24;
/** The shortest name search. */
const NAME_KEY_MIN = 2;
/** The longest email address there is (RFC 5321): longer text is no email. */
const MAX_EMAIL_LENGTH = 254;
/** The most keys one booking keeps (a guard against absurdly long names). */
const MAX_KEYS = 400;

const APOSTROPHES = /['’‘`´]/g;

/** Lower case, accents off: "O'Connor-Tāne" → "o'connor-tane". */
function plainText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, apostrophes dropped, one space apart: "O'Connor-Tāne" → "oconnor tane". */
function plainWords(text: string): string {
  return plainText(text)
    .replace(APOSTROPHES, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Every key of a name: each prefix (2 to NAME_KEY_LENGTH characters) of the name read from the
 * start of each word on, a word also starting after an apostrophe inside it ("connor tane").
 */
function nameKeys(firstName: string, lastName: string): string[] {
  const words = plainText(`${firstName} ${lastName}`)
    .split(/[^\p{L}\p{N}'’‘`´]+/u)
    .filter((word) => word.replace(APOSTROPHES, ''));
  const plain = words.map((word) => word.replace(APOSTROPHES, ''));
  const starts: string[] = [];
  words.forEach((word, index) => {
    const rest = plain.slice(index + 1);
    starts.push([plain[index], ...rest].join(' '));
    for (const piece of word.split(APOSTROPHES).slice(1)) {
      if (piece) starts.push([piece, ...rest].join(' '));
    }
  });
  const keys = new Set<string>();
  for (const start of starts) {
    const text = start.slice(0, NAME_KEY_LENGTH);
    for (let end = NAME_KEY_MIN; end <= text.length; end += 1) {
      const key = text.slice(0, end);
      if (!key.endsWith(' ')) keys.add(`n:${key}`);
    }
  }
  return [...keys];
}

function emailKeys(email: string): string[] {
  const address = email.trim().toLowerCase();
  if (!address || address.length > MAX_EMAIL_LENGTH) return [];
  const local = address.split('@')[0] ?? '';
  return local && local !== address ? [`e:${address}`, `e:${local}`] : [`e:${address}`];
}

function phoneKey(countryCode: string, mobileNumber: string): string[] {
  return mobileNumber.replace(/\D/g, '') ? [`p:${toE164(countryCode, mobileNumber)}`] : [];
}

/** The keys a booking is found by. */
export function bookingSearchKeys(booking: Pick<Booking, 'reference' | 'contacts'>): string[] {
  const { passenger, booker } = booking.contacts;
  const keys = new Set<string>([`r:${booking.reference.toUpperCase()}`]);
  for (const person of booker ? [passenger, booker] : [passenger]) {
    for (const key of [
      ...emailKeys(person.email),
      ...phoneKey(person.countryCode, person.mobileNumber),
      ...nameKeys(person.firstName, person.lastName),
    ]) {
      keys.add(key);
    }
  }
  return [...keys].slice(0, MAX_KEYS);
}

/**
 * The keys a search text could mean (at most four); empty when it can mean nothing (a single
 * letter, punctuation only), and the search then finds nothing.
 */
export function searchKeysOf(text: string): string[] {
  const typed = text.trim();
  if (!typed) return [];
  const keys = new Set<string>();
  if (/^[0-9A-Za-z]{4,20}$/.test(typed)) keys.add(`r:${typed.toUpperCase()}`);
  if (
    typed.length <= MAX_EMAIL_LENGTH &&
    /^[^\s@]+(@[^\s@]+)?$/.test(typed) &&
    /[\p{L}\p{N}]/u.test(typed)
  ) {
    keys.add(`e:${typed.toLowerCase()}`);
  }
  const phone = typedPhoneToE164(typed);
  if (phone) keys.add(`p:${phone}`);
  const name = plainWords(typed).slice(0, NAME_KEY_LENGTH).trimEnd();
  if (name.length >= NAME_KEY_MIN) keys.add(`n:${name}`);
  return [...keys];
}
