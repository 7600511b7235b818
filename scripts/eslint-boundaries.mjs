// An ESLint rule that keeps the workspaces' parts apart. It reads each relative import's target by
// path arithmetic alone (no module resolution), so it never silently passes an import it could
// not resolve:
//  - client/src/features/<name>: a feature imports no other feature (the routes in client/src/app
//    compose them);
//  - the client's shared code (everything in client/src outside features/ and app/: components,
//    lib, auth, …) imports no feature;
//  - server/src/modules/<name>: a module reaches another only through its service (*.service.ts,
//    the module's public face), its entities (*.entity.ts, which MikroORM relations need) and its
//    GraphQL object types (*.types.ts, which GraphQL fields that return another module's object need).
import path from 'node:path';

const SERVER_PUBLIC = /\.(service|entity|types)\.[jt]sx?$/;

function parts(file) {
  return path.resolve(file).split(path.sep);
}

/** Where a file stands: a client feature, the client's shared code, a server module, or elsewhere. */
function placeOf(file) {
  const p = parts(file);
  const client = p.lastIndexOf('client');
  if (client >= 0 && p[client + 1] === 'src') {
    const top = p[client + 2];
    if (top === 'features') return { kind: 'feature', name: p[client + 3] };
    if (top === 'app' || top === 'main.tsx' || top === 'gql') return { kind: 'client-root' };
    return { kind: 'client-shared' };
  }
  const server = p.lastIndexOf('server');
  if (server >= 0 && p[server + 1] === 'src' && p[server + 2] === 'modules' && p.length > server + 4) {
    return { kind: 'module', name: p[server + 3] };
  }
  return { kind: 'other' };
}

/** Why importing `target` from `file` crosses a boundary, or null. */
export function boundaryProblem(file, target) {
  const from = placeOf(file);
  const to = placeOf(target);
  if (to.kind === 'feature' && from.kind === 'feature' && from.name !== to.name) {
    return `The feature '${from.name}' must not import the feature '${to.name}': move what both need into shared code (components, lib, auth) or compose them in client/src/app.`;
  }
  if (to.kind === 'feature' && from.kind === 'client-shared') {
    return `Shared client code must not import the feature '${to.name}': move what it needs into shared code, or let the feature hand it in.`;
  }
  if (to.kind === 'module' && from.kind === 'module' && from.name !== to.name && !SERVER_PUBLIC.test(target)) {
    return `The module '${from.name}' may reach the module '${to.name}' only through its *.service.ts, *.entity.ts or *.types.ts files.`;
  }
  return null;
}

export const boundariesPlugin = {
  rules: {
    imports: {
      meta: {
        type: 'problem',
        schema: [],
        docs: { description: 'Imports stay within the boundaries of features and modules.' },
      },
      create(context) {
        const check = (node) => {
          const spec = node.source?.value;
          if (typeof spec !== 'string' || !spec.startsWith('.')) return;
          const problem = boundaryProblem(context.filename, path.resolve(path.dirname(context.filename), spec));
          if (problem) context.report({ node: node.source, message: problem });
        };
        return {
          ImportDeclaration: check,
          ExportNamedDeclaration: check,
          ExportAllDeclaration: check,
          ImportExpression: check,
        };
      },
    },
  },
};
