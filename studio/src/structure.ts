/**
 * The desk: site settings pinned at the top and opened directly (it is a singleton, so there is no
 * list to pick from), then the fleet grouped by category, then one list per other document type.
 */
import { CogIcon } from '@sanity/icons/Cog';
import { TiersIcon } from '@sanity/icons/Tiers';
import { TransferIcon } from '@sanity/icons/Transfer';
import type { StructureResolver } from 'sanity/structure';
import { singletonTypes } from './singletons';

export const structure: StructureResolver = (S) => {
  const otherTypes = S.documentTypeListItems().filter(
    (item) => !singletonTypes.has(item.getId() ?? '') && !fleetTypes.has(item.getId() ?? ''),
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
      S.divider(),
      fleet(S),
      ...(otherTypes.length > 0 ? [S.divider(), ...otherTypes] : []),
    ]);
};

/** Listed under "Fleet" instead of on their own. */
const fleetTypes: ReadonlySet<string> = new Set(['vehicleCategory', 'vehicleType']);

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
