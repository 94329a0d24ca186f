// Step 2 with a child seat asked for, on a phone and on a laptop: the vehicles the trip can use come
// first, cheapest first; the sedans follow under "Not available for this trip" with the reason said
// once; the fine print the vehicles share (surcharges, cancellations) is shown once under the list,
// and each card keeps only its own limits. No card speaks of another state's rules.
import { expectSedansDisabled, expectStep, fillSimpleTrip, next, widget } from './booking-helpers';
import { expect, test } from './fixtures';

const SURCHARGES =
  'Fares include surcharges (15 % from 10 PM to 5 AM, 25 % on public holidays) and tolls when our route service can estimate them.';

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} usable vehicles come first and the fine print is said once`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/booking');
    await fillSimpleTrip(page);
    await page
      .getByRole('group', { name: 'Child seats' })
      .getByRole('spinbutton', { name: 'Child seats', exact: true })
      .fill('1');
    await next(page, 'Next: Vehicle Selection');
    await expectStep(page, 'Vehicle Selection', 2);

    await expectSedansDisabled(page, 'Child seats are not available in sedans.');
    const usable = widget(page).getByRole('list', { name: 'Vehicles for your trip' });
    const cards = usable.locator(':scope > li');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    // Cheapest first.
    const prices = (await usable.locator('.cb-price').allTextContents()).map((text) =>
      Number(text.replace(/[^\d.]/g, '')),
    );
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The first card on screen is one the customer can choose.
    await expect(cards.first().getByRole('button', { name: 'Select Vehicle' })).toBeEnabled();

    // Shared fine print once, under the list; a card's own limit stays on it.
    await expect(widget(page).getByText(SURCHARGES, { exact: true })).toHaveCount(1);
    await expect(widget(page).getByText(/Cancellations with less than 1 hour/)).toHaveCount(1);
    const suv = usable
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Premium SUV' }) });
    await expect(suv.locator('.cb-disclaimer')).toHaveText('Trailers are not available on SUVs.');
    await expect(widget(page)).not.toContainText('Victoria');
    const peopleMover = usable
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'People Mover' }) });
    await expect(peopleMover.locator('.cb-disclaimer')).toHaveText(
      'A luggage trailer can be added in the booking form ($30).',
    );
  });
}
