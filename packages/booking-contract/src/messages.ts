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
} as const;

export type StoreName = 'App Store' | 'Google Play Store';

export type Messages = typeof en;

export const messages: Messages = en;
