// The actions of the chauffeurs and cars pages: add a chauffeur by hand or from an application in
// one step, add a car, change either (details, expiry dates, active). Staff only (404 for anyone
// else, before anything is read), this site's origin only, the form checked (Conform, the schemas
// the pages use), then the store and one audit entry per change. Every answer is Conform's, so the
// pages show it with or without JavaScript.
import { typedPhoneToE164 } from '@business-chauffeur/booking-contract';
import { data } from '@remix-run/node';
import {
  parseForm,
  receiveForm,
  saveForm,
  START_AGAIN,
  type FormActionArgs,
  type FormAnswer,
} from '~/forms/form-action.server';
import { requireStaff } from '~/staff/staff-access.server';
import { newDocumentId } from '~/store/booking-ids.server';
import { carIdOf, type CarRecord, type ChauffeurRecord } from '~/store/dispatch-store.server';
import { getApplicationStore, getAuditLogStore, getDispatchStore } from '~/store/store.server';
import {
  carFormSchema,
  chauffeurFormSchema,
  dispatchMessages,
  fromApplicationSchema,
} from './dispatch-forms';
import { getDispatchSettings } from './dispatch-settings.server';
import { chauffeurName } from './job-line.server';

const done = (form: string, message: string) =>
  data<FormAnswer<string>>({ result: START_AGAIN, done: message, form });

const saving = {
  unavailable: () => dispatchMessages.unavailable,
};

/** The fields an audit entry shows of a chauffeur (never more than staff see on the page). */
const chauffeurAudit = (chauffeur: ChauffeurRecord | null) =>
  chauffeur
    ? {
        name: chauffeurName(chauffeur),
        mobile: chauffeur.mobile,
        email: chauffeur.email,
        licenceExpiry: chauffeur.licenceExpiry,
        authorisationExpiry: chauffeur.authorisationExpiry,
        active: chauffeur.active,
      }
    : {};

const carAudit = (car: CarRecord | null) =>
  car
    ? {
        plate: car.plate,
        makeModel: car.makeModel,
        vehicleTypeId: car.vehicleTypeId,
        seats: car.seats,
        registrationExpiry: car.registrationExpiry,
        active: car.active,
      }
    : {};

/** The chauffeurs page's forms: save a chauffeur, or make one from an application. */
export async function chauffeursAction(args: FormActionArgs, now: () => Date = () => new Date()) {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const store = getDispatchStore();
  const audit = getAuditLogStore();
  const at = now().toISOString();

  if (received.formData.get('intent') === 'from-application') {
    const form = parseForm(received.formData, fromApplicationSchema, { form: 'from-application' });
    if (!form.ok) return form.answer;
    const saved = await saveForm(
      form.reply,
      async () => {
        const application = await getApplicationStore().getApplication(form.value.applicationId);
        if (!application)
          return { ok: false as const, message: dispatchMessages.applicationMissing };
        const { personal, contact, licence, driverAuthority } = application;
        const mobile = typedPhoneToE164(contact.mobile);
        if (!driverAuthority || !mobile) {
          return { ok: false as const, message: dispatchMessages.applicationIncomplete };
        }
        const chauffeur: ChauffeurRecord = {
          // The application's id: making a chauffeur of it twice (two clicks, two staff) makes one.
          id: application.id,
          firstName: personal.firstName,
          lastName: personal.lastName,
          mobile,
          email: contact.email.toLowerCase(),
          licenceExpiry: licence.expiry,
          authorisationExpiry: driverAuthority.expiry,
          active: true,
          applicationId: application.id,
          createdAt: at,
          updatedAt: at,
        };
        const name = chauffeurName(chauffeur);
        if (!(await store.addChauffeur(chauffeur))) {
          return { ok: false as const, message: dispatchMessages.alreadyChauffeur(name) };
        }
        await audit.record({
          at,
          by: staff.email,
          action: 'chauffeur-from-application',
          subjectId: chauffeur.id,
          subjectLabel: name,
          note: '',
          before: {},
          after: chauffeurAudit(chauffeur),
        });
        return { ok: true as const, name };
      },
      { failure: 'A chauffeur could not be made from an application', ...saving },
    );
    if (!saved.ok) return saved.answer;
    if (!saved.saved.ok) return form.reply({ formErrors: [saved.saved.message], status: 409 });
    return done('from-application', dispatchMessages.chauffeurAdded(saved.saved.name));
  }

  const form = parseForm(received.formData, chauffeurFormSchema, { form: 'chauffeur' });
  if (!form.ok) return form.answer;
  const { id, intent: _intent, ...fields } = form.value;
  const saved = await saveForm(
    form.reply,
    async () => {
      if (id) {
        const before = await store.getChauffeur(id);
        const after = before && (await store.updateChauffeur(id, { ...fields, updatedAt: at }));
        if (!before || !after) return null;
        await audit.record({
          at,
          by: staff.email,
          action: 'chauffeur',
          subjectId: id,
          subjectLabel: chauffeurName(after),
          note: '',
          before: chauffeurAudit(before),
          after: chauffeurAudit(after),
        });
        return dispatchMessages.chauffeurSaved(chauffeurName(after));
      }
      const chauffeur: ChauffeurRecord = {
        id: newDocumentId(),
        ...fields,
        applicationId: null,
        createdAt: at,
        updatedAt: at,
      };
      await store.addChauffeur(chauffeur);
      await audit.record({
        at,
        by: staff.email,
        action: 'chauffeur-added',
        subjectId: chauffeur.id,
        subjectLabel: chauffeurName(chauffeur),
        note: '',
        before: {},
        after: chauffeurAudit(chauffeur),
      });
      return dispatchMessages.chauffeurAdded(chauffeurName(chauffeur));
    },
    { failure: 'A chauffeur could not be saved', ...saving },
  );
  if (!saved.ok) return saved.answer;
  if (saved.saved === null) {
    return form.reply({ formErrors: [dispatchMessages.chauffeurMissing], status: 404 });
  }
  return done('chauffeur', saved.saved);
}

/** The cars page's form: add a car, or change one. */
export async function carsAction(args: FormActionArgs, now: () => Date = () => new Date()) {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const form = parseForm(received.formData, carFormSchema, { form: 'car' });
  if (!form.ok) return form.answer;
  const { id, intent: _intent, plate, ...fields } = form.value;
  const store = getDispatchStore();
  const audit = getAuditLogStore();
  const at = now().toISOString();
  const saved = await saveForm(
    form.reply,
    async () => {
      const { vehicleTypes } = await getDispatchSettings();
      if (!vehicleTypes.some((type) => type.id === fields.vehicleTypeId && !type.archived)) {
        return { ok: false as const, message: dispatchMessages.vehicleTypeRequired };
      }
      if (id) {
        // A car's plate is its id: changing it is adding the car anew (and retiring this one).
        const before = await store.getCar(id);
        const after = before && (await store.updateCar(id, { ...fields, updatedAt: at }));
        if (!before || !after) return { ok: false as const, message: dispatchMessages.carMissing };
        await audit.record({
          at,
          by: staff.email,
          action: 'car',
          subjectId: id,
          subjectLabel: after.plate,
          note: '',
          before: carAudit(before),
          after: carAudit(after),
        });
        return { ok: true as const, message: dispatchMessages.carSaved(after.plate) };
      }
      const car: CarRecord = {
        id: carIdOf(plate),
        plate,
        ...fields,
        createdAt: at,
        updatedAt: at,
      };
      if (!(await store.addCar(car))) {
        return { ok: false as const, message: dispatchMessages.plateTaken(plate) };
      }
      await audit.record({
        at,
        by: staff.email,
        action: 'car-added',
        subjectId: car.id,
        subjectLabel: car.plate,
        note: '',
        before: {},
        after: carAudit(car),
      });
      return { ok: true as const, message: dispatchMessages.carAdded(plate) };
    },
    { failure: 'A car could not be saved', ...saving },
  );
  if (!saved.ok) return saved.answer;
  if (!saved.saved.ok) return form.reply({ formErrors: [saved.saved.message], status: 409 });
  return done('car', saved.saved.message);
}
