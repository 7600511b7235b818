import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122183432_Init } from './Migration20261122183432_Init.js';

/**
 * Migrations in the order they apply. `npm run migration:create -w @tembea/server -- Name` writes a
 * new one from the entities' difference; add it here.
 */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261122183432_Init', class: Migration20261122183432_Init },
];
