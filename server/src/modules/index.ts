import { Router } from 'express';
import type { NonEmptyArray } from 'type-graphql';
import { TourResolver } from './tours/tour.resolver.js';
import { tourRestRouter } from './tours/tour.rest.js';

/** Every GraphQL resolver; each feature module adds its own. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const RESOLVERS: NonEmptyArray<Function> = [TourResolver];

/** Every REST shim under /api; each feature module adds its own router. */
export function restRouters(): Router {
  const r = Router();
  r.use(tourRestRouter());
  return r;
}
