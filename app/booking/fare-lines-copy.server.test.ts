// The fare lines' labels and details are the catalogue's (messages.fareLines), never English typed
// into fare-lines.server.ts: a customer reads them in the widget, the emails and the invoice.
import { messages } from '@business-chauffeur/booking-contract';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('./fare-lines.server.ts', import.meta.url), 'utf8');

/** Every string and template text in the file's code (comments are skipped). */
function stringsInCode(text: string): string[] {
  const file = ts.createSourceFile('fare-lines.server.ts', text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    if (ts.isTemplateExpression(node)) {
      found.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the fare lines file', () => {
  it('holds no words a customer reads: only keys, module names and punctuation', () => {
    const imports = new Set(
      file()
        .statements.filter(ts.isImportDeclaration)
        .map((statement) => (statement.moduleSpecifier as ts.StringLiteral).text),
    );
    const isKey = (text: string) => /^[a-z][A-Za-z0-9]*$/.test(text);
    const isPunctuation = (text: string) => /^[^A-Za-z0-9]*$/.test(text);
    const words = stringsInCode(source).filter(
      (text) => !imports.has(text) && !isKey(text) && !isPunctuation(text),
    );
    expect(words).toEqual([]);
  });

  it('reads its labels from the catalogue', () => {
    expect(source).toContain('messages.fareLines');
    expect(messages.fareLines.fareByTheHour(1)).toBe('Fare (1 hour)');
    expect(messages.fareLines.fareByTheHour(2.5)).toBe('Fare (2.5 hours)');
  });
});

function file() {
  return ts.createSourceFile('fare-lines.server.ts', source, ts.ScriptTarget.Latest, true);
}
