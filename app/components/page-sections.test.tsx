// A section an editor added to a draft and left without its heading shows in preview without an
// empty <h2> and is not labelled by one; a section with its heading is labelled by it. The Studio
// requires the heading before publishing, so only a draft can lack it.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import type { PageSection } from '~/content/marketing-pages.server';
import { PageSections } from './page-sections';

function render(sections: object[]) {
  return renderToString(
    <StaticRouter location="/weddings">
      <PageSections sections={sections as PageSection[]} />
    </StaticRouter>,
  );
}

describe('section headings', () => {
  it('a section without its heading yet has no empty heading and no label', () => {
    const html = render([
      { _key: 'cta', _type: 'ctaBlock', heading: null, text: 'Call us any time.', actions: [] },
      {
        _key: 'links',
        _type: 'linkGroup',
        title: '',
        links: [{ _key: 'fleet', label: 'Our fleet', href: '/fleet' }],
      },
    ]);
    expect(html).toContain('Call us any time.');
    expect(html).toContain('Our fleet');
    expect(html).not.toMatch(/<h2/);
    expect(html).not.toMatch(/aria-labelledby/);
  });

  it('a section with its heading is labelled by it', () => {
    const html = render([
      {
        _key: 'stats',
        _type: 'statsBlock',
        heading: 'In numbers',
        items: [{ _key: 'hours', value: '24/7', label: 'Bookings answered' }],
      },
    ]);
    expect(html).toMatch(/<section class="page-section stats" aria-labelledby="section-stats">/);
    expect(html).toContain('<h2 id="section-stats">In numbers</h2>');
  });
});
