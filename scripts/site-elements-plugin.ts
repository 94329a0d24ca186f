// Builds the site's custom elements (app/elements/index.ts) into a browser module of its own and
// tells the server its address (docs/decisions/071-content-pages-without-the-app.md).
//
// Every page loads that module, also a page that loads no app: it is not part of Remix's client
// build graph, so this plugin adds it. The client build emits it as an extra chunk
// (assets/site-elements-<hash>.js) and writes its address to site-elements.json beside the
// assets; the server build, which runs after, reads that file into `virtual:site-elements`. In
// development the dev server serves the source module itself.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const SITE_ELEMENTS_ENTRY = 'app/elements/index.ts';
const VIRTUAL_ID = 'virtual:site-elements';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const ADDRESS_FILE = 'site-elements.json';
const CHUNK_NAME = 'site-elements';

export function siteElements(): Plugin {
  let root = process.cwd();
  let base = '/';
  let outDir = '';
  let command: 'build' | 'serve' = 'serve';
  let ssr = false;
  const isClientBuild = () => command === 'build' && !ssr;
  return {
    name: 'business-chauffeur:site-elements',
    configResolved(config) {
      root = config.root;
      base = config.base;
      outDir = path.resolve(root, config.build.outDir);
      command = config.command;
      ssr = Boolean(config.build.ssr);
    },
    buildStart() {
      if (!isClientBuild()) return;
      this.emitFile({
        type: 'chunk',
        id: path.resolve(root, SITE_ELEMENTS_ENTRY),
        name: CHUNK_NAME,
      });
    },
    generateBundle(_options, bundle) {
      if (!isClientBuild()) return;
      const chunk = Object.values(bundle).find(
        (file) => file.type === 'chunk' && file.isEntry && file.name === CHUNK_NAME,
      );
      if (!chunk) this.error(`The build has no ${CHUNK_NAME} chunk.`);
      this.emitFile({
        type: 'asset',
        fileName: ADDRESS_FILE,
        source: JSON.stringify({ src: `${base}${chunk.fileName}` }),
      });
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (command === 'serve')
        return `export default ${JSON.stringify(`/${SITE_ELEMENTS_ENTRY}`)};`;
      if (!ssr) this.error(`${VIRTUAL_ID} is for the server only.`);
      // The client build wrote it beside the server's build directory.
      const file = path.join(outDir, '..', 'client', ADDRESS_FILE);
      const { src } = JSON.parse(readFileSync(file, 'utf8')) as { src: string };
      return `export default ${JSON.stringify(src)};`;
    },
  };
}
