import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// A template without substitutions (`$` is allowed: GraphQL variables; `${` is not).
const CALL = /\bgraphql\(\s*`((?:[^`$\\]|\$(?!\{))*)`\s*\)/g;
const DEFINITION = /^\s*(query|mutation|subscription|fragment)\s+([A-Za-z_][A-Za-z0-9_]*)/;
const GENERATED = /^export const (\w+) = (\{"kind":"Document".*\}) as unknown as DocumentNode<.*>;$/gm;

/** The export of the generated graphql.ts that holds a document: `TourDetailDocument`, `TourCardFieldsFragmentDoc`. */
function documentExport(source: string): string | null {
  const m = DEFINITION.exec(source);
  if (!m) return null;
  return m[1] === 'fragment' ? `${m[2]}FragmentDoc` : `${m[2]}Document`;
}

/**
 * Replaces each `graphql(\`…\`)` call of the app with that document itself, as codegen generated
 * it in graphql.ts (its fragments included). The generated `graphql()` looks documents up in a
 * map of every document of the app, and graphql.ts is one module holding them all, so either way
 * the first page would carry the admin screens' queries too; inlined, each chunk carries only the
 * documents it uses. A call naming a document that codegen has not generated fails the build.
 */
function graphqlDocuments(gqlDir: string): Plugin {
  // The visitor's operations and the admin screens' own codegen output.
  const outputs = [path.join(gqlDir, 'graphql.ts'), path.join(gqlDir, 'admin', 'graphql.ts')];
  const generated = outputs.join(' and ');
  let cache: { mtime: string; docs: Map<string, string> } | null = null;
  const documents = () => {
    const mtime = outputs.map((f) => statSync(f).mtimeMs).join(',');
    if (cache?.mtime !== mtime) {
      const docs = new Map(
        outputs.flatMap((f) =>
          [...readFileSync(f, 'utf8').matchAll(GENERATED)].map((m) => [m[1], m[2]] as [string, string]),
        ),
      );
      cache = { mtime, docs };
    }
    return cache.docs;
  };
  return {
    name: 'tembea-graphql-documents',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.(ts|tsx)$/.test(file) || file.startsWith(gqlDir) || !code.includes('graphql(')) return null;
      const docs = documents();
      let changed = false;
      const out = code.replace(CALL, (call, source: string) => {
        const name = documentExport(source);
        if (!name) return call;
        const doc = docs.get(name);
        if (!doc)
          this.error(
            `${name} is not a generated document of ${generated}: run \`npm run codegen\` (or codegen's output format changed)`,
          );
        changed = true;
        // As many lines as the call had, so every later line keeps its number in source maps.
        return `(${doc})` + '\n'.repeat(call.split('\n').length - 1);
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}

const api = process.env.TEMBEA_API ?? 'http://localhost:4000';

export default defineConfig({
  plugins: [graphqlDocuments(path.resolve(import.meta.dirname, 'src/gql')), react()],
  build: {
    outDir: 'dist',
    // No source maps in the build: served next to the bundle they would hand every visitor the
    // original sources. The dev server keeps its own maps for debugging.
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    // One stylesheet for every screen: a stylesheet blocks the first paint, and a second one (a lazy
    // screen's own, linked in a server-rendered page's head) costs a round trip more than the few
    // kilobytes the other screens' rules add to the first.
    cssCodeSplit: false,
    // Read by the server render, which lists a page's own chunks in its head (dist/.vite is not served).
    manifest: true,
    rolldownOptions: {
      // What every page runs in two chunks, evaluated one after the other in separate tasks (see
      // main.tsx): React, then the app that src/app/start.tsx needs (Apollo Client, the router, the
      // layout). Left alone, the bundler splits the modules the lazy screens share with the app into
      // several small chunks, and the first load fetches them all. The modules public pages share
      // beyond it (shared components, query hooks, the schema's rules) in one more chunk, which a
      // server-rendered page preloads with its screen's own.
      output: {
        codeSplitting: {
          groups: [
            // Vite's helper that preloads a lazy chunk's imports: the entry uses it, so inside the app
            // chunk it would make the entry import (and evaluate) the whole app at once.
            { name: 'preload', test: /vite[\\/]preload-helper/, priority: 3 },
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'app', test: /[\\/]client[\\/]src[\\/]app[\\/]start\.tsx$/, priority: 1 },
            {
              name: 'shared',
              test: /[\\/](client[\\/]src[\\/](components[\\/](?!admin[\\/])|lib[\\/])|schema[\\/]dist[\\/]|@apollo[\\/]client[\\/]react[\\/])/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/graphql': api, '/api': api, '/uploads': api, '/health': api, '/sitemap.xml': api },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
});
