import { ConfigError, loadConfig, type Config } from './config.js';
import { startTembea } from './boot.js';
import { log } from './common/logger.js';

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

try {
  const started = Date.now();
  const running = await startTembea(config);
  log.info(`Tembea is serving http://localhost:${running.port} (database: ${config.databaseUrl ? 'DATABASE_URL' : 'embedded in ' + config.dataDir + '/pg'}, ready in ${Date.now() - started} ms)`);
  log.info(`GraphQL: http://localhost:${running.port}/graphql  REST: http://localhost:${running.port}/api  health: http://localhost:${running.port}/health`);
  let signals = 0;
  const shutdown = (signal: string) => {
    if (++signals > 1) process.exit(130);
    log.info(`${signal} received: shutting down`);
    running.stop().then(
      () => process.exit(0),
      (e) => {
        log.error('shutdown failed', { error: String(e) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (e) {
  const err = e as Error & { code?: string };
  log.error(`Tembea could not start: ${err.message}`);
  if (config.logLevel === 'debug') log.error(String(err.stack));
  process.exit(1);
}
