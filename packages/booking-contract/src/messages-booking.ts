// The message catalogue's booking texts: the wizard's validation, the lookup, the booking and
// payment endpoints' answers, /manage-booking and /completion. Part of the
// catalogue's domain part (messages.ts), which the server and the widget read.
import { emailMessages, tooLong } from './message-parts';

export const bookingMessages = {
  /** Booking wizard validation, word for word (docs/product.md, "Booking rules"). */
  booking: {
    pickupRequired: 'Pickup location is required.',
    dropRequired: 'Drop location is required.',
    stopRequired: 'Since you have selected, add another stop, Stop location is required.',
    dateRequired: 'Booking date is required.',
    dateTooSoon: 'Booking date must be at least one hour from now.',
    timeRequired: 'Booking time is required.',
    timeTooSoon: 'Booking must be at least one hour from now.',
    passengersRequired: 'Number of passengers is required.',
    passengersTooMany: (max: number) => `Please enter at most ${max} passengers.`,
    hoursRequired: 'Since you have opted booking by the hours, Number of hours is required.',
    hoursTooMany: (max: number) => `Bookings by the hour are for at most ${max} hours.`,
    hoursSteps: (min: number) =>
      `Bookings by the hour are for whole or half hours, from ${min} ${min === 1 ? 'hour' : 'hours'}.`,
    dateTooFar: (months: number) =>
      `Bookings can be made up to ${months} ${months === 1 ? 'month' : 'months'} ahead. For a later date, please call us.`,
    notesCharacters:
      'Only alphanumeric characters, commas, semicolons, and underscores are allowed.',
    notesTooLong: (max: number) => `Booking notes can be at most ${max} characters.`,
    childSeatsTooMany: (max: number) => `Please ask for at most ${max} child seats.`,
    childSeatsOverPassengers: 'Child seats cannot be more than the passengers.',
    addressDetailsRequired: 'Enter the street address: number and street, unit or building.',
    addressDetailsInvalid:
      "Use letters, digits, spaces and / , . - ' # only (up to 100 characters).",
    flightNumberRequired: 'Enter your flight number, e.g. QF 512.',
    flightNumberInvalid: 'Enter the airline code and flight number, e.g. QF 512 or VA1234.',
    suitcasesInvalid: (max: number) => `Please enter 0 to ${max} suitcases.`,
    smallBagsInvalid: (max: number) => `Please enter 0 to ${max} small bags.`,
    /** Why a vehicle cannot take the luggage: "This vehicle takes up to 2 suitcases." */
    luggageTooMuch: (capacity: number, [one, many]: readonly [string, string]) =>
      capacity === 0
        ? `This vehicle takes no ${many}.`
        : `This vehicle takes up to ${capacity} ${capacity === 1 ? one : many}.`,
    /** Why a vehicle cannot take an extra: "Child seats are not available in sedans." */
    extraNotAvailable: (extra: string, vehicles: string) =>
      `${extra} are not available in ${vehicles}.`,
    vehicleRequired: 'Please select the vehicle for your ride.',
    vehicleTooSmall: (passengers: number) =>
      `This vehicle cannot carry ${passengers} passengers. Please choose a larger one.`,
    firstNameRequired: 'Firstname is required.',
    lastNameRequired: 'Lastname is required.',
    ...emailMessages,
    countryCodeRequired: 'Country code is required.',
    countryCodeInvalid: 'Invalid country code. Must start with + and contain digits.',
    countryCodeLength: 'Country code length must be between 2 and 6 characters.',
    mobileRequired: 'Phone number is required.',
    mobileInvalid: 'Invalid mobile number. Must contain digits only.',
    mobileLength: 'Mobile number length must be between 8 and 15 digits.',
    tooLong,
  },
  /** Manage-booking lookup (docs/product.md, "Lookup"). */
  lookup: {
    bookingNumberInvalid: 'Please provide a valid Booking Number.',
    emailInvalid: 'Please provide a valid Email Id.',
    noMatch: 'Please provide a valid Booking Information.',
  },
  /** Answers of the booking API that a customer may read (failures are shown, never hidden). */
  api: {
    invalidRequest: 'Please check the highlighted fields.',
    malformedJson: 'The request body is not valid JSON.',
    payloadTooLarge: 'The request is too large.',
    tooManyRequests: (minutes: number) =>
      `Too many requests from your connection. Please wait ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`,
    /** The bookings store fails (a full or read-only disk, an outage). */
    storeUnavailable: 'Our booking system is briefly unavailable. Please try again in a moment.',
    /** The payment provider (or the sandbox's ledger) fails. */
    paymentServiceUnavailable:
      'We could not reach the payment service just now. Please try again in a moment.',
    methodNotAllowed: (allowed: string) => `Use ${allowed}.`,
    routeUnavailable: (phone: string) =>
      `We could not measure this route. Please check the addresses, or call us on ${phone} and we will quote your trip.`,
    routeServiceUnavailable: (phone: string) =>
      `We could not measure your route just now. Please try again in a moment, or call us on ${phone} and we will quote your trip.`,
    placesUnavailable: (phone: string) =>
      `Address search is not available just now. Please try again in a moment, or call us on ${phone} to book.`,
    fleetUnavailable: (phone: string) =>
      `We could not load our vehicles just now. Please try again in a moment, or call us on ${phone} to book.`,
    quoteExpired:
      'Your quote has expired. Please go back to the first step to get the current fares.',
    quoteInvalid:
      'Your quote could not be verified. Please go back to the first step to get a new quote.',
  },
  /** /manage-booking: the lookup form, the booking it finds and the cancellation notice. */
  manageBooking: {
    title: 'Manage Booking',
    intro:
      'Enter the email address you booked with and your booking number (the reference in your confirmation email) to see your booking.',
    emailLabel: 'Email',
    bookingNumberLabel: 'Booking number',
    bookingNumberHint: '8 to 12 letters or digits, for example MH3K9Q2A',
    submit: 'Get Booking',
    detailsHeading: (reference: string) => `Booking ${reference}`,
    status: 'Status',
    statusText: {
      DRAFT: 'Awaiting payment',
      CONFIRMED: 'Confirmed',
      REJECTED: 'Payment declined',
      CANCELLED: 'Cancelled',
      COMPLETED: 'Completed',
      NO_SHOW: 'No-show',
    },
    pickup: 'Pickup',
    stop: (index: number) => `Stop ${index + 1}`,
    drop: 'Drop',
    flight: 'Flight',
    /** The flight row's value: the pickup time is the flight's scheduled arrival. */
    flightText: (flight: string) => `${flight} (pickup at its scheduled arrival)`,
    dateTime: 'Date and time',
    queenslandTime: 'Queensland time',
    bookedFor: (hours: number) => `Booked for ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    vehicle: 'Vehicle',
    passengers: 'Passengers',
    passengerName: 'Passenger',
    distance: 'Total distance',
    travelTime: 'Estimated travel time',
    amount: 'Amount',
    /** The fare line by line, as paid (the tax invoice email lists the same lines). */
    fareDetails: 'Fare details',
    fareItem: 'Item',
    fareTotal: 'Total',
    gstIncluded: 'GST included',
    /** After staff changed the trip at another price: the fare as it is now, and what is left. */
    fareNowDetails: 'Fare after changes',
    fareNowIntro:
      'This booking was changed after it was paid. The fare you paid is above; the fare as it is now is below.',
    balanceOwed: 'Owed',
    balanceDueBack: 'Due back to you',
    balanceOwedText: (amount: string) =>
      `${amount} is owed after the change of fare. We will call you to take it by card.`,
    balanceDueBackText: (amount: string) =>
      `${amount} is due back to you after the change of fare. We will refund it to the card you paid with.`,
    refundAmount: 'Refund amount',
    notes: 'Booking notes',
    requestCancellation: 'Request for cancellation',
    /** The client's cancellation notice, word for word. */
    cancellationMessage: (phone: string) =>
      `Please call on this support number ${phone} to cancel this booking.`,
    cancellationRequestedAt: (when: string) => `Cancellation requested on ${when}.`,
    tooMany: (phone: string) =>
      `Too many booking lookups in a short time. Please wait a minute and try again, or call us on ${phone}.`,
    unavailable: (phone: string) =>
      `We could not look up bookings just now. Please try again in a moment, or call us on ${phone}.`,
  },
  /** /completion: the page a payment redirect (for example 3-D Secure) returns to. */
  completion: {
    title: 'Thank you!',
    pendingTitle: 'Payment processing',
    failedTitle: 'Payment not completed',
    notFoundTitle: 'We could not find this payment',
    notFound: (phone: string) =>
      `This link does not match a booking payment. If you paid for a booking, look it up with your booking number and email, or call us on ${phone}.`,
    failedHelp:
      'Your booking is saved: you can try again with another card from the booking page, or call us to pay by phone.',
    manageLink: 'Look up your booking',
    bookAgain: 'Back to booking',
  },
  /** Answers of the bookings and payments endpoints. */
  bookingApi: {
    /** Any promo code that cannot be used, whatever the reason (docs/product.md, "Promo codes"). */
    promoInvalid: 'This promo code is not valid.',
    /** The booking could not be saved. */
    saveFailed: 'Error in creating the booking, Please contact the support team.',
    paymentUnavailable: (phone: string) =>
      `We could not start the card payment just now. Please try again in a moment, or call us on ${phone} to pay by phone.`,
    idempotencyConflict:
      'This booking request was already used for a different booking. Please start a new booking.',
    notFound: 'This booking could not be found.',
    alreadyPaid: 'This booking is already paid.',
    priceChanging: 'Your booking is being updated. Please try again in a moment.',
    sandboxOnly: 'Test-mode payments are not available on this site.',
    termsRequired:
      'Please tick "I agree to the Terms and conditions and the Cancellation policy" before you pay. If you do not see it, reload the page: your booking is kept.',
    tooLateToPay: (phone: string) =>
      `Your pickup is now less than an hour away, so this booking can no longer be paid online and your card has not been charged. Please call us on ${phone} and we will arrange your trip.`,
  },
} as const;
