import { Router } from 'express';
import { ctxOf, jsonBody, route } from '../../common/rest.js';
import { toRestUser } from '../users/user.service.js';
import { authService } from './auth.service.js';
import { setDeviceCookie } from './device-token.js';
import { passwordResetService } from './password-reset.service.js';

/** REST shims of the account paths: /api/auth/register, login, logout, refresh, forgot-password, reset-password. */
export function authRestRouter(): Router {
  const r = Router();
  r.post(
    '/auth/register',
    route(async (req, res) => {
      const { user, message } = await authService.register(ctxOf(req), jsonBody(req));
      res.status(201);
      return { success: true, message, user: toRestUser(user) };
    }),
  );
  r.post(
    '/auth/login',
    route(async (req, res) => {
      const { accessToken, refreshToken, user, deviceToken } = await authService.login(ctxOf(req), jsonBody(req));
      setDeviceCookie(res, deviceToken);
      // `token` is the older name of the access token, which REST callers may still read.
      return { success: true, accessToken, token: accessToken, refreshToken, user: toRestUser(user) };
    }),
  );
  r.post(
    '/auth/logout',
    route(async (req) => {
      await authService.logout(ctxOf(req), jsonBody(req).refreshToken);
      return { success: true, message: 'Logged out' };
    }),
  );
  r.post(
    '/auth/refresh',
    route(async (req) => {
      const { accessToken, refreshToken } = await authService.refresh(ctxOf(req), jsonBody(req).refreshToken);
      return { success: true, accessToken, refreshToken };
    }),
  );
  r.post(
    '/auth/forgot-password',
    route(async (req) => {
      const { message } = await passwordResetService.forgot(ctxOf(req), jsonBody(req).email);
      return { success: true, message };
    }),
  );
  r.post(
    '/auth/reset-password',
    route(async (req) => {
      const { message } = await passwordResetService.reset(ctxOf(req), jsonBody(req));
      return { success: true, message };
    }),
  );
  return r;
}
