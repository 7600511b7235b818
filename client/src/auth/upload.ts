import { print, type GraphQLFormattedError } from 'graphql';
import type { TypedDocumentNode } from '@apollo/client';
import { withSession } from './authorized';
import { AUTH_MESSAGES, NetworkError, SessionError } from './messages';
import { GRAPHQL_PATH } from './session';

/** A GraphQL answer that carried errors, with the first one's message and code. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly errors: readonly GraphQLFormattedError[] = [],
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

interface Answer<T> {
  status: number;
  data?: T | null;
  errors?: GraphQLFormattedError[];
}

function send<T>(form: FormData, token: string | null, onProgress?: (percent: number) => void): Promise<Answer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', GRAPHQL_PATH);
    // Apollo Server's CSRF protection refuses multipart requests without a preflight-forcing header.
    xhr.setRequestHeader('apollo-require-preflight', 'true');
    xhr.setRequestHeader('accept', 'application/graphql-response+json, application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as {
          data?: T | null;
          errors?: GraphQLFormattedError[];
          message?: string;
        };
        const errors = body.errors ?? (body.message ? [{ message: body.message }] : undefined);
        resolve({ status: xhr.status, data: body.data, errors });
      } catch {
        reject(new UploadError(AUTH_MESSAGES.invalidResponse));
      }
    };
    xhr.send(form);
  });
}

function isUnauthenticated(a: Answer<unknown>): boolean {
  return a.status === 401 || !!a.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED');
}

/** Files of a multipart request by variable name: one file, or a list for a `[Upload!]` variable. */
export type UploadFiles = Record<string, File | readonly File[]>;

/**
 * Runs a mutation with file variables as a GraphQL multipart request
 * (https://github.com/jaydenseric/graphql-multipart-request-spec), reporting upload progress.
 * Like every authorised call it refreshes an expired token first and retries once after an
 * UNAUTHENTICATED answer.
 */
export async function uploadWithProgress<TData, TVars extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVars>,
  variables: Omit<TVars, 'file'>,
  file: File,
  onProgress?: (percent: number) => void,
): Promise<TData> {
  return uploadFiles(document, variables as Partial<TVars>, { file }, onProgress);
}

/** uploadWithProgress for any number of file variables (e.g. a tour's new images). */
export async function uploadFiles<TData, TVars extends Record<string, unknown>>(
  document: TypedDocumentNode<TData, TVars>,
  variables: Partial<TVars>,
  files: UploadFiles,
  onProgress?: (percent: number) => void,
): Promise<TData> {
  const operationName = document.definitions.find((d) => d.kind === 'OperationDefinition')?.name?.value;
  const form = (): FormData => {
    const f = new FormData();
    const vars: Record<string, unknown> = { ...variables };
    const map: Record<string, string[]> = {};
    const parts: File[] = [];
    for (const [name, value] of Object.entries(files)) {
      if (Array.isArray(value)) {
        vars[name] = value.map(() => null);
        value.forEach((file: File, i: number) => {
          map[String(parts.length)] = [`variables.${name}.${i}`];
          parts.push(file);
        });
      } else {
        vars[name] = null;
        map[String(parts.length)] = [`variables.${name}`];
        parts.push(value as File);
      }
    }
    f.append('operations', JSON.stringify({ operationName, query: print(document), variables: vars }));
    f.append('map', JSON.stringify(map));
    parts.forEach((file, i) => f.append(String(i), file, file.name));
    return f;
  };

  let answer: Answer<TData>;
  try {
    answer = await withSession((token) => send<TData>(form(), token, onProgress), isUnauthenticated);
  } catch (e) {
    if (e instanceof SessionError) throw new UploadError(e.message, 'UNAUTHENTICATED');
    throw e;
  }
  const first = answer.errors?.[0];
  if (first) throw new UploadError(first.message, first.extensions?.code as string | undefined, answer.errors);
  if (!answer.data) throw new UploadError(AUTH_MESSAGES.invalidResponse);
  return answer.data;
}
