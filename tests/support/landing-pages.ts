// Documents an editor publishes in the Studio with no change to the code: a weddings landing page
// with a booking section that opens the booking form with the stretch limousine chosen, and a new
// service area. Written as the Studio stores them (content/dataset.ndjson's format), for the tests
// that add them to a copy of the seed dataset and the bench that measures /weddings. Plain data:
// the browser tests import it too.

type Document = Record<string, unknown> & { _id: string; _type: string };

const block = (key: string, text: string, style = 'normal') => ({
  _type: 'block',
  _key: key,
  style,
  markDefs: [],
  children: [{ _type: 'span', _key: `${key}-text`, text, marks: [] }],
});

/** A page as the seed's pages were before sections: a hero and a body, nothing else. */
export function weddingsPage(overrides: Partial<Document> = {}): Document {
  return {
    _id: 'page.weddings',
    _type: 'page',
    title: 'Wedding Cars',
    route: { _type: 'slug', current: 'weddings' },
    hero: {
      heading: 'Wedding Cars',
      text: 'A stretch limousine for the bridal party, and minibuses and coaches for your guests between the ceremony and the reception.',
    },
    body: [
      block(
        'w1',
        'Arrive in style on your wedding day. Our chauffeurs plan every leg with you and build in time for photographs.',
      ),
    ],
    seo: {
      _type: 'seo',
      title: 'Wedding Cars and Limousines',
      description:
        'Wedding cars with a chauffeur: a stretch limousine for the bridal party and minibuses or coaches for your guests.',
    },
    ...overrides,
  };
}

/** The booking section of the weddings page: the booking form with the stretch limousine chosen. */
export const WEDDINGS_BOOKING_SECTION = {
  _key: 'book',
  _type: 'bookingSection',
  heading: 'Book your wedding car',
  text: 'Choose the day and the addresses; the stretch limousine is already selected.',
  vehicle: { _type: 'reference', _ref: 'vehicleType.stretch-limousine' },
  passengers: 6,
};

/** The weddings page built from sections: its text, then the booking form. */
export function weddingsLandingPage(): Document {
  const { body, ...page } = weddingsPage();
  return {
    ...page,
    sections: [{ _key: 'text', _type: 'richText', body }, WEDDINGS_BOOKING_SECTION],
  };
}

/** A service area as an editor first publishes it: name, address, summary, hero and copy. */
export function toowoombaArea(): Document {
  return {
    _id: 'serviceArea.toowoomba',
    _type: 'serviceArea',
    name: 'Toowoomba',
    route: { _type: 'slug', current: 'service-area-toowoomba' },
    order: 4,
    summary: 'Chauffeur cars between Toowoomba, Brisbane and the airports, booked online.',
    hero: {
      heading: 'Chauffeur Service in Toowoomba',
      text: 'Transfers between Toowoomba and Brisbane, with a professional chauffeur.',
    },
    copy: [block('t1', 'Tell us where you are going and we plan the trip with you.')],
  };
}
