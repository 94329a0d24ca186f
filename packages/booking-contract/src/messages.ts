// The message catalogue: every text a user reads that the specification fixes, word for word.
// Copy that staff may change lives in the CMS instead. A second language is a second object with
// the same keys.
export const en = {
  notFound: {
    title: '404 - Page Not Found',
    text: "Oops! The page you're looking for doesn't exist.",
    home: 'Home',
  },
  storeBadge: {
    downloadLabel: 'Download our app',
    modalTitle: 'Work in Progress',
    modalText: (store: StoreName) =>
      `The ${store} is currently under development and will be available soon!`,
    close: 'Close',
  },
  errorPage: {
    title: 'Something went wrong',
    text: (phone: string) =>
      `We could not show this page just now. Please try again in a moment, or call us on ${phone} and we will look after your booking.`,
    retry: 'Please try again in a moment.',
    unavailableTitle: 'We will be right back',
    unavailableText: (phone: string) =>
      `Our site is briefly unavailable. To book or change a trip, call us on ${phone}, 24 hours a day, 7 days a week.`,
  },
  /** Booking wizard validation (spec §5, decisions 5 and 9), word for word. */
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
    vehicleRequired: 'Please select the vehicle for your ride.',
    vehicleTooSmall: (passengers: number) =>
      `This vehicle cannot carry ${passengers} passengers. Please choose a larger one.`,
    firstNameRequired: 'Firstname is required.',
    lastNameRequired: 'Lastname is required.',
    emailRequired: 'Email is required.',
    emailInvalid: 'Please enter the valid email address.',
    countryCodeRequired: 'Country code is required.',
    countryCodeInvalid: 'Invalid country code. Must start with + and contain digits.',
    countryCodeLength: 'Country code length must be between 2 and 6 characters.',
    mobileRequired: 'Phone number is required.',
    mobileInvalid: 'Invalid mobile number. Must contain digits only.',
    mobileLength: 'Mobile number length must be between 8 and 15 digits.',
    tooLong: (max: number) => `Please use at most ${max} characters.`,
  },
  /** Manage-booking lookup (spec §5 "Manage booking lookup"). */
  lookup: {
    bookingNumberInvalid: 'Please provide a valid Booking Number.',
    emailInvalid: 'Please provide a valid Email Id.',
    noMatch: 'Please provide a valid Booking Information.',
  },
  /** Answers of the booking API that a customer may read (decision 6: failures are shown). */
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
  /** Fleet cards and vehicle pages (spec §2 "Fleet"): labels around the CMS content. */
  fleet: {
    passengers: 'Max passengers',
    suitcases: 'Suitcases',
    smallBags: 'Small bags',
    bookNow: 'Book Now',
    learnMore: 'Learn More',
    /** Read after "Learn More" by screen readers and search engines, hidden on screen. */
    learnMoreAbout: (title: string) => ` about the ${title}`,
    empty: 'Our vehicles are being updated. Please call us to book.',
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    capacity: 'Capacity',
    fares: 'Fares',
    baseFare: (price: string, km: number) => `${price} for the first ${km} km`,
    perKm: (price: string) => `then ${price} per km`,
    hourly: (price: string, km: number) => `By the hour: ${price} per hour with ${km} km included`,
    faresNote: 'Your exact fare is shown before you pay, once you enter your trip.',
    category: 'Category',
    fleetTitle: 'Our Fleet',
  },
  /** FAQs, policies, service areas and sitemap: the labels around their CMS content. */
  infoPages: {
    breadcrumb: 'Breadcrumb',
    home: 'Home',
    onThisPage: 'On this page',
    call: (phone: string) => `Call ${phone}`,
  },
  /** The bar staff see while previewing drafts (/api/preview). */
  preview: {
    notice: 'Preview mode: you are seeing unpublished drafts.',
    exit: 'Exit preview',
  },
  /** The services carousel on the home page. */
  carousel: {
    previous: 'Previous service',
    next: 'Next service',
    pause: 'Pause slide show',
    play: 'Play slide show',
    slide: (position: number, total: number) => `${position} of ${total}`,
    show: (title: string) => `Show ${title}`,
  },
  /** The reviews page (spec §2 "/reviews"). */
  reviews: {
    summary: (rating: string, count: number) => `${rating} rating out of ${count} reviews`,
    stars: (rating: number) => `Rated ${rating} out of 5`,
    pagination: 'Review pages',
    previous: 'Previous',
    next: 'Next',
    page: (page: number) => `Page ${page}`,
    empty: 'No reviews yet.',
  },
  /** The contact page: the business details and the feedback form's labels (spec §2 "/contact"). */
  contact: {
    detailsTitle: 'Get in touch',
    phone: 'Phone',
    email: 'Email',
    address: 'Address',
    formTitle: 'Feedback & Complaints',
    firstName: 'First name',
    lastName: 'Last name',
    emailField: 'Email',
    phoneField: 'Phone number',
    subject: 'Subject',
    message: 'Message',
    submit: 'Submit',
  },
  /** The chauffeur application form (spec §2 "/chauffeur", decision 10). */
  chauffeurForm: {
    title: 'Application form',
    applyingAs: 'I am applying as',
    chauffeur: 'Chauffeur',
    contractor: 'Contractor (with my own vehicle)',
    city: 'City',
    cityPlaceholder: 'Select your city',
    experience: 'Experience',
    experienceYears: 'Years of driving experience',
    experienceText: 'Your chauffeur, driving or hospitality experience',
    personal: 'Personal details',
    firstName: 'First name',
    lastName: 'Last name',
    dateOfBirth: 'Date of birth',
    licence: 'Driver licence details',
    licenceNumber: 'Licence number',
    licenceState: 'State or territory of issue',
    licenceClass: 'Licence class',
    licenceExpiry: 'Expiry date',
    authority: 'Driver authority',
    authorityNumber: 'Driver authority number',
    authorityExpiry: 'Expiry date',
    address: 'Address',
    street: 'Street address',
    suburb: 'Suburb',
    state: 'State or territory',
    postcode: 'Postcode',
    contactDetails: 'Contact details',
    email: 'Email',
    mobile: 'Mobile number',
    statePlaceholder: 'Select',
    submit: 'Submit Application',
    states: [
      'Queensland',
      'New South Wales',
      'Australian Capital Territory',
      'Victoria',
      'Tasmania',
      'South Australia',
      'Western Australia',
      'Northern Territory',
    ],
    licenceClasses: ['C (car)', 'LR (light rigid)', 'MR (medium rigid)', 'HR (heavy rigid)'],
  },
  /** Sign in, sign up and password reset (spec §5 and §8, decisions 7 and 11), word for word. */
  accounts: {
    firstNameRequired: 'First Name is required.',
    lastNameRequired: 'Last Name is required.',
    emailRequired: 'Email is required.',
    emailInvalid: 'Please enter the valid email address.',
    confirmEmailRequired: 'Confirm Email is required.',
    emailsDoNotMatch: 'Emails do not match.',
    passwordRequired: 'Password is required.',
    /** Decision 11: each failed rule has its own message, joined with " / " after the length rule. */
    passwordRules: {
      length: 'Password must be at least 6 characters long.',
      uppercase: 'Password must contain an uppercase letter.',
      lowercase: 'Password must contain a lowercase letter.',
      digit: 'Password must contain a number.',
      special: 'Password must contain a special character (@$!%*?&#).',
    },
    passwordRuleSeparator: ' / ',
    passwordTooLong: (max: number) => `Password must be at most ${max} characters long.`,
    confirmPasswordRequired: 'Confirm Password is required.',
    passwordsDoNotMatch: 'Passwords do not match.',
    tooLong: (max: number) => `Please use at most ${max} characters.`,
    invalidCredentials: 'Invalid credentials, Please try to login again!',
    resetSent: 'Please check your email for the password reset link.',
    emailInUse: 'User is already registered with this email address.',
    emailInUseHelp:
      'Please choose another email address to register. If you have forgotten your password, please click on the Forgot password link to reset your password.',
    tooManySignIns: (minutes: number) =>
      `Too many unsuccessful sign-in attempts. Please wait ${minutes} minutes and try again, or reset your password.`,
    tooManyResets: (minutes: number) =>
      `Too many password reset requests. Please wait ${minutes} minutes and try again.`,
    tooManySignUps: (minutes: number) =>
      `Too many sign-up attempts from your connection. Please wait ${minutes} minutes and try again.`,
    signInUnavailable: 'We could not sign you in just now. Please try again in a moment.',
    signUpUnavailable: 'We could not create your account just now. Please try again in a moment.',
    resetUnavailable: 'We could not change your password just now. Please try again in a moment.',
    resetRequestUnavailable:
      'We could not send a password reset link just now. Please try again in a moment.',
    resetLinkInvalid:
      'This password reset link is invalid, has expired or has already been used. Please ask for a new one.',
    passwordChanged: 'Your password has been changed. Please sign in with your new password.',
    crossSiteRefused:
      'This form was sent from another site, so it was not accepted. Please reload the page and try again.',
  },
  /** Labels of the sign-in, sign-up and new-password pages (spec §2 "/signin", "/signup"). */
  accountPages: {
    signInTitle: 'Sign in',
    signInDescription: 'Sign in to your account to book faster with your details filled in.',
    resetTitle: 'Reset password',
    resetIntro:
      'Enter the email address of your account and we will send you a link to choose a new password.',
    signUpTitle: 'Sign up',
    signUpDescription: 'Create an account to book faster with your details filled in.',
    newPasswordTitle: 'Choose a new password',
    newPasswordDescription: 'Choose a new password for your account.',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email',
    confirmEmail: 'Confirm Email',
    password: 'Password',
    newPassword: 'New password',
    confirmPassword: 'Confirm Password',
    passwordHint:
      'At least 6 characters, with an uppercase letter, a lowercase letter, a number and one of @$!%*?&#.',
    show: 'Show',
    hide: 'Hide',
    showPassword: (label: string) => `Show ${label.toLowerCase()}`,
    hidePassword: (label: string) => `Hide ${label.toLowerCase()}`,
    forgotPassword: 'Forgot Password?',
    signUp: 'Sign up',
    noAccount: "Don't have an account?",
    signInButton: 'Sign in',
    signingIn: 'Signing in…',
    resetButton: 'Reset',
    sending: 'Sending…',
    backToSignIn: 'Back to sign in',
    signUpButton: 'Sign up',
    creatingAccount: 'Creating your account…',
    haveAccount: 'Already have an account?',
    saveNewPassword: 'Save new password',
    saving: 'Saving…',
    askForNewLink: 'Ask for a new link',
  },
  /** Shared by the site's forms. */
  forms: {
    /** The label of the field only robots fill in (never seen by people). */
    honeypot: 'Leave this field empty',
  },
  /** Feedback & Complaints validation and answers (/contact; spec §5 and §8, decision 6). */
  feedback: {
    firstNameRequired: 'Firstname is required.',
    lastNameRequired: 'Lastname is required.',
    emailRequired: 'Email is required.',
    emailInvalid: 'Please enter the valid email address.',
    phoneRequired: 'Phone number is required.',
    subjectRequired: 'Subject is required.',
    messageRequired: 'Message is required.',
    tooLong: (max: number) => `Please use at most ${max} characters.`,
    /** Spec §8, spelling included. */
    success:
      'Your feedback has been submitted succesfully. Business Chauffeur team will contact you shortly!',
    saveFailed: (phone: string) =>
      `We could not send your feedback just now. Everything you typed is still here: please try again in a moment, or call us on ${phone}.`,
    tooMany: (phone: string) =>
      `You have sent several messages in a short time. Please wait a few minutes and try again, or call us on ${phone}.`,
  },
  /** Chauffeur and contractor applications (/chauffeur, decision 10): validation and answers. */
  application: {
    typeRequired: 'Please choose whether you are applying as a chauffeur or a contractor.',
    cityRequired: 'Please select your city.',
    experienceYearsRequired: 'Years of driving experience is required.',
    experienceYearsInvalid:
      'Please enter your years of driving experience as a whole number from 0 to 70.',
    firstNameRequired: 'First name is required.',
    lastNameRequired: 'Last name is required.',
    dateOfBirthRequired: 'Date of birth is required.',
    dateInvalid: 'Please enter a valid date.',
    tooYoung: (age: number) => `Applicants must be at least ${age} years old.`,
    licenceNumberRequired: 'Licence number is required.',
    licenceNumberInvalid: 'Please enter the licence number with letters and digits only.',
    licenceClassRequired: 'Please select your licence class.',
    licenceStateRequired: 'Please select the state or territory that issued your licence.',
    licenceExpiryRequired: 'Licence expiry date is required.',
    licenceExpired: 'This licence has expired. Please enter the details of a current licence.',
    authorityNumberInvalid:
      'Please enter the driver authority number with letters and digits only.',
    authorityExpiryRequired: 'Please enter the expiry date of your driver authority.',
    authorityNumberRequired:
      'Please enter the number of the driver authority that expires on this date.',
    authorityExpired:
      'This driver authority has expired. Leave both fields empty if you do not hold a current one.',
    streetRequired: 'Street address is required.',
    suburbRequired: 'Suburb is required.',
    stateRequired: 'Please select your state or territory.',
    postcodeRequired: 'Postcode is required.',
    postcodeInvalid: 'Please enter a 4-digit postcode.',
    emailRequired: 'Email is required.',
    emailInvalid: 'Please enter the valid email address.',
    mobileRequired: 'Mobile number is required.',
    mobileInvalid: 'Please enter a mobile number of 8 to 15 digits.',
    tooLong: (max: number) => `Please use at most ${max} characters.`,
    successTitle: 'Thank you for applying!',
    success: (type: 'chauffeur' | 'contractor') =>
      `We have received your ${type === 'contractor' ? 'contractor' : 'chauffeur'} application. Our team will review it and contact you within 7 days.`,
    saveFailed: (phone: string) =>
      `We could not send your application just now. Everything you typed is still here: please try again in a moment, or call us on ${phone}.`,
    tooMany: (phone: string) =>
      `You have sent several applications in a short time. Please wait a few minutes and try again, or call us on ${phone}.`,
  },
  /** /manage-booking (spec §2, §5 and §8, decision 16). */
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
    statusText: { DRAFT: 'Awaiting payment', CONFIRMED: 'Confirmed', REJECTED: 'Payment declined' },
    pickup: 'Pickup',
    stop: (index: number) => `Stop ${index + 1}`,
    drop: 'Drop',
    dateTime: 'Date and time',
    queenslandTime: 'Queensland time',
    bookedFor: (hours: number) => `Booked for ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
    vehicle: 'Vehicle',
    passengers: 'Passengers',
    passengerName: 'Passenger',
    distance: 'Total distance',
    travelTime: 'Estimated travel time',
    amount: 'Amount',
    refundAmount: 'Refund amount',
    notes: 'Booking notes',
    requestCancellation: 'Request for cancellation',
    /** Spec §8 "Cancel request", word for word. */
    cancellationMessage: (phone: string) =>
      `Please call on this support number ${phone} to cancel this booking.`,
    cancellationRequestedAt: (when: string) => `Cancellation requested on ${when}.`,
    tooMany: (phone: string) =>
      `Too many booking lookups in a short time. Please wait a minute and try again, or call us on ${phone}.`,
    unavailable: (phone: string) =>
      `We could not look up bookings just now. Please try again in a moment, or call us on ${phone}.`,
  },
  /** /completion: the page a payment redirect (for example 3-D Secure) returns to (decision 12). */
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
    emailNote: 'A confirmation email with your trip details and a calendar file is on its way.',
  },
  /** Answers of the bookings and payments endpoints. */
  bookingApi: {
    paymentUnavailable: (phone: string) =>
      `We could not start the card payment just now. Please try again in a moment, or call us on ${phone} to pay by phone.`,
    idempotencyConflict:
      'This booking request was already used for a different booking. Please start a new booking.',
    notFound: 'This booking could not be found.',
    alreadyPaid: 'This booking is already paid.',
    sandboxOnly: 'Test-mode payments are not available on this site.',
    tooLateToPay: (phone: string) =>
      `Your pickup is now less than an hour away, so this booking can no longer be paid online and your card has not been charged. Please call us on ${phone} and we will arrange your trip.`,
  },
} as const;

export type StoreName = 'App Store' | 'Google Play Store';

export type Messages = typeof en;

export const messages: Messages = en;
