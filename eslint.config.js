// One ESLint configuration for the whole repository (site, widget, contract, studio, tests).
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import widgetRules from './booking-widget/eslint/react-apis-preact-lacks.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'build/**',
      '.builds/**',
      'public/build/**',
      'booking-widget/dist/**',
      'studio/dist/**',
      'studio/.sanity/**',
      'app/content/sanity.types.ts',
      'test-results/**',
      'playwright-report/**',
      '.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/ban-ts-comment': [
        'error',
        { 'ts-ignore': true, 'ts-expect-error': 'allow-with-description' },
      ],
    },
  },
  {
    // The widget renders with preact/compat (docs/decisions/037): a React API compat lacks would
    // pass the type check and the build, then be undefined in the browser.
    files: ['booking-widget/src/**/*.{ts,tsx}'],
    plugins: { widget: widgetRules },
    rules: { 'widget/no-react-api-preact-lacks': 'error' },
  },
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ['tests/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // No product file over 400 lines: a longer one is split into files whose names say what each
    // holds. Tests are exempt, and so is the generated app/content/sanity.types.ts (ignored above).
    files: [
      'app/**/*.{ts,tsx}',
      'server/**/*.ts',
      'packages/*/src/**/*.ts',
      'booking-widget/src/**/*.{ts,tsx}',
      'studio/**/*.{ts,tsx}',
      'scripts/**/*.ts',
    ],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // One 404 (app/utils/not-found.server.ts): a route or server module answers a missing or hidden
    // thing with notFound(), never a Response of its own (scripts/lint-rules.test.ts feeds it one).
    files: ['app/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['app/utils/not-found.server.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "NewExpression[callee.name='Response'] > ObjectExpression > Property[key.name='status'][value.value=404]",
          message:
            "Answer 404 with notFound() from '~/utils/not-found.server', not a Response of its own.",
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
);
