import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './links';

describe('contact links', () => {
  it('dials the digits of a number written with spaces', () => {
    expect(telHref('1300 975 707')).toBe('tel:1300975707');
    expect(telHref('+61 (7) 3000 0000')).toBe('tel:+61730000000');
  });

  it('mails the trimmed address', () => {
    expect(mailtoHref(' bookings@businesschauffeur.example ')).toBe(
      'mailto:bookings@businesschauffeur.example',
    );
  });
});
