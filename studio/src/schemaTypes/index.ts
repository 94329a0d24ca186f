/**
 * Every schema type the Studio knows, registered in one list. Documents editors create many of live
 * in documents/, one-of-a-kind documents in singletons/, reusable field groups in objects/.
 */
import type { SchemaTypeDefinition } from 'sanity';
import { extraType } from './documents/extra';
import { faqSectionType } from './documents/faq-section';
import { pageType } from './documents/page';
import { policyType } from './documents/policy';
import { promoCodeType } from './documents/promo-code';
import { redirectType } from './documents/redirect';
import { reviewType } from './documents/review';
import { vehicleCategoryType } from './documents/vehicle-category';
import { serviceAreaType } from './documents/service-area';
import { vehicleTypeType } from './documents/vehicle-type';
import { appDownloadType } from './objects/app-download';
import { benefitTilesType } from './objects/benefit-tiles';
import { bookingSectionType } from './objects/booking-section';
import { callToActionType } from './objects/call-to-action';
import { ctaBlockType } from './objects/cta-block';
import { faqGroupType } from './objects/faq-group';
import { featureListType } from './objects/feature-list';
import { fleetListType } from './objects/fleet-list';
import { linkGroupType } from './objects/link-group';
import { navLinkType } from './objects/nav-link';
import { navMenuType } from './objects/nav-menu';
import { portableTextType } from './objects/portable-text';
import { reviewListType } from './objects/review-list';
import { richTextType } from './objects/rich-text';
import { serviceAreaListType } from './objects/service-area-list';
import { servicesCarouselType } from './objects/services-carousel';
import { seoType } from './objects/seo';
import { statsBlockType } from './objects/stats-block';
import { navigationType } from './singletons/navigation';
import { pricingType } from './singletons/pricing';
import { siteSettingsType } from './singletons/site-settings';

export const schemaTypes: SchemaTypeDefinition[] = [
  // Singletons
  siteSettingsType,
  navigationType,
  pricingType,
  // Documents
  pageType,
  vehicleCategoryType,
  vehicleTypeType,
  reviewType,
  faqSectionType,
  policyType,
  serviceAreaType,
  extraType,
  promoCodeType,
  redirectType,
  // Objects
  seoType,
  callToActionType,
  portableTextType,
  ctaBlockType,
  benefitTilesType,
  featureListType,
  servicesCarouselType,
  appDownloadType,
  statsBlockType,
  linkGroupType,
  richTextType,
  faqGroupType,
  fleetListType,
  reviewListType,
  serviceAreaListType,
  bookingSectionType,
  navLinkType,
  navMenuType,
];
