/**
 * The desk: site settings and the navigation menus pinned at the top and opened directly (they are
 * singletons, so there is no list to pick from), then pricing (the surcharges singleton, the extras
 * and the promo codes), then the fleet grouped by category, then one list per other document type
 * (pages, service areas, policies, redirects …).
 */
import { CogIcon } from '@sanity/icons/Cog';
import { CreditCardIcon } from '@sanity/icons/CreditCard';
import { MenuIcon } from '@sanity/icons/Menu';
import { TiersIcon } from '@sanity/icons/Tiers';
import { TransferIcon } from '@sanity/icons/Transfer';
import type { StructureResolver } from 'sanity/structure';
import { singletonTypes } from './singletons';

export const structure: StructureResolver = (S) => {
  const otherTypes = S.documentTypeListItems().filter(
    (item) => !singletonTypes.has(item.getId() ?? '') && !groupedTypes.has(item.getId() ?? ''),
  );
  return S.list()
    .title('Content')
    .items([
      S.listItem()
        .title('Site settings')
        .id('siteSettings')
        .icon(CogIcon)
        .child(
          S.document().schemaType('siteSettings').documentId('siteSettings').title('Site settings'),
        ),
      S.listItem()
        .title('Navigation')
        .id('navigation')
        .icon(MenuIcon)
        .child(S.document().schemaType('navigation').documentId('navigation').title('Navigation')),
      pricing(S),
      S.divider(),
      fleet(S),
      ...(otherTypes.length > 0 ? [S.divider(), ...otherTypes] : []),
    ]);
};

/** Listed under "Pricing" or "Fleet" instead of on their own. */
const groupedTypes: ReadonlySet<string> = new Set([
  'extra',
  'promoCode',
  'vehicleCategory',
  'vehicleType',
]);

/**
 * Pricing: the surcharges (a singleton, opened directly), the extras customers add in the booking
 * form and the promo codes. The tariffs themselves are on each vehicle type, under Fleet.
 */
const pricing = (S: Parameters<StructureResolver>[0]) =>
  S.listItem()
    .title('Pricing')
    .id('pricingGroup')
    .icon(CreditCardIcon)
    .child(
      S.list()
        .title('Pricing')
        .items([
          S.listItem()
            .title('Surcharges')
            .id('pricing')
            .icon(CreditCardIcon)
            .child(S.document().schemaType('pricing').documentId('pricing').title('Surcharges')),
          S.documentTypeListItem('extra').title('Extras'),
          S.documentTypeListItem('promoCode').title('Promo codes'),
        ]),
    );

/**
 * Fleet: the categories, each opening to its vehicle types in their listed order, then the plain
 * lists of categories and of every vehicle type, archived ones included.
 */
const fleet = (S: Parameters<StructureResolver>[0]) =>
  S.listItem()
    .title('Fleet')
    .id('fleet')
    .icon(TransferIcon)
    .child(
      S.list()
        .title('Fleet')
        .items([
          S.listItem()
            .title('Vehicles by category')
            .id('vehiclesByCategory')
            .icon(TiersIcon)
            .child(
              S.documentTypeList('vehicleCategory')
                .title('Vehicles by category')
                .defaultOrdering([{ field: 'order', direction: 'asc' }])
                .child((categoryId) =>
                  S.documentList()
                    .title('Vehicle types')
                    .schemaType('vehicleType')
                    .filter('_type == "vehicleType" && category._ref == $categoryId')
                    .params({ categoryId })
                    .defaultOrdering([{ field: 'order', direction: 'asc' }]),
                ),
            ),
          S.divider(),
          S.documentTypeListItem('vehicleCategory').title('Vehicle categories'),
          S.documentTypeListItem('vehicleType').title('All vehicle types'),
        ]),
    );
