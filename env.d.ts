/// <reference types="@remix-run/node" />
/// <reference types="vite/client" />

/** The address of the site's own browser module (scripts/site-elements-plugin.ts); server only. */
declare module 'virtual:site-elements' {
  const src: string;
  export default src;
}
