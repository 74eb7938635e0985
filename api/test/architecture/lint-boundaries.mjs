// Lints source texts with the module-boundary rules alone (eslint.boundaries.mjs, no type
// information needed) and prints each text's messages as JSON. Run by module-imports.test.ts:
//   node lint-boundaries.mjs < [{ "filePath": "api/src/modules/x/y.ts", "code": "..." }, ...]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const require = createRequire(resolve(root, 'package.json'));
const { Linter } = require('eslint');
const tseslint = require('typescript-eslint');
const { moduleBoundaries } = await import(resolve(root, 'eslint.boundaries.mjs'));

const linter = new Linter({ configType: 'flat', cwd: root });
const config = [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...moduleBoundaries];
const inputs = JSON.parse(readFileSync(0, 'utf8'));
const out = inputs.map(({ filePath, code }) => linter.verify(code, config, { filename: resolve(root, filePath) }).map((m) => `${m.ruleId}: ${m.message}`));
process.stdout.write(JSON.stringify(out));
