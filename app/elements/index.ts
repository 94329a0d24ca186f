// The site's own browser module, loaded by every page with or without the app
// (docs/decisions/071-content-pages-without-the-app.md): the custom elements that make the
// header's menus and the services carousel work, CMS pictures' fallbacks, and real-user Web
// Vitals. Small on purpose: a content page loads this and nothing else of ours (the booking
// widget aside, which loads itself).
import { reportVitals } from '~/utils/report-vitals';
import { replaceFailedImages } from './image-fallbacks';
import { ServicesCarousel } from './services-carousel';
import { SiteMenus } from './site-menus';

if (!customElements.get('site-menus')) customElements.define('site-menus', SiteMenus);
if (!customElements.get('services-carousel')) {
  customElements.define('services-carousel', ServicesCarousel);
}
replaceFailedImages();
// Real-user Web Vitals, sent when the page is hidden (docs/decisions/032-real-user-vitals.md).
reportVitals();
// Lets browser tests (and anyone curious) know the page's own elements are at work.
document.documentElement.dataset.elements = 'ready';
