import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { PreviewBar } from './preview-bar';

describe('PreviewBar', () => {
  it('says preview is on and links to the exit route, back to the same page', () => {
    const html = renderToString(
      <StaticRouter location="/service-area-brisbane?draft=1">
        <PreviewBar />
      </StaticRouter>,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('Draft mode: you are seeing unpublished drafts.');
    expect(html).toContain(
      'href="/api/preview/exit?redirect=%2Fservice-area-brisbane%3Fdraft%3D1"',
    );
    expect(html).toContain('>Leave draft mode</a>');
  });
});
