import { describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldLine } from './ics.server';

describe('buildIcs', () => {
  const ics = buildIcs(
    {
      uid: 'MH3K9Q2A@businesschauffeur.example',
      start: new Date('2031-03-14T00:00:00Z'),
      end: new Date('2031-03-14T01:25:00Z'),
      summary: 'Business Chauffeur: Executive Sedan pickup',
      location: 'Brisbane Airport Domestic Terminal, Brisbane Airport QLD',
      description: 'Booking number MH3K9Q2A\nStop 1: South Bank; Brisbane\nCall 1300 975 707',
      url: 'https://www.businesschauffeur.example/manage-booking?bookingNumber=MH3K9Q2A',
      organizer: { name: 'Business Chauffeur', email: 'bookings@businesschauffeur.example' },
      alarmMinutesBefore: 60,
      createdAt: new Date('2031-03-01T09:30:15.123Z'),
    },
    'Business Chauffeur',
  );

  it('is one VEVENT in UTC with CRLF line ends', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('DTSTART:20310314T000000Z');
    expect(unfolded).toContain('DTEND:20310314T012500Z');
    expect(unfolded).toContain('DTSTAMP:20310301T093015Z');
    expect(unfolded).toContain('UID:MH3K9Q2A@businesschauffeur.example');
    expect(unfolded).toContain(
      'LOCATION:Brisbane Airport Domestic Terminal\\, Brisbane Airport QLD',
    );
    expect(unfolded).toContain(
      'DESCRIPTION:Booking number MH3K9Q2A\\nStop 1: South Bank\\; Brisbane\\nCall 1300 975 707',
    );
    expect(unfolded).toContain('TRIGGER:-PT60M');
    expect(unfolded.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('folds every line at 75 octets', () => {
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});

describe('buildIcs with CANCEL', () => {
  const event = {
    uid: 'MH3K9Q2A@businesschauffeur.example',
    start: new Date('2031-03-14T00:00:00Z'),
    end: new Date('2031-03-14T01:25:00Z'),
    summary: 'Business Chauffeur: Executive Sedan pickup',
    location: 'Brisbane Airport',
    description: 'Booking number MH3K9Q2A',
    organizer: { name: 'Business Chauffeur', email: 'bookings@businesschauffeur.example' },
    alarmMinutesBefore: 60,
    sequence: 2,
  };

  it('removes the same event: its UID, a higher SEQUENCE, CANCELLED, for each attendee', () => {
    const ics = buildIcs(
      {
        ...event,
        method: 'CANCEL',
        attendees: [{ name: 'Ngaio "Tāne"', email: 'ngaio@example.com' }],
      },
      'Business Chauffeur',
    ).replace(/\r\n /g, '');
    expect(ics).toContain('METHOD:CANCEL\r\n');
    expect(ics).toContain('UID:MH3K9Q2A@businesschauffeur.example\r\n');
    expect(ics).toContain('SEQUENCE:2\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics).toContain('ATTENDEE;CN="Ngaio Tāne":mailto:ngaio@example.com\r\n');
    expect(ics).not.toContain('STATUS:CONFIRMED');
  });

  it('publishes by default', () => {
    const ics = buildIcs(event, 'Business Chauffeur');
    expect(ics).toContain('METHOD:PUBLISH\r\n');
    expect(ics).toContain('STATUS:CONFIRMED\r\n');
    expect(ics).not.toContain('ATTENDEE');
  });
});

describe('foldLine', () => {
  it('never splits a multi-byte character and unfolds to the original', () => {
    const line = `LOCATION:${'Café Noosa — Hastings St '.repeat(8)}`;
    const folded = foldLine(line);
    for (const piece of folded.split('\r\n'))
      expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

describe('escapeIcsText', () => {
  it('escapes backslashes, semicolons, commas and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });
});
