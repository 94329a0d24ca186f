// Partners staff manage, in a browser on the embedded defaults: staff add a partner with a second
// website address at /staff/partners, and a page on that address books and pays at once, with no
// restart of the server; switched off, the same page says where to book instead. The page is
// served from another loopback port (a browser lets no public page load from loopback), so its
// origin is http://127.0.0.1:<port>, the one kind of http:// origin a partner may have.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { test as baseTest, expect } from '@playwright/test';
import { newPerson, signUp, useOwnClientAddress } from './account-helpers';
import { grantStaff } from './staff-helpers';
import {
  expectStep,
  fillContact,
  fillSimpleTrip,
  mere,
  next,
  payWithCard,
  widget,
} from './booking-helpers';

/** A hotel's page with the widget, on a loopback port of its own; its origin. */
async function hotelPage(site: string, label: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en-AU"><head><title>Riverside Grand</title></head>
      <body><main><h1>Airport transfers</h1>
      <chauffeur-booking partner="${label}"></chauffeur-booking></main>
      <script type="module" src="${site}/widget/chauffeur-booking.js"></script></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

baseTest(
  'staff add a partner with a second address, a page there books at once, and switched off it says where to book',
  async ({ page, baseURL, context }) => {
    baseTest.setTimeout(180_000);
    const site = new URL(baseURL!).origin;
    const tag = randomUUID().slice(0, 6);
    const label = `riverside-${tag}`;
    const name = `Riverside Grand ${tag}`;
    const { origin, server } = await hotelPage(site, label);
    try {
      await useOwnClientAddress(page);
      const staff = newPerson('partners');
      await signUp(page, staff);
      await grantStaff(staff.email, site);

      await page.goto('/staff');
      await page
        .getByRole('navigation', { name: 'Operations' })
        .getByRole('link', { name: 'Partners' })
        .click();
      const form = page.getByRole('form', { name: 'Add a partner' });
      await form.getByLabel('Label').fill(label);
      await form.getByLabel('Name').fill(name);
      await form
        .getByLabel(/Website addresses allowed to book/)
        .fill(`https://www.${label}.example\n${origin}`);
      await form.getByLabel('Contact email').fill('concierge@riverside-grand.example');
      await form.getByLabel(/Commission/).fill('10');
      await form.getByRole('button', { name: 'Add partner' }).click();
      await expect(page.getByRole('status')).toHaveText(
        `Added ${name}. Its pages can book within 30 seconds.`,
      );
      const row = page.getByRole('row').filter({ hasText: label });
      await expect(row).toContainText(origin);
      await expect(row).toContainText('10%');

      // The hotel's page, in another tab: it books and pays with no restart of the server.
      const hotel = await context.newPage();
      await hotel.goto(`${origin}/`);
      await expectStep(hotel, 'General Details', 1);
      await fillSimpleTrip(hotel);
      await next(hotel, 'Next: Vehicle Selection');
      await expectStep(hotel, 'Vehicle Selection', 2);
      await hotel
        .getByRole('listitem')
        .filter({ has: hotel.getByRole('heading', { name: 'Executive Sedan' }) })
        .getByRole('button', { name: 'Select Vehicle' })
        .click();
      await next(hotel, 'Next: Passenger Details');
      await fillContact(hotel, mere);
      await next(hotel, 'Next: Summary');
      await next(hotel, 'Next: Payment');
      await payWithCard(hotel, '4242 4242 4242 4242');
      await expect(hotel.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();

      // Switched off: the same page, reloaded, says where to book instead.
      await page.getByRole('link', { name: `Change ${name}` }).click();
      // The partner's own form, once the page has moved to it (until then the form is "Add a
      // partner", and a box ticked there would be lost).
      const change = page.getByRole('form', { name: `Change ${name}` });
      await change.getByLabel('Active: its pages may book').setChecked(false);
      await change.getByRole('button', { name: 'Save partner' }).click();
      await expect(page.getByRole('status')).toHaveText(
        `Saved ${name}. The change reaches every page within 30 seconds.`,
      );
      await expect(page.getByRole('row').filter({ hasText: label })).toContainText('Switched off');
      await hotel.reload();
      await expect(widget(hotel).getByRole('alert')).toContainText(
        `Online booking is not enabled on this website. Book at ${site} or call 1300 975 707.`,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  },
);
