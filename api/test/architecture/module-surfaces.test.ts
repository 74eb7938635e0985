import * as fs from 'node:fs';
import * as path from 'node:path';

const MODULES_DIR = path.join(__dirname, '../../src/modules');
const MODULES = fs.readdirSync(MODULES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/**
 * A barrel that takes part in an import cycle can hand out `undefined` for a value that is read
 * while the cycle is still loading (an entity in a relation, a constant). Each surface is loaded
 * first, alone, in a fresh module registry, and every value it exports must be there.
 */
describe('module surfaces (index.ts)', () => {
  it.each(MODULES)('%s has an index.ts whose every exported value is defined when loaded first', (module) => {
    const file = path.join(MODULES_DIR, module, 'index.ts');
    expect(fs.existsSync(file)).toBe(true);
    let surface: Record<string, unknown> = {};
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      surface = require(file) as Record<string, unknown>;
    });
    const undefinedExports = Object.entries(surface).filter(([, value]) => value === undefined).map(([name]) => name);
    expect(undefinedExports).toEqual([]);
  });

  it('lets the composition root load every entity (no relation target lost to a cycle)', () => {
    let entities: unknown[] = [];
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      entities = (require('../../src/entities') as { ENTITIES: unknown[] }).ENTITIES;
    });
    expect(entities.length).toBeGreaterThan(30);
    expect(entities.filter((e) => typeof e !== 'function')).toEqual([]);
  });
});
