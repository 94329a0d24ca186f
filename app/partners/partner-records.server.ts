// The action of /staff/partners: add a partner or change one (name, origins, contact, commission,
// switched on or off). Staff only (404 for anyone else, before anything is read), this site's
// origin only, the form checked (Conform, the schema the page uses), then the store and one audit
// entry per change. A save forgets this instance's list of partners at once; the other instances
// read it again within 30 seconds (partner-directory.server.ts).
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
import type { PartnerRecord, PartnerSaveOutcome } from '~/store/partner-store.server';
import { getAuditLogStore, getPartnerStore } from '~/store/store.server';
import { getConfig } from '~/utils/env.server';
import { environmentOrigins, partnerDirectory } from './partner-directory.server';
import { partnerFormSchema, partnerMessages } from './partner-forms';

/** What an audit entry shows of a partner (what staff see on the page). */
export const partnerAudit = (partner: PartnerRecord | null) =>
  partner
    ? {
        name: partner.name,
        origins: partner.origins,
        contactEmail: partner.contactEmail,
        commissionBasisPoints: partner.commissionBasisPoints,
        active: partner.active,
      }
    : {};

function refusalOf(outcome: Exclude<PartnerSaveOutcome, { ok: true }>, label: string): string {
  switch (outcome.reason) {
    case 'label-taken':
      return partnerMessages.labelTaken(label);
    case 'missing':
      return partnerMessages.missing;
    case 'origin-taken':
      return partnerMessages.originTaken(outcome.origin, outcome.partnerId);
  }
}

export async function partnersAction(args: FormActionArgs, now: () => Date = () => new Date()) {
  const staff = await requireStaff(args.request);
  const received = await receiveForm(args);
  if (!received.ok) return received.answer;
  const form = parseForm(received.formData, partnerFormSchema, { form: 'partner' });
  if (!form.ok) return form.answer;
  const { id, intent: _intent, label, commission, ...fields } = form.value;
  // An origin PARTNER_ORIGINS allows is the environment's partner: a second, stored owner would
  // leave the page allowed after staff switched it off.
  const fromEnvironment = environmentOrigins(getConfig().partnerOrigins);
  const shared = fields.origins.find((origin) => fromEnvironment.includes(origin));
  if (shared) {
    return form.reply({ formErrors: [partnerMessages.environmentOrigin(shared)], status: 409 });
  }
  const at = now().toISOString();
  const store = getPartnerStore();
  const saved = await saveForm(
    form.reply,
    async () => {
      const outcome = id
        ? await store.updatePartner(id, {
            ...fields,
            commissionBasisPoints: commission,
            updatedAt: at,
          })
        : await store.addPartner({
            id: label,
            ...fields,
            commissionBasisPoints: commission,
            createdAt: at,
            updatedAt: at,
          });
      if (!outcome.ok) return { ok: false as const, message: refusalOf(outcome, label) };
      partnerDirectory.forget();
      await getAuditLogStore().record({
        at,
        by: staff.email,
        action: outcome.previous ? 'partner' : 'partner-added',
        subjectId: `partner:${outcome.partner.id}`,
        subjectLabel: outcome.partner.name,
        note: '',
        before: partnerAudit(outcome.previous),
        after: partnerAudit(outcome.partner),
      });
      return {
        ok: true as const,
        message: outcome.previous
          ? partnerMessages.saved(outcome.partner.name)
          : partnerMessages.added(outcome.partner.name),
      };
    },
    { failure: 'A partner could not be saved', unavailable: () => partnerMessages.unavailable },
  );
  if (!saved.ok) return saved.answer;
  if (!saved.saved.ok) return form.reply({ formErrors: [saved.saved.message], status: 409 });
  return data<FormAnswer<string>>({
    result: START_AGAIN,
    done: saved.saved.message,
    form: 'partner',
  });
}
