// Step 5 asks "I agree to the Terms and conditions and the Cancellation policy" before Pay now, on
// a phone and on a laptop: Pay now without it says so at the box and takes no card; the policies
// open in a new tab and leave the wizard as it was; once ticked, the payment goes through and the
// booking keeps the agreement (when, and the policies' revision).
import { storedDocuments } from './account-helpers';
import {
  passengerToPayment,
  payNow,
  termsCheckbox,
  toPassengerStep,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

for (const size of [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} Pay now needs the agreement, which the booking keeps`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.goto('/booking');
    await toPassengerStep(page);
    await passengerToPayment(page);

    const terms = termsCheckbox(page);
    await expect(terms).not.toBeChecked();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay now' }).click();
    const refusal =
      'Please tick the box to agree to the Terms and conditions and the Cancellation policy before you pay.';
    await expect(terms).toBeFocused();
    await expect(terms).toHaveAttribute('aria-invalid', 'true');
    await expect(terms).toHaveAccessibleDescription(refusal);
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toHaveCount(0);

    // Each policy opens in a new tab; the wizard stays on step 5 with what was typed.
    for (const [name, path] of [
      ['Terms and conditions (opens in a new tab)', '/termsAndConditions'],
      ['Cancellation policy (opens in a new tab)', '/cancellationPolicy'],
    ] as const) {
      const link = widget(page).getByRole('link', { name });
      await expect(link).toHaveAttribute('target', '_blank');
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(path);
      await tab.close();
    }
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');

    await terms.check();
    await expect(terms).not.toHaveAttribute('aria-invalid', 'true');
    await payNow(page);
    const confirmation = page.getByText(/Booking RefId for your reference: [A-Z0-9]{8,12}$/);
    await expect(confirmation).toBeVisible();
    const reference = ((await confirmation.textContent()) ?? '').split(': ').at(-1) ?? '';
    const [stored] = storedDocuments('bookings', '$.bookingReferenceId', reference);
    expect(stored?.termsAcceptance).toMatchObject({
      revision: expect.stringMatching(/^termsAndConditions@\S+;cancellationPolicy@\S+$/),
    });
  });
}
