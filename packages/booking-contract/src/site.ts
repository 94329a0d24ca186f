// The site's entry (`@business-chauffeur/booking-contract/site`): what only the Remix site reads.
// The whole message catalogue as `messages` (site-messages.ts: the root's booking and fare texts
// plus the pages', the accounts', the site forms' and the payment link page's), and the site's
// own forms as Zod schemas (forms.ts, application-form.ts, built from form-fields.ts), parsed with
// Conform in the browser and in the actions. The widget never imports it (.dependency-cruiser.cjs).
//
// zod's configuration first, before any schema of the contract is built (see zod.ts).
import './zod';
export { messages, type Messages, type StoreName } from './site-messages';
export * from './forms';
