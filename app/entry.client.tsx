import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { reportVitals } from '~/utils/report-vitals';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});

// Real-user Web Vitals, sent when the page is hidden (docs/decisions/032-real-user-vitals.md).
reportVitals();
