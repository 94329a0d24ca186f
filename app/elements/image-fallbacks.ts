// A CMS picture that fails to load is replaced by its fallback (the `data-fallback-src` that
// app/components/content-image.tsx gives it), on every page, with or without the app
// (docs/decisions/071-content-pages-without-the-app.md). Error events do not bubble: one listener
// in the capture phase sees every image's, and pictures that failed before it was added are found
// by looking once.

const SELECTOR = 'img[data-fallback-src]';

/** Shows the fallback in place of the picture, once. */
function showFallback(image: HTMLImageElement) {
  const fallback = image.dataset.fallbackSrc;
  if (!fallback) return;
  delete image.dataset.fallbackSrc;
  image.removeAttribute('srcset');
  image.removeAttribute('sizes');
  image.src = fallback;
}

const failed = (image: HTMLImageElement) =>
  image.complete && image.naturalWidth === 0 && image.currentSrc !== '';

export function replaceFailedImages(root: Document = document) {
  root.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement && event.target.matches(SELECTOR)) {
        showFallback(event.target);
      }
    },
    true,
  );
  for (const image of root.querySelectorAll<HTMLImageElement>(SELECTOR)) {
    if (failed(image)) showFallback(image);
  }
}
