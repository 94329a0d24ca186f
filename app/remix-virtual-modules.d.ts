// Types of the Remix Vite plugin's virtual modules that app code imports.

/**
 * Remix's manifest of the server build (its route ids, among others), the module the server build
 * takes its `assets` from; read by app/utils/route-ids.server.ts.
 */
declare module 'virtual:remix/server-manifest' {
  import type { ServerBuild } from '@remix-run/node';

  const manifest: ServerBuild['assets'];
  export default manifest;
}
