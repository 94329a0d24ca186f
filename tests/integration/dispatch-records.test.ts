// Chauffeurs and cars through the real Remix request handler, on the embedded store, with real
// sessions: an application becomes a chauffeur in one step (once, however often it is sent), a
// chauffeur is added by hand with the mobile kept in E.164 and changed later, a car is added
// under its plate (a second car with the plate is refused, and a vehicle type the CMS does not
// have), every change one audit entry. Visitors and customers get the plain 404 on the pages and
// the posts, and a post from another site is refused and changes nothing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as StoreModule from '~/store/store.server';
import { sampleApplication } from './application-store.contract';
import { textOf } from '../support/manage-booking';
import { startRemixApp, type RemixApp } from '../support/remix-app';
import { staffSession } from '../support/staff-session';
import { useTestEnvironment } from '../support/test-environment';

vi.setConfig({ testTimeout: 60_000 });

const env = useTestEnvironment();
let app: RemixApp;
const { post, get, signUp, signUpStaff } = staffSession(() => app);

const STAFF = 'dispatch@businesschauffeur.example';
let staffCookie: string;
let customerCookie: string;

const store = () => app.load<typeof StoreModule>('/app/store/store.server.ts');

beforeAll(async () => {
  app = await startRemixApp();
  staffCookie = await signUpStaff(STAFF);
  customerCookie = await signUp('customer@example.com');
});

afterAll(async () => {
  await app?.close();
  env.restore();
});

const chauffeurForm = {
  intent: 'save-chauffeur',
  firstName: 'Priya',
  lastName: 'Raman',
  mobile: '0412 345 678',
  email: 'Priya.Raman@example.com',
  licenceExpiry: '2030-03-31',
  authorisationExpiry: '2027-08-31',
  active: 'on',
};

const carForm = {
  intent: 'save-car',
  plate: '123 abc',
  makeModel: 'Mercedes-Benz E 300',
  vehicleTypeId: 'vehicleType.executive-sedan',
  seats: '3',
  registrationExpiry: '2027-06-30',
  active: 'on',
};

describe('chauffeurs', () => {
  it('makes a chauffeur of an application in one step, once however often it is sent', async () => {
    const { getApplicationStore, getDispatchStore, getAuditLogStore } = await store();
    const application = await getApplicationStore().addApplication(
      sampleApplication({ contact: { email: 'Arthur@Example.com', mobile: '0400 111 222' } }),
    );
    const list = textOf(await (await get('/staff/applications', staffCookie)).text());
    expect(list).toContain('Make Arthur Upfield a chauffeur');

    const made = await post(
      '/staff/chauffeurs',
      { intent: 'from-application', applicationId: application.id },
      { Cookie: staffCookie },
    );
    expect(made.status).toBe(200);
    expect(textOf(await made.text())).toContain('Arthur Upfield is now a chauffeur.');
    await expect(getDispatchStore().getChauffeur(application.id)).resolves.toMatchObject({
      firstName: 'Arthur',
      lastName: 'Upfield',
      mobile: '+61400111222',
      email: 'arthur@example.com',
      licenceExpiry: '2031-05-01',
      authorisationExpiry: '2030-01-31',
      active: true,
      applicationId: application.id,
    });

    const again = await post(
      '/staff/chauffeurs',
      { intent: 'from-application', applicationId: application.id },
      { Cookie: staffCookie },
    );
    expect(again.status).toBe(409);
    expect(textOf(await again.text())).toContain('Arthur Upfield is already a chauffeur');
    const chauffeurs = await getDispatchStore().listChauffeurs();
    expect(
      chauffeurs.filter((chauffeur) => chauffeur.applicationId === application.id),
    ).toHaveLength(1);
    const audit = await getAuditLogStore().listFor(application.id);
    expect(audit.map((entry) => [entry.action, entry.by])).toEqual([
      ['chauffeur-from-application', STAFF],
    ]);
    const after = textOf(await (await get('/staff/applications', staffCookie)).text());
    expect(after).toContain('Now a chauffeur');
  });

  it('refuses an application without a driver authorisation, and one that is gone', async () => {
    const { getApplicationStore } = await store();
    const application = await getApplicationStore().addApplication(
      sampleApplication({ driverAuthority: null }),
    );
    const refused = await post(
      '/staff/chauffeurs',
      { intent: 'from-application', applicationId: application.id },
      { Cookie: staffCookie },
    );
    expect(refused.status).toBe(409);
    expect(textOf(await refused.text())).toContain('has no driver authorisation yet');
    const gone = await post(
      '/staff/chauffeurs',
      { intent: 'from-application', applicationId: 'no-such-application' },
      { Cookie: staffCookie },
    );
    expect(textOf(await gone.text())).toContain('That application is no longer there.');
  });

  it('adds a chauffeur by hand with the mobile in E.164, shows them, and changes them', async () => {
    const bad = await post(
      '/staff/chauffeurs',
      { ...chauffeurForm, mobile: 'call after 5', licenceExpiry: 'soon' },
      { Cookie: staffCookie },
    );
    expect(bad.status).toBe(400);
    const badText = textOf(await bad.text());
    expect(badText).toContain('Enter the chauffeur’s mobile number, for example 0412 345 678.');
    expect(badText).toContain('Enter the date the driver licence expires.');

    const added = await post('/staff/chauffeurs', chauffeurForm, { Cookie: staffCookie });
    expect(added.status).toBe(200);
    expect(textOf(await added.text())).toContain('Priya Raman is now a chauffeur.');
    const { getDispatchStore, getAuditLogStore } = await store();
    const priya = (await getDispatchStore().listChauffeurs()).find((c) => c.lastName === 'Raman')!;
    expect(priya).toMatchObject({ mobile: '+61412345678', email: 'priya.raman@example.com' });
    const page = textOf(await (await get('/staff/chauffeurs', staffCookie)).text());
    expect(page).toContain('Priya Raman');
    expect(page).toContain('+61 412 345 678');
    expect(page).toContain('Tuesday 31 August 2027');

    const changed = await post(
      '/staff/chauffeurs',
      { ...chauffeurForm, id: priya.id, authorisationExpiry: '2028-08-31', active: '' },
      { Cookie: staffCookie },
    );
    expect(changed.status).toBe(200);
    await expect(getDispatchStore().getChauffeur(priya.id)).resolves.toMatchObject({
      authorisationExpiry: '2028-08-31',
      active: false,
    });
    const audit = await getAuditLogStore().listFor(priya.id);
    expect(audit.map((entry) => entry.action)).toEqual(['chauffeur-added', 'chauffeur']);
    expect(audit[1]!.before).toMatchObject({ authorisationExpiry: '2027-08-31', active: true });
    expect(audit[1]!.after).toMatchObject({ authorisationExpiry: '2028-08-31', active: false });
  });
});

describe('cars', () => {
  it('adds a car under its plate, refuses the plate again and a vehicle type the CMS lacks', async () => {
    const added = await post('/staff/cars', carForm, { Cookie: staffCookie });
    expect(added.status).toBe(200);
    expect(textOf(await added.text())).toContain('Added car 123 ABC.');
    const { getDispatchStore, getAuditLogStore } = await store();
    await expect(getDispatchStore().getCar('123ABC')).resolves.toMatchObject({
      plate: '123 ABC',
      seats: 3,
      vehicleTypeId: 'vehicleType.executive-sedan',
      active: true,
    });

    const twice = await post(
      '/staff/cars',
      { ...carForm, plate: '123-ABC' },
      { Cookie: staffCookie },
    );
    expect(twice.status).toBe(409);
    expect(textOf(await twice.text())).toContain(
      'A car with the plate 123-ABC is already in the fleet',
    );

    const unknown = await post(
      '/staff/cars',
      { ...carForm, plate: '999 ZZZ', vehicleTypeId: 'vehicleType.hovercraft' },
      { Cookie: staffCookie },
    );
    expect(unknown.status).toBe(409);
    expect(textOf(await unknown.text())).toContain('Choose the vehicle type the car counts as.');
    await expect(getDispatchStore().getCar('999ZZZ')).resolves.toBeNull();

    const page = textOf(await (await get('/staff/cars', staffCookie)).text());
    expect(page).toContain('123 ABC');
    expect(page).toContain('Executive Sedan');

    const changed = await post(
      '/staff/cars',
      { ...carForm, id: '123ABC', plate: '123 ABC', seats: '4' },
      { Cookie: staffCookie },
    );
    expect(changed.status).toBe(200);
    const audit = await getAuditLogStore().listFor('123ABC');
    expect(audit.map((entry) => entry.action)).toEqual(['car-added', 'car']);
  });
});

describe('who may use them', () => {
  it('answers visitors and customers with the plain 404 and refuses a post from another site', async () => {
    for (const path of ['/staff/chauffeurs', '/staff/cars']) {
      expect((await get(path)).status).toBe(404);
      expect((await get(path, customerCookie)).status).toBe(404);
      expect((await post(path, chauffeurForm, { Cookie: customerCookie })).status).toBe(404);
    }
    const { getDispatchStore } = await store();
    const before = (await getDispatchStore().listCars()).length;
    const foreign = await post(
      '/staff/cars',
      { ...carForm, plate: 'EVIL 1' },
      // This host under another scheme: it reaches the action, which refuses it itself (another
      // host is stopped before, by the server and by Remix).
      { Cookie: staffCookie, Origin: 'https://localhost' },
    );
    expect(foreign.status).toBe(403);
    expect(await getDispatchStore().listCars()).toHaveLength(before);
  });
});
