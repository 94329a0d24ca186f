// What booking tests ask of the app they started: its store (the same instance the handler uses),
// a saved booking by id, and the emails written to its outbox about one booking.
import { listOutbox, outboxPath } from '~/mail/outbox-mailer.server';
import type { Booking } from '~/store/booking-store.server';
import type * as StoreModule from '~/store/store.server';
import type { RemixApp } from './remix-app';

export function bookingAppHelpers(app: () => RemixApp, dataDir: () => string) {
  const store = async () =>
    (await app().load<typeof StoreModule>('/app/store/store.server.ts')).getBookingStore();
  return {
    store,
    async saved(id: string): Promise<Booking> {
      const booking = await (await store()).getBooking(id);
      if (!booking) throw new Error(`The booking ${id} was not saved.`);
      return booking;
    },
    async emailsFor(reference: string) {
      return (await listOutbox(outboxPath(dataDir()))).filter((entry) =>
        entry.subject.includes(reference),
      );
    },
  };
}
