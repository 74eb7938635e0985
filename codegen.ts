import type { CodegenConfig } from '@graphql-codegen/cli';

// The api emits schema.graphql; the web's operations live beside the features that use them, one
// operation per .graphql file. The client preset writes typed documents that Apollo Client 4's
// hooks infer their types from (the old react-apollo hooks plugin does not support Apollo Client 4).
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['web/src/**/*.graphql'],
  generates: {
    'web/src/generated/': {
      preset: 'client',
      presetConfig: {
        // Components read the fields their operation selected; masking would force useFragment on
        // every screen for no gain at this size.
        fragmentMasking: false,
      },
      config: {
        // Type-only imports: without them tsc raises TS1484 and Vite tries to resolve a types-only import.
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: {
          DateTimeISO: 'string',
          Upload: 'File',
        },
      },
    },
    // The schema's root fields, for claims that wait for a capability (web/src/features/claims/).
    'web/src/generated/root-fields.ts': {
      plugins: ['./web/codegen/capabilities-plugin.cjs'],
    },
  },
};

export default config;
