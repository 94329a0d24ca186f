// The message catalogue's page texts: the /booking page around the widget, the 404 and error
// pages, the app badges, the fleet, information, reviews and contact pages, the preview bar, the
// carousel and the application form's labels. Site only: part of the whole catalogue that
// site-messages.ts puts together.

export type StoreName = 'App Store' | 'Google Play Store';

export const pageMessages = {
  /** The site's own /booking page around the widget. */
  bookingPage: {
    title: 'Book your chauffeur',
    description:
      'Book a chauffeur in Brisbane, the Gold Coast or the Sunshine Coast: choose your trip, your vehicle and pay securely online in AUD.',
    /** Shown instead of the wizard when the browser runs no JavaScript; phone and email are links. */
    noScript: {
      text: 'Online booking needs JavaScript, which is turned off in this browser.',
      callUs: 'To book, call us on',
      orEmail: 'or email',
      emailUs: 'To book, email',
    },
  },
  notFound: {
    title: '404 - Page Not Found',
    text: "Oops! The page you're looking for doesn't exist.",
    home: 'Home',
    /** The ways on from a missing page: book, look up a booking, or call. */
    bookNow: 'Book Now',
    manageBooking: 'Manage Booking',
    call: (phone: string) => `Call ${phone}`,
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
    /** The error pages' email link. */
    email: (email: string) => `Email ${email}`,
  },
  /** Fleet cards and vehicle pages: labels around the CMS content. */
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
    notice: 'Draft mode: you are seeing unpublished drafts.',
    exit: 'Leave draft mode',
    linkExpired:
      'This draft-mode link has expired or is not valid. Open the page again from the Studio.',
    otherStudio:
      'This draft-mode link was made by another Studio. Open the page from the Studio of this site.',
    unavailable: 'Draft mode is unavailable for a moment. Open the page again from the Studio.',
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
  /** The reviews page (/reviews). */
  reviews: {
    summary: (rating: string, count: number) => `${rating} rating out of ${count} reviews`,
    stars: (rating: number) => `Rated ${rating} out of 5`,
    pagination: 'Review pages',
    previous: 'Previous',
    next: 'Next',
    page: (page: number) => `Page ${page}`,
    empty: 'No reviews yet.',
  },
  /** The contact page (/contact): the business details and the feedback form's labels. */
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
  /** The chauffeur application form (/chauffeur). */
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
} as const;
