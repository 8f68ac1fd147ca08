import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Issue 24 §2: every failure main sends the window is words (a catalog key and its values), so
// the window says it in its language; `IpcFailure` keeps taking a sentence only so that a failure
// not yet given as words still says something. This check reads main's source: a sentence written
// into an `IpcFailure` (or the `super` call of a class extending it) fails it, wherever it hides
// in a conditional or a `??`.

const ROOT = join(import.meta.dirname, '../../..');

/** Sentences still allowed, by file, with why. */
const ALLOWED: Readonly<Record<string, string>> = {
  // A certificate the service's address does not trust: its English comes from the TLS
  // problem's name (main/http/network-error.ts), worded with the queue's reasons.
  'main/core/ipc-handlers.ts': '`${disposition.reason}.`',
};

/** Every TypeScript file under `folder`, as paths from the repository's root. */
function sources(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The string literals an expression may evaluate to, through conditionals, `??` and `||`. */
function sentencesOf(node: ts.Expression): ts.Node[] {
  if (ts.isParenthesizedExpression(node)) return sentencesOf(node.expression);
  if (
    ts.isStringLiteral(node) ||
    ts.isNoSubstitutionTemplateLiteral(node) ||
    ts.isTemplateExpression(node)
  )
    return [node];
  if (ts.isConditionalExpression(node))
    return [...sentencesOf(node.whenTrue), ...sentencesOf(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...sentencesOf(node.left), ...sentencesOf(node.right)];
  return [];
}

/** The reasons given to `IpcFailure` in `file`: `new IpcFailure(code, reason)`, `super(code, reason)`. */
function failureReasons(file: string): { readonly reason: ts.Expression; readonly line: number }[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { reason: ts.Expression; line: number }[] = [];
  const extendsFailure = (node: ts.Node): boolean => {
    const owner = ts.findAncestor(node, ts.isClassLike);
    return (
      owner?.heritageClauses?.some((clause) =>
        clause.types.some((type) => type.expression.getText(source) === 'IpcFailure'),
      ) ?? false
    );
  };
  const visit = (node: ts.Node): void => {
    const isFailure =
      (ts.isNewExpression(node) && node.expression.getText(source) === 'IpcFailure') ||
      (ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.SuperKeyword &&
        extendsFailure(node));
    const reason = isFailure ? (node as ts.CallExpression).arguments?.[1] : undefined;
    if (reason !== undefined)
      found.push({ reason, line: source.getLineAndCharacterOfPosition(reason.pos).line + 1 });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the failures main sends', () => {
  const reasons = sources('main').map((file) => ({ file, found: failureReasons(file) }));

  it('are words, never a sentence written into an IpcFailure', () => {
    const sentences = reasons.flatMap(({ file, found }) =>
      found.flatMap(({ reason, line }) =>
        sentencesOf(reason)
          .map((sentence) => sentence.getText())
          .filter((sentence) => ALLOWED[file] !== sentence)
          .map((sentence) => `${file}:${line}: ${sentence}`),
      ),
    );
    expect(sentences).toEqual([]);
  });

  it('finds the failures it checks (the check is not looking at nothing)', () => {
    const count = reasons.reduce((sum, { found }) => sum + found.length, 0);
    expect(count).toBeGreaterThan(30);
    expect(sentencesOf(ts.factory.createStringLiteral('x'))).toHaveLength(1);
  });
});
