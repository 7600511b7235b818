// Where a request's time goes: reads a --cpu-prof profile of the server taken under load and prints the
// share of its CPU per layer (HTTP framework, security headers, limits, logging, metrics, context and
// unit of work, GraphQL parse / validate / execute, serialisation, ORM and SQL building, the
// PostgreSQL driver, the catalogue's own code, garbage collection, idle). Start-up is left out: the
// count starts at the first HTTP request. Each sample goes to the innermost frame that names a layer.
//
//   node bench/profile-layers.mjs <file.cpuprofile> [--top=20] [--layer=NAME]   (the hottest functions, overall or in a layer)
import { readFileSync } from 'node:fs';

const SOCKETS = 'Node HTTP and sockets';
const PG_DRIVER = /\/pg\/lib\/|pg-protocol/;
// First match wins, tested on the frame's "function url" from the sample upwards.
const LAYERS = [
  ['serialisation', /prettyJSONStringify|JSON\.stringify|\bstringify\b.*(@apollo|express)/],
  ['GraphQL parse', /graphql\/language\//],
  ['GraphQL validate', /graphql\/validation\/|graphql\/utilities\/|graphql-depth|limits\.js/],
  ['GraphQL execute', /graphql\/execution\/|type-graphql|graphql\/jsutils\//],
  ['Apollo Server', /@apollo\/server|@apollo\/utils|graphql\/type\//],
  ['security headers', /security-headers\.js|helmet/],
  [
    'limits (rate, body, time)',
    /rate-limit\.js|api-rate-limit\.js|request-timeout\.js|body-limits|raw-body|lingering-close/,
  ],
  ['logging', /request-log\.js|logger\.js|request-id\.js/],
  ['metrics', /metrics\.js|prom-client/],
  [
    'context and unit of work',
    /common\/context\.js|graphql\/context\.js|unit-of-work\.js|\bfork\b.*mikro-orm|node:async_hooks|internal\/async_hooks|async_local_storage/,
  ],
  ['catalogue cache', /cached-answers\.js|catalogue-cache\.js/],
  ['ORM and SQL building', /@mikro-orm|\/knex\/|common\/sql\.js/],
  ['PostgreSQL driver and socket', /\/pg\/|pg-protocol|pg-types|pg-pool|tarn/],
  ['catalogue code', /dist\/modules\//],
  [
    'HTTP framework (express, body parsing)',
    /\/express\/|\/router\/|body-parser|compression|finalhandler|send\/|serve-static/,
  ],
  [SOCKETS, /node:_http|_http_|node:net|stream_base_commons|internal\/streams|http_parser/],
];
const SPECIAL = new Map([
  // A socket write wakes the PostgreSQL backend or the client; on a machine with few cores the
  // thread is often descheduled inside the call, so its samples hold waiting for a CPU too.
  ['writev', 'socket writes (syscall, with waits for a CPU)'],
  ['writeBuffer', 'socket writes (syscall, with waits for a CPU)'],
  ['(garbage collector)', 'garbage collection'],
  ['(idle)', 'idle (waiting on PostgreSQL)'],
  ['(program)', 'V8 (program)'],
]);

export function layersOf(profile) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const frame = (n) => `${n.callFrame.functionName} ${n.callFrame.url}`;
  const stackHas = (id, re) => {
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) if (re.test(frame(nodes.get(cur)))) return true;
    return false;
  };
  const layerOf = new Map();
  const classify = (id) => {
    if (layerOf.has(id)) return layerOf.get(id);
    const leaf = nodes.get(id).callFrame.functionName;
    let layer = SPECIAL.get(leaf);
    for (let cur = id; !layer && cur !== undefined; cur = parent.get(cur)) {
      const f = frame(nodes.get(cur));
      layer = LAYERS.find(([, re]) => re.test(f))?.[0];
    }
    // A socket write or read belongs to whoever asked for it: the PostgreSQL driver or the HTTP answer.
    if (layer === SOCKETS && stackHas(id, PG_DRIVER)) layer = 'PostgreSQL driver and socket';
    layer ??= 'other (Node internals, promises)';
    layerOf.set(id, layer);
    return layer;
  };
  // The health polls during start-up are requests too: count from the first API request.
  const requestFrame = /bare-server\.mjs|processGraphQLRequest|\/modules\/tours\/.*rest|handleRequest .*router/;
  let started = false;
  let total = 0;
  const byLayer = new Map();
  const byFunction = new Map();
  const byLayerFunction = new Map();
  profile.samples.forEach((id, i) => {
    if (!started && !stackHas(id, requestFrame)) return;
    started = true;
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const layer = classify(id);
    byLayer.set(layer, (byLayer.get(layer) ?? 0) + dt);
    const n = nodes.get(id).callFrame;
    const fn = `${n.functionName || '(anonymous)'} ${n.url.replace(/^.*node_modules\//, '').replace(/^.*dist\//, '')}:${n.lineNumber}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
    const inLayer = byLayerFunction.get(layer) ?? new Map();
    inLayer.set(fn, (inLayer.get(fn) ?? 0) + dt);
    byLayerFunction.set(layer, inLayer);
  });
  const share = (m) => [...m].sort((a, b) => b[1] - a[1]).map(([name, t]) => ({ name, share: t / total }));
  return {
    totalMs: total / 1000,
    layers: share(byLayer),
    functions: share(byFunction),
    functionsIn: (layer) => share(byLayerFunction.get(layer) ?? new Map()),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node bench/profile-layers.mjs <file.cpuprofile> [--top=20] [--layer=NAME]');
    process.exit(2);
  }
  const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 0);
  const r = layersOf(JSON.parse(readFileSync(file, 'utf8')));
  console.log(`CPU profile from the first request: ${(r.totalMs / 1000).toFixed(1)} s`);
  for (const l of r.layers) console.log(`${(100 * l.share).toFixed(1).padStart(5)}%  ${l.name}`);
  const layer = process.argv.find((a) => a.startsWith('--layer='))?.slice(8);
  if (layer) {
    console.log(`--- hottest functions in ${layer}`);
    for (const f of r.functionsIn(layer).slice(0, top || 15))
      console.log(`${(100 * f.share).toFixed(1).padStart(5)}%  ${f.name}`);
  } else if (top) {
    console.log('--- hottest functions (self time)');
    for (const f of r.functions.slice(0, top)) console.log(`${(100 * f.share).toFixed(1).padStart(5)}%  ${f.name}`);
  }
}
