#!/usr/bin/env node
// Lists functions longer than a limit (lines from the declaration to its closing brace), longest first.
// Usage: node scripts/long-functions.mjs [dir=api/src/audio] [limit=80] [--tests]
// Exits 1 when any is found, so CI can hold a directory to the limit.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const dir = args[0] ?? 'api/src/audio';
const limit = Number(args[1] ?? 80);
const withTests = process.argv.includes('--tests');

function* files(path) {
  for (const name of readdirSync(path)) {
    const full = join(path, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (full.endsWith('.ts') && (withTests || !full.endsWith('.test.ts'))) yield full;
  }
}

const found = [];
for (const file of files(dir)) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.end).line;
      const lines = last - first + 1;
      if (lines > limit) {
        const name = node.name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
        found.push({ lines, where: `${relative(process.cwd(), file)}:${first + 1}`, name });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${String(f.lines).padStart(4)}  ${f.where}  ${f.name}`);
console.log(`${found.length} function(s) over ${limit} lines in ${dir}${withTests ? ' (tests included)' : ''}`);
process.exitCode = found.length ? 1 : 0;
