import type { Response } from 'express';
import type { RequestContext } from '../common/context.js';

/**
 * Apollo's context: the request context that resolvers hand to services, plus the HTTP answer for
 * the resolvers that set a cookie or a header themselves. Services take RequestContext and so
 * never see the answer.
 */
export interface GraphQLContext extends RequestContext {
  res: Response;
}

export function graphqlContext(ctx: RequestContext, res: Response): GraphQLContext {
  return { ...ctx, res };
}
