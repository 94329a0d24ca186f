// Luggage in the booking widget, on the embedded defaults (the seeded sedans take 2 suitcases, the
// Premium SUV 3, the Luxury Minibus 12): a vehicle that cannot carry the suitcases asked for on
// step 1 is disabled on step 2 with the reason, and one that can keeps its price.
import { expectSedansDisabled, expectStep, fillSimpleTrip, next } from './booking-helpers';
import { expect, test } from './fixtures';

test('six suitcases disable every sedan with the reason; a minibus still takes them', async ({
  page,
}) => {
  await page.goto('/booking');
  await fillSimpleTrip(page);
  await expect(page.getByRole('spinbutton', { name: 'Suitcases' })).toHaveValue('0');
  await expect(page.getByRole('spinbutton', { name: 'Small bags' })).toHaveValue('0');
  await page.getByRole('spinbutton', { name: 'Suitcases' }).fill('6');
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);

  await expectSedansDisabled(page, 'This vehicle takes up to 2 suitcases.');
  const minibus = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: 'Luxury Minibus' }) });
  await expect(minibus.getByText(/^Price: \$/)).toBeVisible();
  await expect(minibus.getByRole('button', { name: 'Select Vehicle' })).toBeEnabled();
});
