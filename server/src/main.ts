import { ConfigError, loadConfig, type Config } from './config.js';
import { startTembea } from './boot.js';
import { log } from './common/logger.js';
import { handleProcessFaults, handleShutdownSignals } from './shutdown.js';

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    process.stderr.write(`Configuration error: ${e.message}\n`);
    process.exit(78);
  }
  throw e;
}

handleProcessFaults(process, { exit: (code) => process.exit(code) });

try {
  const started = Date.now();
  const running = await startTembea(config);
  // Stop signals are handled before the server says it is serving: a supervisor (or a test) that
  // sends SIGTERM as soon as it reads that line must get a clean stop, not Node's default of dying
  // at once.
  handleShutdownSignals(process, { stop: () => running.stop(), exit: (code) => process.exit(code) });
  log.info(
    `Tembea is serving http://localhost:${running.port} (database: ${config.databaseUrl ? 'DATABASE_URL' : 'embedded in ' + config.dataDir + '/pg'}, ready in ${Date.now() - started} ms)`,
  );
  log.info(
    `GraphQL: http://localhost:${running.port}/graphql  REST: http://localhost:${running.port}/api  health: http://localhost:${running.port}/health`,
  );
} catch (e) {
  const err = e as Error & { code?: string };
  log.error(`Tembea could not start: ${err.message}`);
  if (config.logLevel === 'debug') log.error(String(err.stack));
  process.exit(1);
}
