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
//
// The contract itself is split by audience (docs/decisions/070): the package root (the domain and
// the booking API), ./widget (what only the widget reads) and ./site (what only the site reads).
// The files of each part:
const CONTRACT = '^packages/booking-contract/src/';
const CONTRACT_WIDGET = `${CONTRACT}(widget|widget-messages|widget-step-messages|widget-schemas|draft)[.]ts$`;
const CONTRACT_SITE = `${CONTRACT}(site|site-messages|messages-pages|messages-forms|messages-payment-links|forms|application-form|form-fields)[.]ts$`;

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
      comment:
        'The contract is the lowest layer: the site, the server and the widget import it, never the reverse.',
      from: { path: '^packages/booking-contract/' },
      to: { path: '^(app|server|booking-widget|studio)/' },
    },
    {
      name: 'contract-root-imports-no-audience',
      severity: 'error',
      comment:
        "The contract's root (the domain and the API) is what every audience reads: it imports nothing of the widget's part or the site's part. Move what both need down into the root.",
      from: { path: CONTRACT, pathNot: `${CONTRACT_WIDGET}|${CONTRACT_SITE}` },
      to: { path: `${CONTRACT_WIDGET}|${CONTRACT_SITE}` },
    },
    {
      name: 'widget-not-the-site-contract',
      severity: 'error',
      comment:
        "The widget reads the contract's root and its ./widget entry, never ./site: the site's page copy and forms would ride along in every partner's page.",
      from: { path: `^booking-widget/|${CONTRACT_WIDGET}` },
      to: { path: CONTRACT_SITE },
    },
    {
      name: 'site-not-the-widget-contract',
      severity: 'error',
      comment:
        "The site and the server read the contract's root and ./site. They may name the widget's types where they answer its endpoints (a type-only import, erased), and two pages finish in the widget's words what the widget started: /completion, where its payment lands after the bank's check, and the payment link's page, whose card forms ask for the terms as the widget's payment step does (the Stripe form and the terms label).",
      from: {
        path: '^(app|server)/',
        pathNot:
          '^app/routes/completion[.]tsx$|^app/components/(stripe-link-payment|terms-agreement)[.]tsx$',
      },
      to: { path: CONTRACT_WIDGET, dependencyTypesNot: ['type-only'] },
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
      comment:
        'Domains and the store serve the routes; they never import a route, the root, a component or the server.',
      // A page's own parts (app/staff/booking-page: the staff booking page's forms) stand with
      // the routes: they draw with the components.
      from: {
        path: '^app/',
        pathNot:
          '^app/(routes|routes-content|components|staff/booking-page)/|^app/(root|entry[.][a-z]+)[.]tsx$',
      },
      to: {
        path: '^app/(routes|routes-content|components)/|^app/(root|entry[.][a-z]+)[.]tsx$|^server/',
      },
    },
    {
      name: 'components-below-the-routes',
      severity: 'error',
      comment:
        "Components draw what a route gives them: they import no route, no server module and no store (the root loader's type is allowed).",
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
    // The package's `exports` map, so `@business-chauffeur/booking-contract/site` resolves to the
    // entry file the rules above name.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
    },
    skipAnalysisNotInRules: true,
  },
};
