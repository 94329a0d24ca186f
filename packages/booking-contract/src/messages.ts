// The message catalogue: every text a user reads that the specification fixes, word for word.
// Copy that staff may change lives in the CMS instead. A second language is a second object with
// the same keys. The texts are kept by area beside this file (messages-pages.ts,
// messages-booking.ts, messages-forms.ts, with the wording they share in message-parts.ts); this
// module puts them together as the one catalogue the site and the widget read.
import { bookingMessages } from './messages-booking';
import { fareMessages } from './messages-fares';
import { formMessages } from './messages-forms';
import { pageMessages } from './messages-pages';
import { paymentLinkMessages } from './messages-payment-links';

export type { StoreName } from './messages-pages';

export const en = {
  ...pageMessages,
  ...bookingMessages,
  ...formMessages,
  ...paymentLinkMessages,
  ...fareMessages,
} as const;

export type Messages = typeof en;

export const messages: Messages = en;
