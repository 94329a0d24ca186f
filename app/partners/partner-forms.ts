// The partner form of /staff/partners (add a partner, or change one), checked the same in the
// browser (Conform) and by the action.
// The contract's zod, configured (jitless) before these schemas are built: this module reaches the
// browser in chunks of its own, where the contract's index may not have run.
import { z } from '@business-chauffeur/booking-contract/zod';
import { basisPointsOf, PARTNER_LABEL_PATTERN, partnerOriginOf } from './partner-origins';

/** How many origins one partner may have (a site, its www twin, staging, a booking subdomain…). */
export const MAX_PARTNER_ORIGINS = 10;

export const partnerMessages = {
  nameRequired: 'Enter the partner’s name, for example Riverside Grand Hotel.',
  nameTooLong: 'Keep the name under 80 characters.',
  labelInvalid:
    'Enter a label of 2 to 40 lower-case letters, digits, dots, hyphens or underscores, for example riverside-grand.',
  originsRequired: 'Enter at least one website address, for example https://www.hotel.example.',
  originInvalid: (text: string) =>
    `“${text}” is not a website address we can allow: enter the address as the browser shows it, https:// and the host only (http:// only for localhost), for example https://www.hotel.example.`,
  tooManyOrigins: `Enter at most ${MAX_PARTNER_ORIGINS} website addresses.`,
  emailInvalid: 'Enter the partner’s contact email, for example concierge@hotel.example.',
  commissionInvalid:
    'Enter the commission as a percent from 0 to 100 with at most two decimals, for example 10 or 7.5, or leave it empty for none.',
  added: (name: string) => `Added ${name}. Its pages can book within 30 seconds.`,
  saved: (name: string) => `Saved ${name}. The change reaches every page within 30 seconds.`,
  missing: 'That partner is no longer there. Reload the page.',
  labelTaken: (label: string) =>
    `A partner with the label ${label} exists already: change it in the list below.`,
  originTaken: (origin: string, label: string) =>
    `${origin} belongs to the partner ${label} already. Remove it there first.`,
  environmentOrigin: (origin: string) =>
    `${origin} is allowed by the server’s PARTNER_ORIGINS setting already. Remove it there first, or keep it there.`,
  unavailable: 'That could not be saved just now. Please try again in a moment.',
} as const;

/** The origins field: one address a line (commas and spaces also separate), each once. */
const origins = z
  .string({ error: partnerMessages.originsRequired })
  .max(4000, partnerMessages.tooManyOrigins)
  .transform((text, context) => {
    const entries = text.split(/[\s,]+/).filter(Boolean);
    if (entries.length === 0) {
      context.addIssue({ code: 'custom', message: partnerMessages.originsRequired });
      return z.NEVER;
    }
    const found: string[] = [];
    for (const entry of entries) {
      const origin = partnerOriginOf(entry);
      if (!origin) {
        context.addIssue({
          code: 'custom',
          message: partnerMessages.originInvalid(entry.slice(0, 80)),
        });
        return z.NEVER;
      }
      if (!found.includes(origin)) found.push(origin);
    }
    if (found.length > MAX_PARTNER_ORIGINS) {
      context.addIssue({ code: 'custom', message: partnerMessages.tooManyOrigins });
      return z.NEVER;
    }
    return found;
  });

/** A partner added (no `id`: `label` names it) or changed (`id`: its label). */
export const partnerFormSchema = z.object({
  intent: z.literal('save-partner'),
  id: z.string().regex(PARTNER_LABEL_PATTERN).optional(),
  label: z
    .string({ error: partnerMessages.labelInvalid })
    .trim()
    .toLowerCase()
    .regex(PARTNER_LABEL_PATTERN, partnerMessages.labelInvalid),
  name: z
    .string({ error: partnerMessages.nameRequired })
    .trim()
    .min(1, partnerMessages.nameRequired)
    .max(80, partnerMessages.nameTooLong)
    // No control characters or markup in what the lists, reports and CSV print.
    .regex(/^[^<>\p{Cc}]+$/u, partnerMessages.nameRequired),
  origins,
  contactEmail: z
    .string({ error: partnerMessages.emailInvalid })
    .trim()
    .max(254, partnerMessages.emailInvalid)
    .pipe(z.email(partnerMessages.emailInvalid))
    .transform((value) => value.toLowerCase()),
  commission: z
    .string()
    .max(10, partnerMessages.commissionInvalid)
    .optional()
    .transform((value, context) => {
      if (value === undefined || value.trim() === '') return null;
      const points = basisPointsOf(value);
      if (points === null) {
        context.addIssue({ code: 'custom', message: partnerMessages.commissionInvalid });
        return z.NEVER;
      }
      return points;
    }),
  active: z
    .string()
    .optional()
    .transform((value) => value === 'on'),
});
