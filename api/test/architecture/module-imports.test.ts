import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

/** The boundary rule's messages for each source text, linted as if it were the given file. */
function lint(inputs: readonly { filePath: string; code: string }[]): string[][] {
  const out = execFileSync(process.execPath, [path.join(__dirname, 'lint-boundaries.mjs')], { input: JSON.stringify(inputs), encoding: 'utf8' });
  return JSON.parse(out) as string[][];
}

const DEEP = /^no-restricted-imports: .* Import another module only through its public surface/;
const PLATFORM = /^no-restricted-imports: .* platform\/ and shared\/ import no module/;

describe('module boundaries: the import rule (eslint.boundaries.mjs)', () => {
  it('refuses a deep import into another module, at every depth, for values and types, and for re-exports', () => {
    const [top, nested, typeOnly, reexport, indexFile] = lint([
      { filePath: 'api/src/modules/showcase/crossing.ts', code: "import { Beat } from '../beats/beat.entity';\nexport const x = Beat;" },
      { filePath: 'api/src/modules/beats/jobs/crossing.ts', code: "import { pageOf } from '../../admin/pagination';\nexport const y = pageOf;" },
      { filePath: 'api/src/modules/licences/crossing.ts', code: "import type { BeatsService } from '../beats/beats.service';\nexport type Z = BeatsService;" },
      { filePath: 'api/src/modules/earnings/view/crossing.ts', code: "export { tagKey } from '../../catalog/tags';" },
      { filePath: 'api/src/modules/showcase/crossing.ts', code: "export { Beat } from '../beats/index';" },
    ]);
    for (const messages of [top, nested, typeOnly, reexport, indexFile]) expect(messages).toEqual([expect.stringMatching(DEEP)]);
  });

  it("allows another module's index, the module's own files, platform/, shared/ and the engine", () => {
    const results = lint([
      { filePath: 'api/src/modules/showcase/fine.ts', code: "import { Beat } from '../beats';\nimport { SHOWCASE_ACCOUNT } from './system-account';\nimport { notFound } from '../../platform/errors';\nimport { KEYS } from '../../shared/music-theory';\nimport { parseArrangement } from '../../audio/render/arrangement';\nexport const all = [Beat, SHOWCASE_ACCOUNT, notFound, KEYS, parseArrangement];" },
      { filePath: 'api/src/modules/beats/jobs/fine.ts', code: "import { GenerationJob } from '../generation-job.entity';\nimport type { CatalogService } from '../../catalog';\nimport { DomainError } from '../../../platform/errors';\nexport const all = [GenerationJob, DomainError];\nexport type C = CatalogService;" },
      { filePath: 'api/src/modules/beats/prompt/data/fine.ts', code: "import { KEYS } from '../../../../shared/music-theory';\nimport type { TagKind } from '../../../catalog';\nexport const k = KEYS;\nexport type T = TagKind;" },
    ]);
    expect(results).toEqual([[], [], []]);
  });

  it('lets a listed debt file keep exactly its listed deep imports, and no new one', () => {
    const [listed, added] = lint([
      { filePath: 'api/src/modules/licences/licence-tier-terms.ts', code: "import { LEASE_TIERS } from '../licence-files/licence-files.types';\nimport { DEFAULT_PRICES_CENTS } from '../producers/pricing';\nexport const all = [LEASE_TIERS, DEFAULT_PRICES_CENTS];" },
      { filePath: 'api/src/modules/licences/licence-tier-terms.ts', code: "import { planByLevel } from '../billing/plans';\nexport const p = planByLevel;" },
    ]);
    expect(listed).toEqual([]);
    expect(added).toEqual([expect.stringMatching(DEEP)]);
  });

  it('refuses a module import from platform/ and shared/', () => {
    const results = lint([
      { filePath: 'api/src/platform/db/crossing.ts', code: "import type { User } from '../../modules/accounts';\nexport type U = User;" },
      { filePath: 'api/src/shared/crossing.ts', code: "import { tagKey } from '../modules/catalog';\nexport const t = tagKey;" },
    ]);
    expect(results).toEqual([[expect.stringMatching(PLATFORM)], [expect.stringMatching(PLATFORM)]]);
  });
});

describe('module boundaries: the debt list', () => {
  it('lists only deep imports that still exist (delete an entry with the change that removes it)', () => {
    const listing = execFileSync(process.execPath, ['--input-type=module', '-e', "const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(m.KNOWN_DEEP_IMPORTS));", path.join(__dirname, '../../../eslint.boundaries.mjs')], { encoding: 'utf8' });
    const known = JSON.parse(listing) as Record<string, string[]>;
    const root = path.join(__dirname, '../../..');
    const stale = Object.entries(known).flatMap(([file, specs]) => {
      const text = fs.existsSync(path.join(root, file)) ? fs.readFileSync(path.join(root, file), 'utf8') : '';
      return specs.filter((spec) => !text.includes(`from '${spec}'`)).map((spec) => `${file} -> ${spec}`);
    });
    expect(stale).toEqual([]);
  });
});
