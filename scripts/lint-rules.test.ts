// The lint step holds the layout: fed code that breaks a rule, it refuses it. ESLint runs on
// in-memory text named as a file of the repository, so the repository's own configuration
// (eslint.config.js) decides, as in `npm run lint`.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('one 404', () => {
  it('refuses a route that throws a 404 Response of its own', async () => {
    const code = [
      "export function loader() {",
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
