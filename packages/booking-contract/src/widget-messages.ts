// The booking widget's texts: its five steps, the payment messages and the promo code's refusal
// (docs/product.md). Kept apart from widget-schemas.ts so the widget's first screen needs no Zod; the
// texts of steps 2 to 5 are in widget-step-messages.ts, so step 1 carries only its own.
import { bookingMessages } from './messages-booking';

export const widgetMessages = {
  /** The five steps, in order. */
  steps: ['General Details', 'Vehicle Selection', 'Passenger Details', 'Summary', 'Payment'],
  stepOf: (current: number, total: number, name: string) => `Step ${current} of ${total}: ${name}`,
  /** The widget's landmark name. */
  regionLabel: 'Book a ride',
  progressLabel: 'Booking progress',
  /** The Next button's label on steps 1 to 4 (step 5 pays with "Pay now"). */
  next: ['Next: Vehicle Selection', 'Next: Passenger Details', 'Next: Summary', 'Next: Payment'],
  previous: 'Previous',
  clearForm: 'Clear Form',
  /** Clear Form asks first, inside the widget. */
  clearQuestion: 'Clear every field and start again? What you entered cannot be brought back.',
  clearConfirm: 'Yes, clear the form',
  clearCancel: 'Keep my details',
  total: 'Total',
  loadingStep: 'Loading…',
  networkError:
    'We could not reach Business Chauffeur. Please check your connection and try again.',
  /**
   * The site refused the page the widget is embedded in (its origin is not a partner): book on the
   * site itself, or call. Without a known phone number the sentence names the site only.
   */
  originNotAllowed: (site: string, phone?: string) =>
    phone
      ? `Online booking is not enabled on this website. Book at ${site} or call ${phone}.`
      : `Online booking is not enabled on this website. Book at ${site}.`,
  /** True for either form of that message (the step-1 notice adds a link to it). */
  isOriginNotAllowed: (notice: string | null) =>
    notice?.startsWith('Online booking is not enabled on this website.') ?? false,
  /** The link after that message, to the site's own booking page. */
  bookOnSite: 'Book on our website',
  /** The console warning for the site's owner: the origin to add to PARTNER_ORIGINS. */
  originNotAllowedWarning: (origin: string) =>
    `Business Chauffeur booking widget: the booking API refused this page's origin. Add ${origin} to PARTNER_ORIGINS to enable online booking here.`,
  general: {
    from: 'FROM',
    fromHint: 'Pickup location',
    to: 'TO',
    toHint: 'Drop location',
    addStop: (index: number) => (index === 0 ? 'Add a stop?' : `Add stop ${index + 1}?`),
    stop: (index: number) => `Stop ${index + 1}`,
    date: 'Booking date',
    time: 'Pickup time',
    timeHint: 'Queensland time',
    passengers: 'Passengers',
    suitcases: 'Suitcases',
    smallBags: 'Small bags',
    byTheHour: 'By the Hour',
    hours: 'Number of hours',
    hoursDown: 'Decrease hours by 0.5',
    hoursUp: 'Increase hours by 1',
    notes: 'Booking notes (max 300 characters)',
    /** The child seats group: a count of each kind, with the age it suits. */
    childSeats: 'Child seats',
    childSeatKinds: {
      babyCapsule: { label: 'Baby capsules', hint: 'Up to about 6 months' },
      childSeat: { label: 'Child seats', hint: 'About 6 months to 4 years' },
      booster: { label: 'Boosters', hint: 'About 4 to 8 years' },
    },
    trailer: 'Trailer',
    /**
     * Under a chosen place that is not an exact address (required beside a suburb). Screen
     * readers hear which place the field belongs to: "Pickup", "Drop", "Stop 1" before it.
     */
    placeName: (field: string) =>
      field === 'pickup'
        ? 'Pickup'
        : field === 'drop'
          ? 'Drop'
          : `Stop ${Number(field.replace('stops.', '')) + 1}`,
    addressDetails: 'Address details',
    addressDetailsOptional: 'Address details (optional)',
    addressDetailsHint: 'Unit, number and street, building or gate',
    /** Under an airport pickup. */
    flightNumber: 'Flight number',
    flightHint: (waitingMinutes: number | null) =>
      waitingMinutes === null
        ? "Set the pickup time to your flight's scheduled arrival."
        : `Set the pickup time to your flight's scheduled arrival. Your chauffeur waits up to ${waitingMinutes} minutes after landing at no charge.`,
    /** Under a place field left with typed text that was not chosen from the suggestions. */
    choosePlace: 'Choose a place from the list.',
    searching: 'Searching…',
    noSuggestions: 'No matching places. Try another spelling or a nearby suburb.',
    suggestionsCount: (count: number) =>
      count === 1 ? '1 suggestion available.' : `${count} suggestions available.`,
    quoting: 'Finding vehicles for your trip…',
  },
  /** Step 5's title. */
  paymentHeading: 'Order Summary and Payment',
  /**
   * The payment's outcomes in the specification's words (docs/product.md): shown by the
   * widget's step 5 and by the site's /completion page.
   */
  payment: {
    /** The booking API's answers the widget shows as they are (messages-booking.ts). */
    promoInvalid: bookingMessages.bookingApi.promoInvalid,
    saveFailed: bookingMessages.bookingApi.saveFailed,
    /** Any payment error other than the provider's card, validation and request errors. */
    unexpected: 'An unexpected error occurred. Please try again!',
    /** A payment the provider has not (yet) marked as succeeded. */
    processing: 'Payment processing.',
    successTitle: 'Payment Successful!',
    successText: (reference: string) =>
      `Congratulations! Your Booking is successful. Booking RefId for your reference: ${reference}`,
    goHome: 'Go to Home',
  },
} as const;

export type WidgetMessages = typeof widgetMessages;
