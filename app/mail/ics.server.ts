// A minimal iCalendar (RFC 5545) file with one event, for the booking emails: CRLF line ends, text
// escaped, lines folded at 75 octets, times in UTC (so every calendar shows the pickup in its own
// zone correctly). PUBLISH adds the event (or, with the same UID and a higher SEQUENCE, replaces
// it); CANCEL removes it (RFC 5546: the same UID, a higher SEQUENCE, STATUS:CANCELLED and the
// attendees it is cancelled for).

export interface CalendarEvent {
  uid: string;
  /** PUBLISH (the default) adds or replaces the event; CANCEL removes it. */
  method?: 'PUBLISH' | 'CANCEL';
  start: Date;
  end: Date;
  summary: string;
  location: string;
  description: string;
  url?: string;
  organizer?: { name: string; email: string };
  /** Whom a CANCEL removes the event for. */
  attendees?: { name: string; email: string }[];
  /** Minutes before the start for a reminder. */
  alarmMinutesBefore?: number;
  createdAt?: Date;
  /** Bumped each time the event changes, so calendars replace the old one (same UID). */
  sequence?: number;
}

function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Folds a content line into 75-octet pieces without splitting a UTF-8 character. */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let size = 0;
  for (const char of line) {
    const bytes = Buffer.byteLength(char);
    // The first line holds 75 octets; continuation lines start with a space, so 74 more.
    const limit = pieces.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      pieces.push(current);
      current = '';
      size = 0;
    }
    current += char;
    size += bytes;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

/** A CN parameter value: quoted, without the quotes it cannot hold. */
const commonName = (name: string) => `"${name.replace(/["\r\n]/g, '')}"`;

export function buildIcs(event: CalendarEvent, productName: string): string {
  const method = event.method ?? 'PUBLISH';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeIcsText(productName)}//Bookings//EN`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `DTSTAMP:${utcStamp(event.createdAt ?? new Date())}`,
    `DTSTART:${utcStamp(event.start)}`,
    `DTEND:${utcStamp(event.end)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `LOCATION:${escapeIcsText(event.location)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer
      ? [`ORGANIZER;CN=${commonName(event.organizer.name)}:mailto:${event.organizer.email}`]
      : []),
    ...(event.attendees ?? []).map(
      (attendee) => `ATTENDEE;CN=${commonName(attendee.name)}:mailto:${attendee.email}`,
    ),
    method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    ...(event.alarmMinutesBefore
      ? [
          'BEGIN:VALARM',
          'ACTION:DISPLAY',
          `DESCRIPTION:${escapeIcsText(event.summary)}`,
          `TRIGGER:-PT${event.alarmMinutesBefore}M`,
          'END:VALARM',
        ]
      : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
