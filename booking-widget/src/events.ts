// The DOM events <chauffeur-booking> dispatches for the host page, in one typed map. Every event
// bubbles and crosses the shadow boundary (composed), so a listener on the element or any ancestor
// receives it. Documented in docs/partners.md ("Events").
import type { WidgetStepName } from './options';

export interface BookingReadyDetail {
  /** The widget's version, for support questions. */
  version: string;
}

export interface BookingStepDetail {
  /** 0 to 4, as the wizard counts. */
  index: number;
  /** "General Details", "Vehicle Selection", "Passenger Details", "Summary" or "Payment". */
  name: WidgetStepName;
}

export interface BookingQuoteDetail {
  /** Total distance and duration over every leg (pickup, stops, drop). */
  distanceMeters: number;
  durationSeconds: number;
  currency: 'AUD';
  /**
   * The vehicles offered for the trip, with the server's all-in fares in cents (null when not
   * priced). `fare` is the same in dollars, kept for one release: read `totalCents`.
   */
  vehicles: {
    id: string;
    slug: string;
    title: string;
    totalCents: number | null;
    /** @deprecated Dollars, removed in the next release: read `totalCents`. */
    fare: number | null;
    canCarry: boolean;
  }[];
}

export interface BookingCompletedDetail {
  /** The reference the customer quotes to us and uses on /manage-booking. */
  bookingReferenceId: string;
  bookingId: string;
  /** What was paid, in cents. */
  totalCents: number;
  /** @deprecated Dollars, removed in the next release: read `totalCents`. */
  amount: number;
  currency: 'AUD';
}

export interface BookingErrorDetail {
  /** The API's error code (quote_expired, route_unavailable, payment_failed, network, …). */
  code: string;
  /** The message the customer was shown. */
  message: string;
  /** The step (0 to 4) it happened on. */
  step: number;
}

/** Every event of the element, by name. */
export interface BookingWidgetEventMap {
  /** Step 1 is on screen and interactive. */
  'booking:ready': CustomEvent<BookingReadyDetail>;
  /** The customer moved to another step. */
  'booking:step': CustomEvent<BookingStepDetail>;
  /** The server priced the trip (each time the customer leaves step 1, or re-quotes). */
  'booking:quote': CustomEvent<BookingQuoteDetail>;
  /** The payment succeeded and the booking is saved. */
  'booking:completed': CustomEvent<BookingCompletedDetail>;
  /** Something failed that the customer was told about (not form validation). */
  'booking:error': CustomEvent<BookingErrorDetail>;
}

export type BookingWidgetEventName = keyof BookingWidgetEventMap;
export type BookingWidgetEventDetail<K extends BookingWidgetEventName> =
  BookingWidgetEventMap[K]['detail'];

declare global {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: the DOM's event map gains the widget's events.
  interface HTMLElementEventMap extends BookingWidgetEventMap {}
}

/** Dispatches one of the element's events on the host. */
export function dispatchWidgetEvent<K extends BookingWidgetEventName>(
  host: EventTarget,
  name: K,
  detail: BookingWidgetEventDetail<K>,
): void {
  host.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
}
