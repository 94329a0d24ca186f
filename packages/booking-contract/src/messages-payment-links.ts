// What a customer reads on a payment link's page (/pay/…): the link staff sent them after a
// booking by phone, or for what a change made higher. An address that is wrong in any way gets the
// one "not found" text, so the page says nothing about bookings or links it does not hold.
export const paymentLinkMessages = {
  paymentLink: {
    title: 'Pay for your booking',
    balanceTitle: 'Pay the balance of your booking',
    intro: (reference: string) =>
      `Booking ${reference} is held for you. Pay below to confirm it: we email your confirmation as soon as it is paid.`,
    balanceIntro: (reference: string) =>
      `Booking ${reference} was changed and its fare is now higher. Pay the difference below; the payment you made before stays as it was.`,
    amount: 'To pay',
    until: 'This link works until',
    payButton: (amount: string) => `Pay ${amount}`,
    cardTitle: 'Card details',
    testMode:
      'Test mode: no card is charged. Use 4242 4242 4242 4242 with any future expiry and any CVC.',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'CVC',
    cardRequired: 'Enter the card number, expiry and CVC.',
    paidTitle: 'Thank you: your payment is received',
    paid: (reference: string) =>
      `Booking ${reference} is paid. We have emailed your confirmation; nothing more is owed on this link.`,
    balancePaid: (reference: string) =>
      `The balance of booking ${reference} is paid. Nothing more is owed on this link.`,
    processingTitle: 'Your payment is being processed',
    processing:
      'Your bank is still confirming the payment. We email you as soon as it is through; there is no need to pay again.',
    failed: 'The payment did not go through. Check the card details, or try another card.',
    notFoundTitle: 'Payment link not found',
    notFound: (phone: string) =>
      `We cannot find this payment link. Check that the address is exactly as in our email or text message, or call us on ${phone}.`,
    expiredTitle: 'This payment link has expired',
    expired: (phone: string) =>
      `Payment links work for 48 hours, and never past the pickup. Call us on ${phone} and we will send you a new one.`,
    replacedTitle: 'This payment link has been replaced',
    replaced: (phone: string) =>
      `We sent you a newer link for this booking: use the latest one in your email or text messages, or call us on ${phone}.`,
    closedTitle: 'This booking cannot be paid by link',
    closed: (phone: string) =>
      `Nothing is owed on this link any more, or the booking has changed. Call us on ${phone} if you are unsure.`,
    payByPhone:
      'This link cannot take a card online at the moment: call us and we will take the payment by phone.',
    needsJavaScript:
      'Paying by card on this page needs JavaScript, which is switched off or still loading in your browser. Switch it on and reload this page, or call us and we will take the payment by phone.',
    stripeDidNotLoad:
      'The secure card form could not load. Check your connection and reload this page, or call us and we will take the payment by phone.',
    paying: 'Paying…',
  },
} as const;
