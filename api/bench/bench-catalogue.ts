import type { App } from '../src/app';
import { seedDemoLibrary } from '../src/modules/catalog/demo-seeder';
import { createLogger } from '../src/platform/logging/logger';

/** The bench's catalogue: the demo library a fresh install ships (rendered, or taken from the cache). */
export async function seedBenchCatalogue(app: App, dataDir: string): Promise<string> {
  const result = await seedDemoLibrary({ orm: app.orm, blobs: app.blobs, logger: createLogger('silent'), dataDir });
  return `${result.compositions} compositions, ${result.drumLoops} drum loops`;
}
