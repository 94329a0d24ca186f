// The whole message catalogue, which the site's entry exports as `messages`: the domain part the
// package root exports (messages.ts: booking rules, API answers, fare lines) and the texts only
// the site shows: its pages (messages-pages.ts), its accounts and forms (messages-forms.ts) and
// the payment link's page (messages-payment-links.ts). Same keys and texts as before the split, in
// the same order, so a key the site reads is where it always was.
import { bookingMessages } from './messages-booking';
import { fareMessages } from './messages-fares';
import { formMessages } from './messages-forms';
import { pageMessages } from './messages-pages';
import { paymentLinkMessages } from './messages-payment-links';

export type { StoreName } from './messages-pages';

export const messages = {
  ...pageMessages,
  ...bookingMessages,
  ...formMessages,
  ...paymentLinkMessages,
  ...fareMessages,
} as const;

export type Messages = typeof messages;
