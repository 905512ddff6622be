import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerConfig } from '#lib/config.ts';

const LEVEL_NAMES: Record<number, string> = { 40: 'warning', 50: 'error', 60: 'fatal' };

interface LogRecord {
  level: number;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
}

/**
 * Turns pino's JSON lines into short human lines for a terminal: the message, a level word for
 * warnings and errors, and an error's stack for errors (development only; production keeps JSON).
 */
export function humanLogLine(json: string): { line: string; level: number } {
  let record: LogRecord;
  try {
    record = JSON.parse(json) as LogRecord;
  } catch {
    return { line: json.endsWith('\n') ? json : `${json}\n`, level: 30 };
  }
  const level = LEVEL_NAMES[record.level];
  let line = `${level ? `${level}: ` : ''}${record.msg ?? ''}`;
  if (record.err) {
    line +=
      record.level >= 50 && record.err.stack
        ? `\n${record.err.stack}`
        : ` (${record.err.message ?? record.err.type})`;
  }
  return { line: `${line}\n`, level: record.level };
}

/** The API's logger: JSON in production (for the log pipeline), short human lines otherwise. */
export function loggerOptions(
  config: Pick<ServerConfig, 'env' | 'logLevel'>,
): FastifyServerOptions['logger'] {
  // Bearer tokens and cookies never reach the logs.
  const redact = ['req.headers.authorization', 'req.headers.cookie'];
  if (config.env === 'production') return { level: config.logLevel, redact };
  return {
    level: config.logLevel,
    redact,
    stream: {
      write(json: string) {
        const { line, level } = humanLogLine(json);
        (level >= 40 ? process.stderr : process.stdout).write(line);
      },
    },
  };
}

/**
 * Request lines outside production: one short line per request (`GET /api/me 200 12 ms`) when
 * LOG_REQUESTS is on. Production logs requests as pino's JSON records instead.
 */
export function registerRequestLog(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'env' | 'logRequests'>,
) {
  if (config.env === 'production' || !config.logRequests) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`,
    );
  });
}
