// How customers reach the business when the CMS cannot be read and this process has no last good
// copy of the site settings (it started during a Sanity outage): the seed dataset's siteSettings
// (content/dataset.ndjson), built into the site. The shell, the outage page and messages that say
// "call us on …" use them only then; the settings staff publish always come first.
// fallback-contacts.test.ts fails when they differ from the seed, so a change to the seed's
// contacts changes these with it.
export const FALLBACK_CONTACTS = {
  name: 'Business Chauffeur',
  phone: '1300 975 707',
  email: 'bookings@businesschauffeur.example',
} as const;
