// The server runs without a build step: Node strips the types of server/*.ts (and of the app
// modules it imports) as it loads them. That works only for erasable syntax (no enums, namespaces
// or parameter properties) and relative imports that name their .ts files, which the typecheck
// alone does not enforce; this loads every module the way `npm start` does.
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const modules = readdirSync('server')
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== 'index.ts')
  .map((file) => `./server/${file}`);

describe('server modules under Node', () => {
  it('load with Node’s type stripping, as `node server/index.ts` loads them', async () => {
    expect(modules.length).toBeGreaterThan(5);
    const script = `for (const file of ${JSON.stringify(modules)}) await import(file);`;
    const { stderr } = await promisify(execFile)(
      process.execPath,
      ['--input-type=module', '--no-warnings', '-e', script],
      { cwd: process.cwd() },
    );
    expect(stderr).toBe('');
  });
});
