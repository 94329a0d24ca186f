// The chauffeur's job sheet: when staff assign a chauffeur, change the chauffeur or car, or take
// them off a job, each chauffeur concerned is emailed. The one now on the job gets everything on
// the run sheet's line with a calendar file that adds the job (PUBLISH); one taken off it gets a
// calendar file that removes it (CANCEL). The file's UID is the job's (one per booking, whoever
// drives it) and its SEQUENCE the job's, which grows with every change, so a calendar replaces or
// removes the event it has. A failed send never undoes the assignment: staff are told, and the
// failure is logged.
import { bookedMinutes, brisbaneInstant, type Booking } from '@business-chauffeur/booking-contract';
import { buildIcs } from '~/mail/ics.server';
import { getMailer } from '~/mail/mail.server';
import type { MailAttachment } from '~/mail/mailer.server';
import { loadEmailBrand, renderPlainEmail, type EmailBrand } from '~/mail/plain-email.server';
import type { CarRecord, ChauffeurRecord, JobRecord } from '~/store/dispatch-store.server';
import { getDispatchStore } from '~/store/store.server';
import { log } from '~/utils/log.server';
import { chauffeurName, jobLine, jobLineRows, type JobLine } from './job-line.server';

export interface JobChange {
  booking: Booking;
  /** The job as it now is. */
  job: JobRecord;
  /** The job before the change; null for a first assignment. */
  previous: JobRecord | null;
}

/** The job's calendar UID: one per booking, whoever drives it. */
export const jobUid = (bookingId: string, siteUrl: string) =>
  `job-${bookingId}@${new URL(siteUrl).hostname}`;

function jobCalendarFile(
  line: JobLine,
  booking: Booking,
  job: JobRecord,
  chauffeur: ChauffeurRecord,
  brand: EmailBrand,
  method: 'PUBLISH' | 'CANCEL',
): MailAttachment {
  const start = brisbaneInstant(booking.trip.date, booking.trip.time) ?? new Date(job.start);
  const end = new Date(start.getTime() + bookedMinutes(booking.trip, booking.route) * 60_000);
  const ics = buildIcs(
    {
      uid: jobUid(booking.id, brand.siteUrl),
      method,
      start,
      end,
      summary: `Job ${line.reference}: ${line.vehicle} pickup`,
      location: line.pickup,
      description: jobLineRows(line)
        .map(([label, value]) => `${label}: ${value}`)
        .join('\n'),
      organizer: { name: brand.name, email: brand.email },
      attendees: [{ name: chauffeurName(chauffeur), email: chauffeur.email }],
      ...(method === 'PUBLISH' ? { alarmMinutesBefore: 60 } : {}),
      createdAt: new Date(job.updatedAt),
      sequence: job.sequence,
    },
    brand.name,
  );
  return {
    filename: `job-${line.reference}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: ics,
  };
}

async function sendJobSheet(
  kind: 'assigned' | 'changed' | 'removed',
  booking: Booking,
  job: JobRecord,
  chauffeur: ChauffeurRecord,
  car: CarRecord | null,
  brand: EmailBrand,
) {
  // A removed chauffeur's sheet names the job as it was, without the car they no longer drive.
  const line = jobLine(booking, { ...job, chauffeurId: chauffeur.id }, chauffeur, car);
  const when = `${line.date} at ${line.timeText}`;
  const removed = kind === 'removed';
  const { text, html } = renderPlainEmail(brand, {
    title: removed ? `Job ${line.reference} is no longer yours` : `Job sheet ${line.reference}`,
    greeting: `Hello ${chauffeur.firstName},`,
    paragraphs: removed
      ? [
          `You are no longer driving job ${line.reference} on ${when} (Queensland time). The attached calendar file removes it from your calendar.`,
        ]
      : [
          kind === 'changed'
            ? `Job ${line.reference} on ${when} (Queensland time) has changed. The details below replace the ones you had; the attached calendar file updates your calendar.`
            : `You are driving job ${line.reference} on ${when} (Queensland time). The details are below; the attached calendar file adds it to your calendar.`,
        ],
    details: removed
      ? [
          ['Booking number', line.reference],
          ['Pickup', `${when} (Queensland time)`],
        ]
      : jobLineRows(line),
    footnotes: [
      `Questions about this job? Call dispatch on ${brand.phone} or email ${brand.email}.`,
    ],
  });
  await getMailer().send({
    to: [chauffeur.email],
    replyTo: brand.email,
    subject: removed
      ? `Cancelled: job ${line.reference} on ${when}`
      : `${kind === 'changed' ? 'Changed job' : 'New job'} ${line.reference}: ${when}, ${line.pickup}`,
    text,
    html,
    attachments: [
      jobCalendarFile(line, booking, job, chauffeur, brand, removed ? 'CANCEL' : 'PUBLISH'),
    ],
  });
}

/**
 * Emails the chauffeurs a change concerns; what to tell staff about it ("Arthur has been emailed
 * the job sheet.", or why not).
 */
export async function sendJobSheets({ booking, job, previous }: JobChange): Promise<string> {
  const store = getDispatchStore();
  const [chauffeur, car, before] = await Promise.all([
    job.chauffeurId ? store.getChauffeur(job.chauffeurId) : null,
    job.carId ? store.getCar(job.carId) : null,
    previous?.chauffeurId && previous.chauffeurId !== job.chauffeurId
      ? store.getChauffeur(previous.chauffeurId)
      : null,
  ]);
  const told: string[] = [];
  const failed: string[] = [];
  let brand: EmailBrand;
  try {
    brand = await loadEmailBrand();
  } catch (error) {
    log.error('The job sheet email could not be prepared', { bookingId: booking.id, error });
    return 'The chauffeur could not be emailed just now: call them with the job.';
  }
  const send = async (
    kind: 'assigned' | 'changed' | 'removed',
    to: ChauffeurRecord,
    withCar: CarRecord | null,
  ) => {
    try {
      await sendJobSheet(kind, booking, job, to, withCar, brand);
      told.push(to.firstName);
    } catch (error) {
      log.error('A job sheet email could not be sent', {
        bookingId: booking.id,
        chauffeurId: to.id,
        error,
      });
      failed.push(chauffeurName(to));
    }
  };
  if (before) await send('removed', before, null);
  if (chauffeur) {
    const kind = previous?.chauffeurId === chauffeur.id ? 'changed' : 'assigned';
    await send(kind, chauffeur, car);
  }
  const messages: string[] = [];
  if (told.length > 0) {
    messages.push(`${told.join(' and ')} ${told.length === 1 ? 'has' : 'have'} been emailed.`);
  }
  if (failed.length > 0) {
    messages.push(
      `The email to ${failed.join(' and ')} could not be sent: call them with the change.`,
    );
  }
  return messages.join(' ');
}

/** The email to the chauffeur taken off a job (an unassignment, or the booking cancelled). */
export async function sendRemovedJobSheet({ booking, job, previous }: JobChange): Promise<string> {
  if (!previous?.chauffeurId) return '';
  const chauffeur = await getDispatchStore().getChauffeur(previous.chauffeurId);
  if (!chauffeur) return '';
  try {
    await sendJobSheet('removed', booking, job, chauffeur, null, await loadEmailBrand());
    return `${chauffeur.firstName} has been emailed.`;
  } catch (error) {
    log.error('A job sheet email could not be sent', {
      bookingId: booking.id,
      chauffeurId: chauffeur.id,
      error,
    });
    return `The email to ${chauffeurName(chauffeur)} could not be sent: call them with the change.`;
  }
}
