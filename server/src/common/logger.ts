import pino from 'pino';

/** Levels LOG_LEVEL accepts; `silent` writes nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * One JSON object a line (pino): `level`, `time` (ISO 8601), `pid`, `msg`, then the event's own
 * fields. Lines at warn and above go to stderr, the rest to stdout, each written whole and at once
 * so that a line logged just before the process exits is not lost.
 */
const streams = pino.multistream(
  [
    { level: 'debug', stream: { write: (line: string) => void process.stdout.write(line) } },
    { level: 'warn', stream: { write: (line: string) => void process.stderr.write(line) } },
  ],
  { dedupe: true },
);

const logger = pino(
  {
    level: 'info',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  },
  streams,
);

export function setLogLevel(level: LogLevel): void {
  logger.level = level;
}

export const log = {
  debug: (msg: string, extra?: Record<string, unknown>) => logger.debug(extra ?? {}, msg),
  info: (msg: string, extra?: Record<string, unknown>) => logger.info(extra ?? {}, msg),
  warn: (msg: string, extra?: Record<string, unknown>) => logger.warn(extra ?? {}, msg),
  error: (msg: string, extra?: Record<string, unknown>) => logger.error(extra ?? {}, msg),
};
