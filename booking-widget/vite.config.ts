// Builds the widget into dist/: chauffeur-booking.js, the small loader partners reference with one
// script tag (stable name, short cache), and chunks/*-[hash].js (immutable), which the loader and
// its chunks import by relative URL, so they load from wherever the loader came from.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative addresses, so the loader finds the locale worker next to itself (src/loader.ts).
  base: './',
  worker: {
    rollupOptions: { output: { entryFileNames: 'chunks/[name]-[hash].js' } },
  },
  // Library mode leaves process.env.NODE_ENV in library code (Preact's compat layer reads it for
  // its development warnings): production only.
  define: { 'process.env.NODE_ENV': '"production"' },
  resolve: {
    // The widget is written against React's API and renders with Preact's compat layer
    // (docs/decisions/037): a tenth of React DOM's size. Every import of React, also the ones
    // inside @xstate/react and @stripe/react-stripe-js, resolves to it.
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Library mode: chunks import each other by relative URL, so they load from wherever the
    // loader came from, with no preload helper in the way.
    lib: {
      entry: 'src/loader.ts',
      formats: ['es'],
      fileName: () => 'chauffeur-booking.js',
    },
    rolldownOptions: {
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        // Library mode leaves whitespace in ES output ("codegen: false"); a script tag wants it out.
        minify: true,
      },
      treeshake: {
        // The contract's modules only declare things (schemas, rules, messages). Saying so lets
        // the build leave its Zod schemas out of the step-1 code, which uses only the pure rule
        // functions; the schemas arrive with the response-schemas chunk.
        moduleSideEffects: (id) =>
          /[\\/]packages[\\/]booking-contract[\\/]/.test(id) ? false : undefined,
      },
    },
  },
});
