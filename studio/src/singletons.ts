/**
 * Document types that exist exactly once. Each is stored under an id equal to its type name, is
 * opened straight from the desk, and cannot be created, duplicated or deleted from the Studio.
 */
export const singletonTypes: ReadonlySet<string> = new Set([
  'siteSettings',
  'navigation',
  'pricing',
]);
