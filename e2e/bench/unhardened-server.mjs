// The built server without its hardening layers (security headers, CORS, the API rate limit, GraphQL
// query limits), for the benchmark that measures what they cost. Only this script can start it so:
// createApp takes the switch as an option, never from the environment.
import path from 'node:path';
import { SERVER_DIST } from './data.mjs';

const { loadConfig } = await import(path.join(SERVER_DIST, 'config.js'));
const { startTembea } = await import(path.join(SERVER_DIST, 'boot.js'));
const running = await startTembea(loadConfig(), { app: { hardening: false } });
process.once('SIGTERM', async () => {
  await running.stop();
  process.exit(0);
});
