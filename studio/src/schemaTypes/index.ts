/**
 * Every schema type the Studio knows, registered in one list. Documents editors create many of live
 * in documents/, one-of-a-kind documents in singletons/, reusable field groups in objects/.
 */
import type { SchemaTypeDefinition } from 'sanity';
import { pageType } from './documents/page';
import { callToActionType } from './objects/call-to-action';
import { portableTextType } from './objects/portable-text';
import { seoType } from './objects/seo';
import { siteSettingsType } from './singletons/site-settings';

export const schemaTypes: SchemaTypeDefinition[] = [
  // Singletons
  siteSettingsType,
  // Documents
  pageType,
  // Objects
  seoType,
  callToActionType,
  portableTextType,
];
