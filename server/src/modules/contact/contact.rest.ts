import { Router } from 'express';
import { ctxOf, route } from '../../common/rest.js';
import { contactService } from './contact.service.js';

/** POST /api/contact { name, email, message } -> { success, message }. */
export function contactRestRouter(): Router {
  const r = Router();
  r.post(
    '/contact',
    route(async (req) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const result = await contactService.send(ctxOf(req), {
        name: body.name,
        email: body.email,
        message: body.message,
      });
      return { success: true, ...result };
    }),
  );
  return r;
}
