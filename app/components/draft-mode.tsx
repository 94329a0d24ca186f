// What a draft-mode page adds in the browser (docs/decisions/052-visual-editing-in-draft-mode.md):
// Sanity's visual-editing overlays, which read the stega edit links in the page's text and, in
// the Studio's Presentation tool, open the field clicked; an edit saved in the Studio revalidates
// the page's loaders, so it shows without a reload. Loaded after hydration and only in draft
// mode: visitors never download it. Each settled page is also checked for stega where it must not
// be (app/utils/stega.ts).
import { useLocation, useNavigation } from '@remix-run/react';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { findStegaLeaks, onSuspiciousStega } from '~/utils/stega';

const VisualEditing = lazy(() =>
  import('@sanity/visual-editing/remix').then((module) => ({ default: module.VisualEditing })),
);

const noSubscription = () => () => {};

export function DraftMode() {
  // False while rendering on the server and hydrating, true after: the overlays are browser-only.
  const mounted = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const location = useLocation();
  const navigation = useNavigation();
  useEffect(() => {
    if (mounted && navigation.state === 'idle') onSuspiciousStega(findStegaLeaks(document));
  }, [mounted, location, navigation.state]);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <VisualEditing zIndex={1000} />
    </Suspense>
  );
}
