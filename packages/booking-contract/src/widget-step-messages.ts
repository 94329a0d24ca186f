// The booking widget's texts for steps 2 to 5 (docs/product.md). A file of
// their own: the widget's build splits by file, and step 1 must not carry them.
import { fareMessages } from './messages-fares';

/** The texts of steps 2 to 5, apart so the code that shows step 1 does not carry them. */
export const widgetStepMessages = {
  /** A fare line by line (steps 2, 4 and 5). */
  fare: {
    details: 'Fare details',
    total: 'Total',
    /** The payment step's total: the amount about to be paid. */
    amountDue: 'Total (AUD)',
    gstIncluded: 'GST included',
  },
  vehicle: {
    select: 'Select Vehicle',
    selected: 'Selected',
    price: 'Price',
    noFare: 'Price on request',
    passengers: 'Passengers',
    suitcases: 'Suitcases',
    smallBags: 'Small bags',
    tooSmall: (max: number) => `Seats up to ${max} passengers: not available for this trip.`,
    listLabel: 'Vehicles for your trip',
    notAvailableTitle: 'Not available for this trip',
  },
  passenger: {
    passengerLegend: 'Passenger details',
    firstName: 'First name',
    lastName: 'Last name',
    countryCode: 'Country code',
    mobile: 'Mobile number',
    email: 'Email',
    onBehalf: 'Booking on behalf of someone else?',
    bookingPersonLegend: 'Your details (person booking)',
  },
  summary: {
    mapTitle: 'Map of your route',
    sketchTitle: (stops: number) =>
      stops === 0
        ? 'Sketch of your route from pickup to drop'
        : `Sketch of your route from pickup via ${stops} ${stops === 1 ? 'stop' : 'stops'} to drop`,
    pickup: 'Pickup',
    stop: (index: number) => `Stop ${index + 1}`,
    drop: 'Drop',
    dateTime: 'Date and time',
    travelTime: 'Total travel time',
    distance: 'Total distance',
    vehicle: 'Vehicle',
    passengers: 'Passengers',
    childSeats: 'Child seats',
    /** The fare's wording of each kind (messages-fares.ts), so summary and invoice say the same. */
    childSeatNames: fareMessages.fareLines.childSeatNames,
    trailer: 'Trailer',
    trailerAsked: 'Yes',
    luggage: 'Luggage',
    flight: 'Flight',
    flightText: (flight: string) => `${flight} (pickup at its scheduled arrival)`,
    fare: 'Fare',
    bookedFor: (hours: number) => `Booked for ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    /** Who travels and who books, each part with a link back to the step that holds it. */
    tripTitle: 'Trip',
    passengerTitle: 'Passenger',
    bookerTitle: 'Booked by',
    name: 'Name',
    mobile: 'Mobile',
    email: 'Email',
    change: 'Change',
    changeTrip: 'Change the trip',
    changeVehicle: 'Change the vehicle',
    changePassenger: "Change the passenger's details",
    changeBooker: 'Change who is booking',
    hours: 'Hours',
  },
  /**
   * Under the success message (widgetMessages.payment), in the widget and on /completion: the
   * paid trip in short and who the confirmation email goes to (the passenger, and the person
   * booking on their behalf).
   */
  success: {
    recapTitle: 'Your trip',
    total: 'Total',
    confirmationEmail: (emails: readonly string[]) =>
      emails.length > 1
        ? `Confirmation emails are on their way to ${emails.slice(0, -1).join(', ')} and ${emails[emails.length - 1]}.`
        : `A confirmation email is on its way to ${emails[0] ?? 'you'}.`,
  },
  /** Step 5's form (its outcomes are widgetMessages.payment). */
  paymentForm: {
    promoCode: 'Promo code',
    apply: 'Apply',
    applying: 'Applying…',
    promoApplied: (code: string) => `Promo code ${code} applied.`,
    saving: 'Saving your booking…',
    retrySave: 'Try again',
    testMode: 'Test mode',
    testModeNote:
      'No real card is charged. Use a Stripe test card such as 4242 4242 4242 4242 with any future expiry date and any CVC.',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    cardDetails: 'Card details',
    payNow: 'Pay now',
    /** "I agree to the Terms and conditions and the Cancellation policy", links in a new tab. */
    termsAgree: 'I agree to the',
    termsLink: 'Terms and conditions',
    termsAnd: 'and the',
    cancellationLink: 'Cancellation policy',
    opensInNewTab: '(opens in a new tab)',
    termsRequired:
      'Please tick the box to agree to the Terms and conditions and the Cancellation policy before you pay.',
    paying: 'Processing payment…',
    loadingCardForm: 'Loading the secure card form…',
  },
} as const;

export type WidgetStepMessages = typeof widgetStepMessages;
