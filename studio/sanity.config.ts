/**
 * The Studio: one workspace over the Business Chauffeur dataset. Project and dataset come from the
 * environment (SANITY_STUDIO_PROJECT_ID, SANITY_STUDIO_DATASET); the fallbacks only let the Studio
 * build and the schema be extracted offline, they point at no real project.
 */
import { defineConfig } from 'sanity';
import { structureTool } from 'sanity/structure';
import { ADDRESSED_TYPES } from './src/addresses';
import { publishWithRedirect } from './src/redirect-on-rename';
import { schemaTypes } from './src/schemaTypes';
import { singletonTypes } from './src/singletons';
import { structure } from './src/structure';

/** The only document actions a singleton keeps: no create, duplicate, unpublish or delete. */
const singletonActions = new Set(['publish', 'discardChanges', 'restore']);

const projectId = process.env.SANITY_STUDIO_PROJECT_ID || 'bcchauffeur';
const dataset = process.env.SANITY_STUDIO_DATASET || 'production';

export default defineConfig({
  name: 'default',
  title: 'Business Chauffeur',
  projectId,
  dataset,
  plugins: [structureTool({ structure })],
  schema: {
    types: schemaTypes,
    // No "new document" template for singletons: they are created once, under their fixed id.
    templates: (templates) => templates.filter(({ schemaType }) => !singletonTypes.has(schemaType)),
  },
  document: {
    actions: (actions, { schemaType }) => {
      if (singletonTypes.has(schemaType)) {
        return actions.filter(({ action }) => action !== undefined && singletonActions.has(action));
      }
      // A page published under a new address keeps its old one as a redirect.
      if ((ADDRESSED_TYPES as readonly string[]).includes(schemaType)) {
        return actions.map((action) =>
          action.action === 'publish' ? publishWithRedirect(action) : action,
        );
      }
      return actions;
    },
    newDocumentOptions: (options, { creationContext }) =>
      creationContext.type === 'global'
        ? options.filter(({ templateId }) => !singletonTypes.has(templateId))
        : options,
  },
});
