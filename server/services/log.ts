/**
 * What a service logs through: the server's logger (pino's, through Fastify) or a script's
 * stand-in. Each service names only the levels it writes, as `Pick<Log, 'info' | 'warn'>`.
 */

/** One level: the structured fields of the line, then its message. */
type LogLevel = (fields: object, message: string) => void;

export interface Log {
  info: LogLevel;
  warn: LogLevel;
  error: LogLevel;
}
