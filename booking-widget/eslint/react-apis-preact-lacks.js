// An ESLint rule for booking-widget/src: React APIs that Preact's compat layer lacks. The widget
// is written and type-checked against React 19 but renders with preact/compat
// (docs/decisions/037-widget-renders-with-preact.md), so such an API passes the type checker and
// the build, then is `undefined` in the browser. The lists are React 19's runtime exports
// (@types/react and @types/react-dom 19, what the widget is checked against) that preact/compat
// (preact 11) does not export; tests/integration/widget-react-apis.test.ts recomputes them from
// node_modules and fails when an upgrade of either changes them.

/** By module: the React 19 APIs preact/compat does not have. */
export const MISSING_IN_PREACT_COMPAT = {
  react: [
    'Activity',
    'Profiler',
    'ViewTransition',
    'act',
    'addTransitionType',
    'cache',
    'cacheSignal',
    'captureOwnerStack',
    'useActionState',
    'useOptimistic',
  ],
  'react-dom': [
    'browser',
    'preconnect',
    'prefetchDNS',
    'preinit',
    'preinitModule',
    'preload',
    'preloadModule',
    'requestFormReset',
    'useFormState',
    'useFormStatus',
  ],
  // Preact's createRoot and hydrateRoot are all React 19 has here today.
  'react-dom/client': [],
};

/**
 * The React modules the widget's build resolves to Preact (booking-widget/vite.config.ts). Any
 * other `react/…` or `react-dom/…` path would bundle a piece of React itself.
 */
export const ALIASED_TO_PREACT = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
];

const docs = 'docs/decisions/037-widget-renders-with-preact.md';

/** The name a property access or destructured key uses, when it is written out. */
function keyName(node, computed) {
  if (!computed && node.type === 'Identifier') return node.name;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noReactApiPreactLacks = {
  meta: {
    type: 'problem',
    docs: { description: 'Refuse React APIs that preact/compat, which renders the widget, lacks' },
    schema: [],
    messages: {
      missing:
        "{{name}} from '{{module}}' is not in preact/compat, which renders the widget ({{docs}}): it passes the type check and the build, then is undefined in the browser.",
      notAliased:
        "'{{module}}' is not resolved to Preact by booking-widget/vite.config.ts: importing it would bundle React itself ({{docs}}).",
    },
  },
  create(context) {
    const { sourceCode } = context;
    const report = (node, module, name) =>
      context.report({ node, messageId: 'missing', data: { name, module, docs } });

    /** Every use of a default or namespace import: `React.useOptimistic`, `const { cache } = React`. */
    function checkUses(specifier, module, missing) {
      for (const variable of sourceCode.getDeclaredVariables(specifier)) {
        for (const reference of variable.references) {
          const id = reference.identifier;
          const parent = id.parent;
          if (parent.type === 'MemberExpression' && parent.object === id) {
            const name = keyName(parent.property, parent.computed);
            if (name && missing.has(name)) report(parent, module, name);
          } else if (
            parent.type === 'VariableDeclarator' &&
            parent.init === id &&
            parent.id.type === 'ObjectPattern'
          ) {
            for (const property of parent.id.properties) {
              if (property.type !== 'Property') continue;
              const name = keyName(property.key, property.computed);
              if (name && missing.has(name)) report(property, module, name);
            }
          }
        }
      }
    }

    function checkModule(node, module) {
      if (node.importKind === 'type' || node.exportKind === 'type') return null;
      if (/^react(-dom)?(\/|$)/.test(module) && !ALIASED_TO_PREACT.includes(module)) {
        context.report({ node: node.source, messageId: 'notAliased', data: { module, docs } });
        return null;
      }
      const list = MISSING_IN_PREACT_COMPAT[module];
      return list ? new Set(list) : null;
    }

    return {
      ImportDeclaration(node) {
        const module = String(node.source.value);
        const missing = checkModule(node, module);
        if (!missing) return;
        for (const specifier of node.specifiers) {
          if (specifier.type === 'ImportSpecifier') {
            if (specifier.importKind === 'type') continue;
            const name = keyName(specifier.imported, false);
            if (name && missing.has(name)) report(specifier, module, name);
          } else {
            checkUses(specifier, module, missing);
          }
        }
      },
      ExportNamedDeclaration(node) {
        if (!node.source) return;
        const module = String(node.source.value);
        const missing = checkModule(node, module);
        if (!missing) return;
        for (const specifier of node.specifiers) {
          if (specifier.exportKind === 'type') continue;
          const name = keyName(specifier.local, false);
          if (name && missing.has(name)) report(specifier, module, name);
        }
      },
      ExportAllDeclaration(node) {
        checkModule(node, String(node.source.value));
      },
      ImportExpression(node) {
        // import('react-dom/server'): the same bundle problem as a static import.
        if (node.source.type !== 'Literal' || typeof node.source.value !== 'string') return;
        const module = node.source.value;
        if (/^react(-dom)?(\/|$)/.test(module) && !ALIASED_TO_PREACT.includes(module)) {
          context.report({ node: node.source, messageId: 'notAliased', data: { module, docs } });
        }
      },
    };
  },
};

/** The plugin eslint.config.js gives to booking-widget/src as `widget`. */
export default {
  meta: { name: 'business-chauffeur-widget' },
  rules: { 'no-react-api-preact-lacks': noReactApiPreactLacks },
};
