/**
 * Sanity CLI settings: the project and dataset commands talk to, and how `sanity typegen` turns
 * the site's GROQ queries into result types.
 *
 * React: the site keeps React 18 (Remix 2) hoisted at the repository root, while the Studio needs
 * React 19, installed in studio/node_modules. No override is needed for the build: the CLI's own
 * Vite config sets `resolve.dedupe: ['react', 'react-dom', 'sanity', 'styled-components']`, which
 * resolves those packages from this folder even when a root-hoisted dependency (@sanity/icons, for
 * example) imports them, so the bundle holds React 19 only (verified with sanity@6.16.0 and
 * @sanity/cli@8.12.0: `grep -r 18.3.1 dist` finds nothing). If a future CLI drops that, add
 * `vite: (config) => ({...config, resolve: {...config.resolve, dedupe: ['react', 'react-dom']}})`.
 */
import { defineCliConfig } from 'sanity/cli';

export default defineCliConfig({
  api: {
    projectId: process.env.SANITY_STUDIO_PROJECT_ID || 'bcchauffeur',
    dataset: process.env.SANITY_STUDIO_DATASET || 'production',
  },
  typegen: {
    // The site's queries (defineQuery constants in app/content/queries.server.ts) and the schema
    // that `npm run typegen` extracts first; the result is committed for the site to import.
    path: '../app/**/*.{ts,tsx}',
    schema: './schema.json',
    generates: '../app/content/sanity.types.ts',
    // Registers each query's result type with @sanity/client, so client.fetch(query) is typed.
    overloadClientMethods: true,
  },
});
