// The summary before paying shows who travels and who books (name, mobile, email), each part with
// a Change link back to its step; the confirmation's recap adds the flight, the stops and the hours.
// On a phone and on a laptop.
import {
  choosePlace,
  dateAhead,
  expectStep,
  fillContact,
  next,
  payWithCard,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} the summary names the passenger and the booker, and the recap the flight, stop and hours`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await page.goto('/booking');
    await choosePlace(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
    await page.getByRole('textbox', { name: /^Flight number/ }).fill('QF 512');
    await choosePlace(page, /^TO/, 'South Bank', /South Bank Parklands/);
    await page.getByRole('switch', { name: 'Add a stop?' }).check();
    const stop = await choosePlace(page, 'Stop 1', 'Portside');
    await page.getByLabel('Booking date').fill(dateAhead(11));
    await page.getByRole('switch', { name: 'By the Hour' }).check();
    await page.getByRole('button', { name: 'Increase hours by 1' }).click();
    await page.getByRole('button', { name: 'Increase hours by 1' }).click();
    await next(page, 'Next: Vehicle Selection');
    await expectStep(page, 'Vehicle Selection', 2);
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) })
      .getByRole('button', { name: 'Select Vehicle' })
      .click();
    await next(page, 'Next: Passenger Details');
    await fillContact(page.getByRole('group', { name: 'Passenger details' }), {
      firstName: 'Mere',
      lastName: 'Tane',
      mobile: '412345678',
      email: 'mere.tane@example.com',
    });
    await page.getByRole('switch', { name: 'Booking on behalf of someone else?' }).check();
    await fillContact(page.getByRole('group', { name: 'Your details (person booking)' }), {
      firstName: 'Liam',
      lastName: 'Walker',
      mobile: '498765432',
      email: 'liam.walker@exmaple.com',
    });
    await next(page, 'Next: Summary');
    await expectStep(page, 'Summary', 4);

    const part = (name: string) => widget(page).getByRole('region', { name });
    const value = (name: string, term: string) =>
      part(name)
        .locator('dl > div')
        .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
        .getByRole('definition');
    await expect(value('Passenger', 'Name')).toHaveText('Mere Tane');
    await expect(value('Passenger', 'Mobile')).toHaveText('+61 412 345 678');
    await expect(value('Passenger', 'Email')).toHaveText('mere.tane@example.com');
    await expect(value('Booked by', 'Name')).toHaveText('Liam Walker');
    await expect(value('Booked by', 'Mobile')).toHaveText('+61 498 765 432');
    await expect(value('Booked by', 'Email')).toHaveText('liam.walker@exmaple.com');
    await expect(value('Vehicle', 'Vehicle')).toHaveText('Executive Sedan');

    // The typo in the booker's email is found here: Change goes straight back to step 3.
    await page.getByRole('button', { name: 'Change who is booking' }).click();
    await expectStep(page, 'Passenger Details', 3);
    await page
      .getByRole('group', { name: 'Your details (person booking)' })
      .getByLabel('Email')
      .fill('liam.walker@example.com');
    await next(page, 'Next: Summary');
    await expect(value('Booked by', 'Email')).toHaveText('liam.walker@example.com');
    for (const name of [
      'Change the trip',
      'Change the vehicle',
      "Change the passenger's details",
    ]) {
      await expect(page.getByRole('button', { name })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Change the trip' }).click();
    await expectStep(page, 'General Details', 1);
    await expect(page.getByRole('combobox', { name: 'Stop 1' })).toHaveValue(stop);
    await next(page, 'Next: Vehicle Selection');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) })
      .getByRole('button', { name: 'Select Vehicle' })
      .click();
    await next(page, 'Next: Passenger Details');
    await next(page, 'Next: Summary');
    await next(page, 'Next: Payment');
    await payWithCard(page, '4242 4242 4242 4242');
    await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

    const recap = (term: string) =>
      page
        .getByLabel('Your trip')
        .locator('div')
        .filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) }) })
        .getByRole('definition');
    await expect(recap('Flight')).toHaveText('QF512 (pickup at its scheduled arrival)');
    await expect(recap('Stop 1')).toHaveText(stop);
    await expect(recap('Hours')).toHaveText('Booked for 2 hours');
  });
}
