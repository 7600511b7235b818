import { existsSync } from 'node:fs';
import type { CodegenConfig } from '@graphql-codegen/cli';

// Runs from the repository root or from client/ (the workspace's own script).
const root = existsSync('schema/schema.graphql') ? '.' : '..';
const out = process.env.CODEGEN_OUT ?? `${root}/client/src/gql/`;
// The admin screens' operations get their own graphql() map (gql/admin/), so that the map every
// visitor downloads with the first page holds only the public operations.
const adminDocuments = [`${root}/client/src/features/admin/**/*.{ts,tsx}`];
// Fragments that both maps spread: each map needs their definitions to type its own operations.
const sharedFragments = [
  `${root}/client/src/lib/tour-fields.operations.ts`,
  `${root}/client/src/lib/payment-fields.operations.ts`,
];
const outputConfig = {
  useTypeImports: true,
  enumsAsTypes: true,
  avoidOptionals: { field: true, inputValue: false },
  scalars: { DateTimeISO: 'string', Upload: 'File', ID: 'string' },
};

const config: CodegenConfig = {
  schema: `${root}/schema/schema.graphql`,
  ignoreNoDocuments: true,
  generates: {
    [out]: {
      documents: [
        `${root}/client/src/**/*.{ts,tsx}`,
        `!${root}/client/src/gql/**/*`,
        ...adminDocuments.map((d) => `!${d}`),
      ],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: outputConfig,
    },
    [`${out}admin/`]: {
      documents: [...adminDocuments, ...sharedFragments],
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: outputConfig,
    },
  },
  // Every generated file gets a do-not-edit banner.
  hooks: { afterOneFileWrite: [`node ${root}/scripts/gql-banner.mjs`] },
};

export default config;
