// The Firestore collection of each kind of record, in one place: the adapters name their
// collections from here, and the firestore.rules test checks that clients are denied every one.
// The embedded SQLite adapters keep the same records in tables of the store's file
// (sqlite-migrations.server.ts).
export const COLLECTIONS = {
  bookings: 'bookings',
  paymentEvents: 'paymentEvents',
  /** Reference and idempotency-key reservations that make both unique across instances. */
  bookingKeys: 'bookingKeys',
  /** The partners of bookings other than drafts, one document each (the list's partner filter). */
  bookingPartners: 'bookingPartners',
  users: 'users',
  userFeedback: 'userFeedback',
  applications: 'applications',
  sessions: 'sessions',
  rateLimits: 'rateLimits',
  /** Promo code uses: one document per booking (its latest use), keyed by the booking id. */
  promoUses: 'promoUses',
  /** The active use of each promo code by each email (id: a hash of both). */
  promoUseEmails: 'promoUseEmails',
  /** One counter of active uses per promo code. */
  promoUseCounts: 'promoUseCounts',
  /** What staff did: one document per action, created and never changed. */
  staffAudit: 'staffAudit',
  /** The chauffeurs staff manage, and the cars (keyed by plate). */
  chauffeurs: 'chauffeurs',
  cars: 'cars',
  /** Each booking's job: chauffeur, car and time, keyed by the booking id. */
  dispatchJobs: 'dispatchJobs',
  /** The jobs of one chauffeur or car on one UTC day (the overlap check of an assignment). */
  dispatchDays: 'dispatchDays',
  /** Real-user Web Vitals: one document per route, metric and Queensland day. */
  vitals: 'vitals',
  /** Jobs due at a time (job-store.server.ts): one document per job, its id a hash of the key. */
  jobs: 'jobs',
  /** What the jobs sent: one document per notification, its id a hash of the key. */
  notificationLedger: 'notificationLedger',
  /** One small document per server instance, rewritten by the readiness write probe. */
  health: 'health',
} as const;
