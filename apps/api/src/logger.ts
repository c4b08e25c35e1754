/** Structured logs: one JSON object per line on stdout, with a level, a message and fields. */

const logLevels = ['debug', 'info', 'warn', 'error'] as const
export type LogLevel = (typeof logLevels)[number]

export type LogFields = Record<string, unknown>

export interface Logger {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
  child(fields: LogFields): Logger
}

export interface LogRecord extends LogFields {
  time: string
  level: LogLevel
  msg: string
}

/** Errors become their name, message and stack, which JSON.stringify would drop. */
function serialisable(fields: LogFields): LogFields {
  const out: LogFields = {}
  for (const [key, value] of Object.entries(fields)) {
    out[key] =
      value instanceof Error
        ? {
            name: value.name,
            message: value.message,
            stack: value.stack,
            ...(value.cause === undefined ? {} : { cause: String(value.cause) }),
          }
        : value
  }
  return out
}

export function createLogger(options: {
  level: LogLevel | 'silent'
  write?: (record: LogRecord) => void
  now?: () => number
  fields?: LogFields
}): Logger {
  const threshold = options.level === 'silent' ? logLevels.length : logLevels.indexOf(options.level)
  const write = options.write ?? ((record: LogRecord) => process.stdout.write(`${JSON.stringify(record)}\n`))
  const now = options.now ?? Date.now
  const base = options.fields ?? {}
  const log =
    (level: LogLevel) =>
    (message: string, fields: LogFields = {}) => {
      if (logLevels.indexOf(level) < threshold) return
      write({ time: new Date(now()).toISOString(), level, msg: message, ...base, ...serialisable(fields) })
    }
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (fields) => createLogger({ ...options, fields: { ...base, ...fields } }),
  }
}

/** Keeps records in memory: tests assert on them and nothing reaches the console. */
export function createMemoryLogger(): Logger & { records: LogRecord[] } {
  const records: LogRecord[] = []
  return Object.assign(createLogger({ level: 'debug', write: (record) => records.push(record) }), { records })
}
