import { existsSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

// Runs from the repository root or from client/ (the workspace's own script).
const root = existsSync('schema/schema.graphql') ? '.' : '..';
const out = process.env.CODEGEN_OUT ?? `${root}/client/src/gql/`;

const config: CodegenConfig = {
  schema: `${root}/schema/schema.graphql`,
  documents: [`${root}/client/src/**/*.{ts,tsx}`, `!${root}/client/src/gql/**/*`],
  ignoreNoDocuments: true,
  generates: {
    [out]: {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: { field: true, inputValue: false },
        scalars: { DateTimeISO: 'string', Upload: 'File', ID: 'string' },
      },
    },
  },
  hooks: { afterAllFileWrite: [] },
};

export default config;
