// The package's three entries (docs/decisions/070): one name for the catalogue, `messages`; the
// root's holds the domain's texts only, the site's the whole catalogue with the same texts; no
// entry answers to the old second name.
import { describe, expect, it } from 'vitest';
import * as root from '@business-chauffeur/booking-contract';
import * as site from '@business-chauffeur/booking-contract/site';
import * as widget from '@business-chauffeur/booking-contract/widget';

describe('the contract by audience', () => {
  it('exports the catalogue under the one name messages, and no en', () => {
    for (const entry of [root, site, widget]) expect(Object.keys(entry)).not.toContain('en');
    expect(root.messages.booking.pickupRequired).toBe('Pickup location is required.');
    expect(site.messages.notFound.title).toBe('404 - Page Not Found');
  });

  it("keeps the site's page copy and forms out of the root", () => {
    expect(Object.keys(root.messages).sort()).toEqual(
      ['api', 'booking', 'bookingApi', 'completion', 'fareLines', 'lookup', 'manageBooking'].sort(),
    );
    for (const name of ['signInFormSchema', 'feedbackFormSchema', 'createApplicationFormSchema']) {
      expect(root).not.toHaveProperty(name);
      expect(site).toHaveProperty(name);
    }
    for (const name of ['widgetMessages', 'widgetStepMessages', 'createBookingDraft']) {
      expect(root).not.toHaveProperty(name);
      expect(widget).toHaveProperty(name);
    }
  });

  it("gives the site the root's texts as they are, beside its own", () => {
    for (const [key, texts] of Object.entries(root.messages)) {
      expect(site.messages[key as keyof typeof root.messages]).toBe(texts);
    }
  });

  it('says the same child seats and API refusals in the widget as in the root', () => {
    expect(widget.widgetStepMessages.summary.childSeatNames).toBe(
      root.messages.fareLines.childSeatNames,
    );
    expect(widget.widgetMessages.payment.promoInvalid).toBe('This promo code is not valid.');
    expect(widget.widgetMessages.payment.promoInvalid).toBe(root.messages.bookingApi.promoInvalid);
    expect(widget.widgetMessages.payment.saveFailed).toBe(root.messages.bookingApi.saveFailed);
  });
});
