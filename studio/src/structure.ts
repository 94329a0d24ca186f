/**
 * The desk: site settings pinned at the top and opened directly (it is a singleton, so there is no
 * list to pick from), then one list per other document type.
 */
import { CogIcon } from '@sanity/icons/Cog';
import type { StructureResolver } from 'sanity/structure';
import { singletonTypes } from './singletons';

export const structure: StructureResolver = (S) => {
  const otherTypes = S.documentTypeListItems().filter(
    (item) => !singletonTypes.has(item.getId() ?? ''),
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
      ...(otherTypes.length > 0 ? [S.divider(), ...otherTypes] : []),
    ]);
};
