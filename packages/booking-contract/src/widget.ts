// The widget's entry (`@business-chauffeur/booking-contract/widget`): what only the booking widget
// reads on top of the package root. Its texts (widget-messages.ts for step 1,
// widget-step-messages.ts for steps 2 to 5, apart so the first screen carries only its own), the
// schemas of its two small endpoints (widget-schemas.ts) and its form draft (draft.ts). The site
// imports it only where it answers those endpoints or finishes what the widget started in the
// widget's own words (.dependency-cruiser.cjs names those files).
export * from './widget-messages';
export * from './widget-step-messages';
export * from './widget-schemas';
export * from './draft';
