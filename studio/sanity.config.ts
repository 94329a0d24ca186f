/**
 * The Studio: one workspace over the Business Chauffeur dataset. Project and dataset come from the
 * environment (SANITY_STUDIO_PROJECT_ID, SANITY_STUDIO_DATASET). Without a project id the Studio
 * still builds and its schema can be extracted offline, but it opens on a page saying what to set
 * and where, and contacts no Sanity server (src/project-setup.tsx).
 *
 * Two tools: Structure (the desk of documents) and Presentation, the site itself in a frame with
 * click-to-edit overlays (docs/decisions/052-visual-editing-in-draft-mode.md). Presentation opens
 * the site given by SANITY_STUDIO_PREVIEW_URL (the site's SITE_URL; the local server by default)
 * through /api/preview, which checks the secret the Studio writes for it and turns on draft mode.
 */
import { defineConfig } from 'sanity';
import { presentationTool } from 'sanity/presentation';
import { structureTool } from 'sanity/structure';
import { ADDRESSED_TYPES } from './src/addresses';
import { projectNotSetAuth, studioProject } from './src/project-setup';
import { resolveLocations } from './src/locations';
import { publishWithRedirect } from './src/redirect-on-rename';
import { schemaTypes } from './src/schemaTypes';
import { singletonTypes } from './src/singletons';
import { structure } from './src/structure';

/** The only document actions a singleton keeps: no create, duplicate, unpublish or delete. */
const singletonActions = new Set(['publish', 'discardChanges', 'restore']);

// Each variable by its full name: the build replaces exactly these with their values.
const project = studioProject({
  SANITY_STUDIO_PROJECT_ID: process.env.SANITY_STUDIO_PROJECT_ID,
  SANITY_STUDIO_DATASET: process.env.SANITY_STUDIO_DATASET,
});
const { projectId, dataset } = project;
const previewUrl = process.env.SANITY_STUDIO_PREVIEW_URL || 'http://localhost:3000';

export default defineConfig({
  name: 'default',
  title: 'Business Chauffeur',
  projectId,
  dataset,
  ...(project.configured ? {} : { auth: projectNotSetAuth(project) }),
  plugins: [
    structureTool({ structure }),
    presentationTool({
      title: 'Presentation',
      previewUrl: {
        initial: previewUrl,
        // Drafts are for the people who can open the Studio: no link that shows them to others.
        previewMode: { enable: '/api/preview', shareAccess: false },
      },
      resolve: { locations: resolveLocations },
    }),
  ],
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
