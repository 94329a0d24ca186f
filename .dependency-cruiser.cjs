// The layers of the site and the arrows allowed between them (docs/decisions/069): run by
// `npm run lint`, refused on any import cycle or any import from a lower layer into a higher one.
// scripts/lint-rules.test.ts feeds it a cycle and an upward import and sees both refused.
//
// From the bottom: the shared contract (packages/booking-contract) imports nothing of ours;
// app/utils (configuration, logging, formatting, HTTP helpers) imports only the contract; app/store
// (the ports' adapters: SQLite, Firestore) imports only utils and the contract; the domains
// (accounts, booking, payments, content, dispatch, ...) use the store and each other without
// cycles; app/components draw and import no server module; the routes, the root and the entry
// files are the top, and only the Express server (server/) and the tests stand above them.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'An import cycle: split the shared part into a module both can import (a type-only import does not count, it is erased).',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment: 'The contract is the lowest layer: the site, the server and the widget import it, never the reverse.',
      from: { path: '^packages/booking-contract/' },
      to: { path: '^(app|server|booking-widget|studio)/' },
    },
    {
      name: 'utils-below-the-domains',
      severity: 'error',
      comment:
        'app/utils is below every domain and the store: what needs a domain or the store belongs in that domain (or takes it as an argument).',
      from: { path: '^app/utils/' },
      to: { path: '^app/', pathNot: '^app/(utils|styles)/' },
    },
    {
      name: 'store-below-the-domains',
      severity: 'error',
      comment:
        'The store adapters implement the ports: they import utils and the contract, never a domain, a component or a route.',
      from: { path: '^app/store/' },
      to: { path: '^app/', pathNot: '^app/(store|utils)/' },
    },
    {
      name: 'domains-below-the-pages',
      severity: 'error',
      comment: 'Domains and the store serve the routes; they never import a route, the root, a component or the server.',
      // A page's own parts (app/staff/booking-page: the staff booking page's forms) stand with
      // the routes: they draw with the components.
      from: {
        path: '^app/',
        pathNot:
          '^app/(routes|routes-content|components|staff/booking-page)/|^app/(root|entry[.][a-z]+)[.]tsx$',
      },
      to: { path: '^app/(routes|routes-content|components)/|^app/(root|entry[.][a-z]+)[.]tsx$|^server/' },
    },
    {
      name: 'components-below-the-routes',
      severity: 'error',
      comment:
        'Components draw what a route gives them: they import no route, no server module and no store (the root loader\'s type is allowed).',
      from: { path: '^app/components/' },
      to: {
        path: '^app/(routes|routes-content)/|^app/(root|entry[.][a-z]+)[.]tsx$|[.]server[.]tsx?$|^app/store/|^server/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'app-below-the-server',
      severity: 'error',
      comment: 'The Express server hosts the site: the site never imports it.',
      from: { path: '^(app|packages)/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|[.]test[.]tsx?$|^app/content/sanity[.]types[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
