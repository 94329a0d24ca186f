// The lint step holds the layout: fed code that breaks a rule, it refuses it. ESLint runs on
// in-memory text named as a file of the repository, so the repository's own configuration
// (eslint.config.js) decides, as in `npm run lint`; dependency-cruiser runs the repository's
// .dependency-cruiser.cjs on a small tree of files written for the test (docs/decisions/069).
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';
import { ESLint } from 'eslint';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('one 404', () => {
  it('refuses a route that throws a 404 Response of its own', async () => {
    const code = [
      'export function loader() {',
      "  throw new Response('Not Found', { status: 404 });",
      '}',
      '',
    ].join('\n');
    expect(await ruleIds(code, 'app/routes/some-page.tsx')).toContain('no-restricted-syntax');
    expect(await ruleIds(code, 'server/some-module.ts')).toContain('no-restricted-syntax');
  });

  it('takes the notFound helper, and other statuses', async () => {
    const code = [
      "import { notFound } from '~/utils/not-found.server';",
      'export function loader(missing: boolean) {',
      '  if (missing) notFound();',
      "  return new Response('Gone', { status: 410 });",
      '}',
      '',
    ].join('\n');
    expect(await ruleIds(code, 'app/routes/some-page.tsx')).toEqual([]);
  });
});

describe('files of at most 400 lines', () => {
  const lines = (count: number) =>
    Array.from({ length: count }, (_, index) => `export const line${index} = ${index};`).join(
      '\n',
    ) + '\n';

  it('refuses a product file over 400 lines', async () => {
    expect(await ruleIds(lines(401), 'app/booking/some-module.server.ts')).toContain('max-lines');
    expect(await ruleIds(lines(401), 'server/some-module.ts')).toContain('max-lines');
    expect(await ruleIds(lines(401), 'booking-widget/src/ui/some-step.tsx')).toContain('max-lines');
    expect(await ruleIds(lines(400), 'app/booking/some-module.server.ts')).toEqual([]);
  });

  it('leaves tests and the generated Sanity types alone', async () => {
    expect(await ruleIds(lines(401), 'app/booking/some-module.server.test.ts')).toEqual([]);
    expect(await ruleIds(lines(401), 'tests/integration/some-suite.test.ts')).toEqual([]);
  });
});

describe('layers without cycles (dependency-cruiser)', () => {
  const require = createRequire(import.meta.url);
  const config = require('../.dependency-cruiser.cjs') as IConfiguration;
  const tree = mkdtempSync(join(tmpdir(), 'layers-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  async function violations(files: Record<string, string>, roots = ['app']): Promise<string[]> {
    const base = mkdtempSync(join(tree, 'case-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(base, dirname(name)), { recursive: true });
      writeFileSync(join(base, name), text);
    }
    if (files['packages/booking-contract/package.json']) {
      // As npm's workspaces install it: the package name is a link to the package's folder.
      mkdirSync(join(base, 'node_modules/@business-chauffeur'), { recursive: true });
      symlinkSync(
        '../../packages/booking-contract',
        join(base, 'node_modules/@business-chauffeur/booking-contract'),
      );
    }
    const { output } = await cruise(
      roots.filter((folder) => existsSync(join(base, folder))),
      {
        ...config.options,
        tsConfig: undefined,
        baseDir: base,
        ruleSet: { forbidden: config.forbidden },
        validate: true,
        outputType: 'json',
      },
    );
    const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
    return result.summary.violations.map((violation) => violation.rule.name);
  }

  it('refuses an import cycle', async () => {
    expect(
      await violations({
        'app/booking/quotes.server.ts':
          "import { fee } from './fees.server';\nexport const quote = () => fee;\n",
        'app/booking/fees.server.ts':
          "import { quote } from './quotes.server';\nexport const fee = () => quote;\n",
      }),
    ).toContain('no-cycle');
  });

  it('refuses utils or the store importing a domain, and a domain importing a route', async () => {
    const found = await violations({
      'app/utils/session.server.ts':
        "import { getStore } from '../store/store.server';\nexport const s = getStore;\n",
      'app/store/store.server.ts':
        "import { TTL } from '../accounts/accounts.server';\nexport const getStore = () => TTL;\n",
      'app/accounts/accounts.server.ts':
        "import { page } from '../routes/signin';\nexport const TTL = page;\n",
      'app/routes/signin.tsx': 'export const page = 1;\n',
    });
    expect(found).toEqual(
      expect.arrayContaining([
        'utils-below-the-domains',
        'store-below-the-domains',
        'domains-below-the-pages',
      ]),
    );
  });

  it('takes imports that point down and a type-only cycle', async () => {
    expect(
      await violations({
        'app/routes/signin.tsx':
          "import { signIn } from '../accounts/accounts.server';\nexport const page = signIn;\n",
        'app/accounts/accounts.server.ts':
          "import { getStore } from '../store/store.server';\nimport type { Page } from '../accounts/page';\nexport const signIn = getStore;\nexport type P = Page;\n",
        'app/accounts/page.ts':
          "import type { P } from './accounts.server';\nexport type Page = P | 1;\n",
        'app/store/store.server.ts':
          "import { log } from '../utils/log.server';\nexport const getStore = log;\n",
        'app/utils/log.server.ts': 'export const log = 1;\n',
      }),
    ).toEqual([]);
  });

  describe('the contract by audience', () => {
    // The contract's real package.json (its exports map) and one file per entry.
    const contract = {
      'packages/booking-contract/package.json': readFileSync(
        join(root, 'packages/booking-contract/package.json'),
        'utf8',
      ),
      'packages/booking-contract/src/index.ts': 'export const MAX_STOPS = 4;\n',
      'packages/booking-contract/src/widget.ts':
        "export const widgetMessages = { next: 'Next' };\n",
      'packages/booking-contract/src/site.ts':
        "export const messages = { notFound: 'Not found' };\n",
    };
    const roots = ['app', 'booking-widget/src', 'packages/booking-contract/src'];

    it("refuses a widget file importing the contract's site entry", async () => {
      const found = await violations(
        {
          ...contract,
          'booking-widget/src/ui/step-general.tsx':
            "import { messages } from '@business-chauffeur/booking-contract/site';\nexport const title = messages.notFound;\n",
        },
        roots,
      );
      expect(found).toContain('widget-not-the-site-contract');
    });

    it("refuses the contract's root importing the widget's or the site's part", async () => {
      const found = await violations(
        {
          ...contract,
          'packages/booking-contract/src/validation.ts':
            "import { widgetMessages } from './widget-messages';\nimport { pageMessages } from './messages-pages';\nexport const texts = [widgetMessages, pageMessages];\n",
          'packages/booking-contract/src/widget-messages.ts': 'export const widgetMessages = {};\n',
          'packages/booking-contract/src/messages-pages.ts': 'export const pageMessages = {};\n',
        },
        roots,
      );
      expect(found.filter((rule) => rule === 'contract-root-imports-no-audience')).toHaveLength(2);
    });

    it("refuses the site's server code importing the widget entry for its values", async () => {
      const found = await violations(
        {
          ...contract,
          'app/booking/bookings.server.ts':
            "import { widgetMessages } from '@business-chauffeur/booking-contract/widget';\nexport const text = widgetMessages.next;\n",
        },
        roots,
      );
      expect(found).toContain('site-not-the-widget-contract');
    });

    it('takes the root from anywhere, the widget entry in the widget, and its types in the site', async () => {
      expect(
        await violations(
          {
            ...contract,
            'booking-widget/src/ui/step-general.tsx':
              "import { MAX_STOPS } from '@business-chauffeur/booking-contract';\nimport { widgetMessages } from '@business-chauffeur/booking-contract/widget';\nexport const a = [MAX_STOPS, widgetMessages];\n",
            'app/routes/api.me.ts':
              "import { MAX_STOPS } from '@business-chauffeur/booking-contract';\nimport type { widgetMessages } from '@business-chauffeur/booking-contract/widget';\nimport { messages } from '@business-chauffeur/booking-contract/site';\nexport type T = typeof widgetMessages;\nexport const b = [MAX_STOPS, messages];\n",
          },
          roots,
        ),
      ).toEqual([]);
    });
  });
});
