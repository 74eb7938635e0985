/**
 * The tables this module owns: none (it works through other modules' services). A table it adds
 * is listed here; test/architecture/table-ownership.test.ts holds every module to it.
 */
export const OWNED_TABLES = [] as const;
