// The ESLint rule that refuses, in booking-widget/src, React APIs preact/compat lacks
// (booking-widget/eslint/react-apis-preact-lacks.js): its lists are what React 19's types offer
// and preact/compat does not export, recomputed here from node_modules, and it reports every use
// of them in a fixture linted with the repository's own configuration, and nothing else.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import viteConfig from '../../booking-widget/vite.config';
import {
  ALIASED_TO_PREACT,
  MISSING_IN_PREACT_COMPAT,
} from '../../booking-widget/eslint/react-apis-preact-lacks.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const widget = path.join(root, 'booking-widget');
const fixture = (name: string) =>
  readFileSync(path.join(root, 'tests/fixtures/widget-react-apis', name), 'utf8');

/** The value exports (not types) of React's modules, as the widget's own types declare them. */
function react19Exports(modules: string[]): Record<string, string[]> {
  const probe = path.join(widget, 'src', '__react-exports-probe.ts');
  const text = modules.map((module, index) => `import * as m${index} from '${module}';`).join('\n');
  // The widget's tsconfig.json pins react and react-dom to React 19's types.
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(widget, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (!config) throw new Error('booking-widget/tsconfig.json could not be read.');
  // Node's types are not needed to read React's exports (and are most of the time spent).
  const options = { ...config.options, types: [] };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, ...rest) =>
    path.resolve(name) === probe
      ? ts.createSourceFile(name, text, ts.ScriptTarget.ES2022)
      : readSource(name, version, ...rest);
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(probe);
  const found: Record<string, string[]> = {};
  for (const statement of source?.statements ?? []) {
    if (!ts.isImportDeclaration(statement)) continue;
    const module = (statement.moduleSpecifier as ts.StringLiteral).text;
    const symbol = checker.getSymbolAtLocation(statement.moduleSpecifier);
    if (!symbol) throw new Error(`No types for ${module}`);
    found[module] = checker
      .getExportsOfModule(symbol)
      .filter((exported) => {
        const target =
          exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
        return (target.flags & ts.SymbolFlags.Value) !== 0;
      })
      .map((exported) => exported.name)
      .sort();
  }
  return found;
}

const PREACT_FOR: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
};

describe('the React APIs the widget may not use', () => {
  it("are exactly React 19's that preact/compat does not export", { timeout: 60_000 }, async () => {
    const modules = Object.keys(PREACT_FOR);
    const react = react19Exports(modules);
    expect(react.react).toContain('useState');
    expect(react['react-dom/client']).toContain('createRoot');
    const lacking: Record<string, string[]> = {};
    for (const module of modules) {
      const preact = new Set(Object.keys(await import(PREACT_FOR[module] as string)));
      lacking[module] = (react[module] ?? []).filter((name) => !preact.has(name));
    }
    expect(MISSING_IN_PREACT_COMPAT).toEqual(lacking);
  });

  it("are checked in every module the widget's build resolves to Preact, and only those", () => {
    const aliases = (viteConfig.resolve?.alias ?? []) as unknown as { find: RegExp }[];
    const resolved = (module: string) => aliases.some(({ find }) => find.test(module));
    for (const module of ALIASED_TO_PREACT) expect(resolved(module), module).toBe(true);
    for (const module of Object.keys(MISSING_IN_PREACT_COMPAT)) {
      expect(ALIASED_TO_PREACT).toContain(module);
    }
    for (const module of ['react-dom/server', 'react-dom/static', 'react/compiler-runtime']) {
      expect(resolved(module), module).toBe(false);
    }
  });
});

describe('ESLint in booking-widget/src', () => {
  const eslint = new ESLint({ cwd: root });
  const lint = async (name: string, where: string) => {
    const [result] = await eslint.lintText(fixture(name), { filePath: path.join(root, where) });
    return (result?.messages ?? []).map((message) => ({
      line: message.line,
      rule: message.ruleId,
      text: message.message.replace(/ (is not in|is not resolved to) .*/, ''),
    }));
  };
  const refused = (line: number, text: string) => ({
    line,
    rule: 'widget/no-react-api-preact-lacks',
    text,
  });

  it(
    'refuses each use of an API preact/compat lacks, however it is imported',
    { timeout: 60_000 },
    async () => {
      expect(await lint('refused.tsx', 'booking-widget/src/ui/refused.tsx')).toEqual([
        refused(6, "Activity from 'react'"),
        refused(6, "useActionState from 'react'"),
        refused(6, "useOptimistic from 'react'"),
        refused(7, "preload from 'react-dom'"),
        refused(7, "useFormStatus from 'react-dom'"),
        refused(9, "'react-dom/server'"),
        refused(11, "cache from 'react'"),
        refused(22, "useOptimistic from 'react'"),
        refused(23, "captureOwnerStack from 'react'"),
        refused(36, "cacheSignal from 'react'"),
        refused(43, "'react-dom/static'"),
      ]);
    },
  );

  it('lets the APIs compat has and type imports through', { timeout: 60_000 }, async () => {
    expect(await lint('allowed.tsx', 'booking-widget/src/ui/allowed.tsx')).toEqual([]);
  });

  it(
    'applies to the widget only: the site renders with React itself',
    { timeout: 60_000 },
    async () => {
      expect(await lint('refused.tsx', 'app/components/refused.tsx')).toEqual([]);
    },
  );
});
