import 'reflect-metadata';
import { benchCatalog } from './catalog.bench';
import { printResults } from './harness';

benchCatalog().then((results) => printResults('catalogue queries', results), (error) => { console.error(error); process.exit(1); });
