/**
 * The logger fastify gives each request (request.log): pino's child with the
 * request id, made only when something logs through it. Making a pino child
 * serializes its bindings at once (~2.5 us a request in the serve bench), and
 * most requests log nothing through theirs: the request line is built by
 * request-log.ts, errors are the exception.
 */
import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = Parameters<FastifyBaseLogger['child']>[1];
type Log = (...args: unknown[]) => void;

// The logging methods of a pino logger: each one makes the child, then logs through it.
const METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

class LazyChildLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The pino child, made at the first call that needs it. */
  get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindings, this.options);
    return this.made;
  }

  get level(): string {
    return (this.made ?? this.parent).level;
  }

  set level(value: string) {
    this.real.level = value;
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

for (const name of METHODS) {
  Object.defineProperty(LazyChildLogger.prototype, name, {
    value(this: LazyChildLogger, ...args: unknown[]): void {
      (this.real[name] as Log)(...args);
    },
  });
}

/** fastify's childLoggerFactory option: a request's logger, made on first use. */
export function lazyChildLogger(parent: FastifyBaseLogger, bindings: Bindings, options: ChildOptions): FastifyBaseLogger {
  return new LazyChildLogger(parent, bindings, options) as unknown as FastifyBaseLogger;
}
