// Module boundaries (issue 33), imported by eslint.config.mjs and by the api's architecture test
// (api/test/architecture/module-imports.test.ts, which proves a deep import fails).
//
// - A module (api/src/modules/<name>/) imports another module only through its public surface,
//   `../<name>` (its index.ts): never `../<name>/<file>`.
// - platform/ (infrastructure) and shared/ (vocabulary every module may use) import no module.
// The rule is ESLint's no-restricted-imports with a pattern per folder depth, since a relative
// import leaves its module exactly when it climbs more levels than the file sits below the module.

/**
 * Debt: deep imports that remain, file by file (path from the repository root -> the specifiers it
 * may still use). Any other deep import, and any new one in these files, fails.
 */
export const KNOWN_DEEP_IMPORTS = {
  // The licence terms' vocabulary, which the web's tests import to check its pages against the api's
  // texts: through a surface, TypeScript would type-check every service behind it (decorators, the
  // engine) inside the web's project. The fix is to move this vocabulary (tiers, contract terms,
  // default prices) to api/src/shared/, once the producers' split has landed.
  'api/src/modules/licence-files/licence-files.types.ts': ['../producers/contract-terms'],
  'api/src/modules/licences/lease-tiers.ts': ['../licence-files/licence-files.types'],
  'api/src/modules/licences/licence-terms.ts': ['../producers/contract-terms', '../producers/pricing', '../licence-files/licence-files.types'],
  'api/src/modules/licences/licence-tier-terms.ts': ['../licence-files/licence-files.types', '../producers/pricing'],
};

const MAX_DEPTH = 4;
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A relative import that climbs out of the module (depth + 1 levels) and then into another module's file. */
const deepImportRegex = (depth, allowed = []) =>
  `^${allowed.map((spec) => `(?!${escape(spec)}$)`).join('')}(\\.\\./){${depth + 1}}(?!\\.)[^/]+/.+`;

const moduleRule = (depth, allowed) => [
  'error',
  {
    patterns: [
      {
        regex: deepImportRegex(depth, allowed),
        message: "Import another module only through its public surface: '../<module>' (its index.ts). Export what you need there.",
      },
    ],
  },
];

const filesAtDepth = (depth) => `api/src/modules/*/${'*/'.repeat(depth)}*.ts`;
const depthOf = (file) => file.split('/').length - 5;

export const moduleBoundaries = [
  ...Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
    files: [filesAtDepth(depth)],
    rules: { 'no-restricted-imports': moduleRule(depth, []) },
  })),
  ...Object.entries(KNOWN_DEEP_IMPORTS).map(([file, allowed]) => ({
    files: [file],
    rules: { 'no-restricted-imports': moduleRule(depthOf(file), allowed) },
  })),
  {
    files: ['api/src/platform/**/*.ts', 'api/src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules(/|$)', message: 'platform/ and shared/ import no module: the modules depend on them, not the other way.' }] },
      ],
    },
  },
];
