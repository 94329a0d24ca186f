// The message catalogue: every text a user reads that the specification fixes, word for word.
// Copy that staff may change lives in the CMS instead. A second language is a second object with
// the same keys. The texts are kept by area beside this file, with the wording they share in
// message-parts.ts.
//
// This is the catalogue's domain part, which the package root exports as `messages`: the booking
// rules' messages, the booking API's answers, /manage-booking and /completion (messages-booking.ts)
// and the lines of a fare (messages-fares.ts): what the server and the widget both read. The
// site's entry exports the whole catalogue under the same name (site-messages.ts), with the page
// copy and the site's forms, which neither the API nor the widget carries.
import { bookingMessages } from './messages-booking';
import { fareMessages } from './messages-fares';

export const messages = {
  ...bookingMessages,
  ...fareMessages,
} as const;

export type Messages = typeof messages;
