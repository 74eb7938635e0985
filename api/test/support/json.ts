/**
 * A JSON object a test reads field by field and pins with expect(): its shape is what the test checks,
 * so it is not typed first (eslint.config.mjs lets tests read untyped JSON for the same reason).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- untyped JSON under test, read in place
export type JsonObject = Record<string, any>;
