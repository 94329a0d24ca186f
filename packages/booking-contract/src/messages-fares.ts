// The message catalogue's fare texts: the lines of a fare as the widget, the emails, the invoices
// and the staff pages show them. Part of the catalogue's domain part (messages.ts).

export const fareMessages = {
  fareLines: {
    /** The fare of a trip by distance. */
    fareByDistance: 'Fare (base and distance)',
    /** The fare of a booking by the hour: "Fare (3 hours)". */
    fareByTheHour: (hours: number) => `Fare (${hours} ${hours === 1 ? 'hour' : 'hours'})`,
    afterHoursSurcharge: 'After-hours surcharge',
    publicHolidaySurcharge: 'Public holiday surcharge',
    /** A percentage surcharge's detail: "15% of the fare". */
    percentOfFare: (percentage: number) => `${percentage}% of the fare`,
    tolls: 'Tolls',
    tollsDetail: 'Estimated for your route',
    /** The promo code's line: "Discount (WELCOME10)". */
    discount: (code: string) => `Discount (${code})`,
    /** A percentage discount's detail: "10% off". */
    percentOff: (percentage: number) => `${percentage}% off`,
    /** An extra's name in "… are not available in sedans" when the CMS gives none. */
    childSeatsPlural: 'Child seats',
    /** Singular and plural of each kind, for "2 child seats: 1 baby capsule, 1 booster". */
    childSeatNames: {
      babyCapsule: ['baby capsule', 'baby capsules'],
      childSeat: ['child seat', 'child seats'],
      booster: ['booster', 'boosters'],
    },
    trailersPlural: 'Trailers',
  },
} as const;
