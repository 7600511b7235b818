/**
 * Helpers for the accounts tests (HTTP calls with headers, sign-up and login in one step, mails
 * saved under DATA_DIR/mail, multipart uploads). Test-only; nothing in the app imports it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The parts of a test server these helpers use. */
export interface Srv {
  url: string;
  dataDir: string;
}

export interface Res {
  status: number;
  body: any;
  headers: Headers;
}

async function parse(res: Response): Promise<Res> {
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

/** A GraphQL call with an optional bearer token and extra headers (e.g. X-Forwarded-For). */
export async function gql(
  s: Srv,
  query: string,
  variables: Record<string, unknown> = {},
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<Res> {
  const res = await fetch(`${s.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: JSON.stringify({ query, variables }),
  });
  return parse(res);
}

/** A REST call under /api with an optional JSON body, bearer token and extra headers. */
export async function api(
  s: Srv,
  method: string,
  p: string,
  body?: unknown,
  opts: { token?: string; headers?: Record<string, string> } = {},
): Promise<Res> {
  const res = await fetch(`${s.url}/api${p}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...opts.headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return parse(res);
}

let seq = 0;
/** A fresh sign-up: unique email, valid fields. */
export function newUser(over: Partial<{ name: string; email: string; phone: string; password: string }> = {}) {
  seq++;
  return {
    name: 'Amani Mushi',
    email: `amani.${Date.now().toString(36)}.${seq}@example.com`,
    phone: '+255 712 345 678',
    password: 'kilimanjaro-5895',
    ...over,
  };
}

export const REGISTER = `mutation($input: RegisterInput!) { register(input: $input) { message user { id name email phone role profileImage registeredAt createdAt lastLoginAt permissions } } }`;
export const LOGIN = `mutation($input: LoginInput!) { login(input: $input) { accessToken refreshToken user { id email role lastLoginAt permissions } } }`;
export const REFRESH = `mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken refreshToken } }`;
export const ME = `{ me { id name email phone role profileImage registeredAt createdAt lastLoginAt permissions } }`;

/** Registers and logs in; returns the credentials, the user id and both tokens. */
export async function signUpAndLogin(s: Srv, over: Parameters<typeof newUser>[0] = {}) {
  const u = newUser(over);
  const reg = await gql(s, REGISTER, { input: u });
  if (reg.body.errors) throw new Error(JSON.stringify(reg.body.errors));
  const login = await gql(s, LOGIN, { input: { email: u.email, password: u.password } });
  if (login.body.errors) throw new Error(JSON.stringify(login.body.errors));
  const { accessToken, refreshToken, user } = login.body.data.login;
  return { ...u, id: Number(user.id), accessToken: accessToken as string, refreshToken: refreshToken as string };
}

/** Mails saved under DATA_DIR/mail (the app's outbox without SMTP), oldest first. */
export function mails(s: Srv): { file: string; text: string }[] {
  const dir = path.join(s.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => ({ file: f, text: decodeMail(readFileSync(path.join(dir, f), 'utf8')) }));
}

/** Undoes quoted-printable soft breaks and escapes so links can be matched in the raw .eml. */
function decodeMail(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** Mails sent to one address. */
export function mailsTo(s: Srv, email: string) {
  return mails(s).filter((m) => m.text.toLowerCase().includes(`to: ${email.toLowerCase()}`));
}

/** POSTs a GraphQL multipart upload (the client sends the preflight header Apollo asks for). */
export async function gqlUpload(
  s: Srv,
  query: string,
  file: { data: Buffer; name: string; type: string },
  token?: string,
): Promise<Res> {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${s.url}/graphql`, {
    method: 'POST',
    headers: { 'apollo-require-preflight': 'true', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  return parse(res);
}

/** POSTs a REST multipart form with one file under the given field. */
export async function restUpload(
  s: Srv,
  p: string,
  field: string,
  file: { data: Buffer; name: string; type: string },
  token?: string,
): Promise<Res> {
  const form = new FormData();
  form.append(field, new Blob([file.data], { type: file.type }), file.name);
  const res = await fetch(`${s.url}/api${p}`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return parse(res);
}

/** POSTs a profile picture to the REST shim (/api/users/profile/image, field profileImage). */
export function restProfileImage(
  s: Srv,
  file: { data: Buffer; name: string; type: string },
  token?: string,
): Promise<Res> {
  return restUpload(s, '/users/profile/image', 'profileImage', file, token);
}
