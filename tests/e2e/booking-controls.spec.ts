// The booking widget's controls on /booking: Previous and Clear Form, the place fields by keyboard
// (the combobox pattern), By the Hour, a fleet "Book Now" link's prefill, and every step at 320 px.
import {
  choosePlace,
  dateAhead,
  expectStep,
  fillContact,
  fillSimpleTrip,
  footer,
  mere,
  next,
  passengerToPayment,
  payWithCard,
  toPassengerStep,
  widget,
} from './booking-helpers';
import { expect, test } from './fixtures';

test('Previous keeps what was entered; Clear Form starts again; both hidden once the booking is saved', async ({
  page,
}) => {
  await page.goto('/booking');
  const { pickup } = await fillSimpleTrip(page);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  await next(page, 'Next: Vehicle Selection');
  await expectStep(page, 'Vehicle Selection', 2);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue(pickup);

  await next(page, 'Next: Vehicle Selection');
  const sedan = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Executive Sedan' }) });
  await sedan.getByRole('button', { name: 'Select Vehicle' }).click();
  await expect(footer(page)).not.toContainText('Total: $0.00');
  await next(page, 'Next: Passenger Details');
  await page.getByLabel('First name').fill('Mere');
  // Back to the vehicle step: its fee and selection are cleared.
  await page.getByRole('button', { name: 'Previous' }).click();
  await expectStep(page, 'Vehicle Selection', 2);
  await expect(footer(page)).toContainText('Total: $0.00');
  await expect(sedan.getByRole('button', { name: 'Select Vehicle' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Clear Form (once confirmed): a fresh step 1.
  await page.getByRole('button', { name: 'Clear Form' }).click();
  await page.getByRole('button', { name: 'Yes, clear the form' }).click();
  await expectStep(page, 'General Details', 1);
  await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue('');
  await expect(page.getByLabel('Booking date')).toHaveValue('');
  await expect(page.getByLabel('Pickup time')).toHaveValue('10:00');
  await expect(footer(page)).toContainText('Total: $0.00');

  // After saving (step 5) neither is offered.
  await toPassengerStep(page);
  await expect(page.getByLabel('First name')).toHaveValue('');
  await passengerToPayment(page);
  await expect(page.getByRole('button', { name: 'Clear Form' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Previous' })).toHaveCount(0);
  // A mistyped card number gets the provider's message (a card_error), and no charge.
  await payWithCard(page, '4242 4242 4242 4241');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your card number is incorrect.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Clear Form' })).toHaveCount(0);
});

for (const size of [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
]) {
  test(`at ${size.width} × ${size.height} Clear Form asks first, and keeping the details keeps them`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/booking');
    const { pickup } = await fillSimpleTrip(page);
    const clear = page.getByRole('button', { name: 'Clear Form' });
    await clear.click();
    const question = page.getByRole('group', {
      name: 'Clear every field and start again? What you entered cannot be brought back.',
    });
    await expect(question).toBeVisible();
    await expect(question).toBeInViewport();
    // The safe answer has focus: Enter by mistake keeps everything.
    await expect(question.getByRole('button', { name: 'Keep my details' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(clear).toBeFocused();
    await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue(pickup);

    // Escape is No too.
    await clear.click();
    await page.keyboard.press('Escape');
    await expect(clear).toBeFocused();
    await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue(pickup);

    await clear.click();
    await question.getByRole('button', { name: 'Yes, clear the form' }).click();
    await expect(page.getByRole('combobox', { name: /^FROM/ })).toHaveValue('');
    await expect(page.getByLabel('Booking date')).toHaveValue('');
    await expect(clear).toBeVisible();
  });
}

test('place fields follow the combobox pattern; leaving one without choosing keeps the text and asks to choose', async ({
  page,
}) => {
  await page.goto('/booking');
  const from = page.getByRole('combobox', { name: /^FROM/ });
  await from.click();
  await page.keyboard.type('Brisbane Air', { delay: 20 });
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  await expect(from).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  const second = options.nth(1);
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await expect(from).toHaveAttribute(
    'aria-activedescendant',
    (await second.getAttribute('id')) ?? '',
  );
  const chosen = (await second.textContent()) ?? '';
  await page.keyboard.press('Enter');
  await expect(from).toHaveValue(chosen);
  await expect(from).toHaveAttribute('aria-expanded', 'false');
  // Enter chose a suggestion: it did not submit the step.
  await expectStep(page, 'General Details', 1);

  // Escape closes the list and keeps the text.
  await from.fill('South Bank');
  await expect(options.first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(from).toHaveAttribute('aria-expanded', 'false');
  await expect(from).toHaveValue('South Bank');
  // Tab away from text that was not chosen: the text stays, with what to do under it.
  await page.keyboard.press('Tab');
  await expect(from).toHaveValue('South Bank');
  await expect(from).toHaveAccessibleDescription('Choose a place from the list.');
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  // Next still refuses it, with the field's own message.
  await next(page, 'Next: Vehicle Selection');
  await expect(from).toHaveAccessibleDescription('Pickup location is required.');
  await expectStep(page, 'General Details', 1);

  // A click elsewhere while the list is open does the same.
  await from.fill('12 Nowhere Road Paddington');
  await from.fill('Paddington');
  await expect(options.first()).toBeVisible();
  await page.getByLabel('Booking date').click();
  await expect(from).toHaveValue('Paddington');
  await expect(from).toHaveAttribute('aria-expanded', 'false');
  await expect(from).toHaveAccessibleDescription('Choose a place from the list.');

  // Nothing found is said, not silent.
  const to = page.getByRole('combobox', { name: /^TO/ });
  await to.fill('Qwxzzq');
  await expect(page.getByRole('option', { name: /No matching places/ })).toBeVisible();
});

test('By the Hour: minus 0.5 is disabled at 0, plus adds 1, switching resets the hours', async ({
  page,
}) => {
  await page.goto('/booking');
  await page.getByRole('switch', { name: 'By the Hour' }).check();
  const minus = page.getByRole('button', { name: 'Decrease hours by 0.5' });
  const plus = page.getByRole('button', { name: 'Increase hours by 1' });
  const hours = widget(page).locator('output');
  await expect(hours).toHaveText('0');
  await expect(minus).toBeDisabled();
  await plus.click();
  await plus.click();
  await expect(hours).toHaveText('2');
  await minus.click();
  await expect(hours).toHaveText('1.5');
  await page.getByRole('switch', { name: 'By the Hour' }).uncheck();
  await expect(hours).toHaveCount(0);
  await page.getByRole('switch', { name: 'By the Hour' }).check();
  await expect(hours).toHaveText('0');
});

test('a fleet "Book Now" link pre-selects its vehicle; other query parameters prefill step 1', async ({
  page,
}) => {
  const date = dateAhead(20);
  await page.goto(`/booking?vehicle=premium-suv&passengers=3&date=${date}`);
  await expect(page.getByLabel('Passengers')).toHaveValue('3');
  await expect(page.getByLabel('Booking date')).toHaveValue(date);
  await choosePlace(page, /^FROM/, 'Brisbane Airport', /Domestic Terminal/);
  await choosePlace(page, /^TO/, 'Surfers');
  await next(page, 'Next: Vehicle Selection');
  const suv = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Premium SUV' }) });
  await expect(suv.getByRole('button', { name: 'Select Vehicle' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(footer(page)).not.toContainText('Total: $0.00');
});

test('at 320 px every step fits without sideways scrolling and buttons are 44 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/booking');
  const fits = async (where: string) => {
    // Everything the widget draws stays within the 320 px screen (the page around it is the
    // shell's, tested with the shell).
    const overflow = await widget(page).evaluate((host) =>
      [host, ...(host.shadowRoot?.querySelectorAll('*') ?? [])]
        .filter((element) => element.getBoundingClientRect().right > 320.5)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    expect(overflow, `wider than the screen on ${where}`).toEqual([]);
    const small = await widget(page).evaluate((host) =>
      [
        ...(host.shadowRoot?.querySelectorAll(
          'button, [role="switch"], input, select, textarea, a',
        ) ?? []),
      ]
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => ({ element, box: element.getBoundingClientRect() }))
        .filter(({ element, box }) =>
          element.getAttribute('role') === 'switch' ? box.height < 24 : box.height < 44,
        )
        .map(({ element }) => element.outerHTML.slice(0, 80)),
    );
    expect(small, `touch targets on ${where}`).toEqual([]);
  };
  await fits('step 1');
  await toPassengerStep(page);
  await fits('step 3');
  await fillContact(page, mere);
  await next(page, 'Next: Summary');
  await expectStep(page, 'Summary', 4);
  await fits('step 4');
  await next(page, 'Next: Payment');
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();
  await fits('step 5');
});
