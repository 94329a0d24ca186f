import { describe, expect, it } from 'vitest';
import { absoluteUrl, pageMeta } from './seo';

const site = { siteName: 'Business Chauffeur', siteUrl: 'https://www.businesschauffeur.example' };

describe('pageMeta', () => {
  it('gives a titled page an absolute canonical link and Open Graph tags', () => {
    const tags = pageMeta(site, {
      title: 'Our Fleet',
      description: 'Sedans, SUVs and coaches for 1 to 61 passengers.',
      path: '/fleet',
      keywords: ['chauffeur', 'fleet'],
    });
    expect(tags).toContainEqual({ title: 'Our Fleet | Business Chauffeur' });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: 'https://www.businesschauffeur.example/fleet',
    });
    expect(tags).toContainEqual({
      property: 'og:url',
      content: 'https://www.businesschauffeur.example/fleet',
    });
    expect(tags).toContainEqual({ name: 'keywords', content: 'chauffeur, fleet' });
    expect(tags.some((tag) => 'name' in tag && tag.name === 'robots')).toBe(false);
  });

  it('does not repeat the site name on the home page and marks noindex pages', () => {
    const tags = pageMeta(site, {
      title: 'Business Chauffeur',
      description: 'x',
      path: '/',
      noIndex: true,
    });
    expect(tags).toContainEqual({ title: 'Business Chauffeur' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('resolves site-relative images against the site URL', () => {
    expect(absoluteUrl('https://a.example/', '/content/images/x.svg?v=1')).toBe(
      'https://a.example/content/images/x.svg?v=1',
    );
    expect(absoluteUrl('https://a.example', 'https://cdn.sanity.io/x.png')).toBe(
      'https://cdn.sanity.io/x.png',
    );
  });
});
