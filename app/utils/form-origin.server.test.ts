import { describe, expect, it } from 'vitest';
import { isSameSiteFormPost } from './form-origin.server';

const SITE = 'https://www.businesschauffeur.example';

function post(url: string, headers: Record<string, string>) {
  return new Request(url, { method: 'POST', headers });
}

describe('isSameSiteFormPost', () => {
  it('accepts the site’s own origin, by SITE_URL or by the address the request was sent to', () => {
    expect(isSameSiteFormPost(post(`${SITE}/signin`, { Origin: SITE }), SITE)).toBe(true);
    expect(
      isSameSiteFormPost(
        post('http://127.0.0.1:3000/signin', { Origin: 'http://127.0.0.1:3000' }),
        SITE,
      ),
    ).toBe(true);
    expect(
      isSameSiteFormPost(post('http://10.0.0.5:3000/signin', { Origin: SITE }), `${SITE}/`),
    ).toBe(true);
  });

  it('refuses another origin, "null", and a look-alike', () => {
    for (const origin of [
      'https://attacker.example',
      'null',
      'https://www.businesschauffeur.example.attacker.example',
      'http://www.businesschauffeur.example',
    ]) {
      expect(isSameSiteFormPost(post(`${SITE}/signin`, { Origin: origin }), SITE), origin).toBe(
        false,
      );
    }
  });

  it('falls back on the Referer without an Origin, and refuses a post with neither', () => {
    expect(isSameSiteFormPost(post(`${SITE}/signup`, { Referer: `${SITE}/signup` }), SITE)).toBe(
      true,
    );
    expect(
      isSameSiteFormPost(post(`${SITE}/signup`, { Referer: 'https://attacker.example/' }), SITE),
    ).toBe(false);
    expect(isSameSiteFormPost(post(`${SITE}/signup`, {}), SITE)).toBe(false);
    // An Origin that disagrees is not rescued by a matching Referer.
    expect(
      isSameSiteFormPost(
        post(`${SITE}/signup`, { Origin: 'https://attacker.example', Referer: `${SITE}/` }),
        SITE,
      ),
    ).toBe(false);
  });
});
