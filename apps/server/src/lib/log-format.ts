import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * How the server's log reads. `json` (production, and tests): pino's one JSON object per line, with
 * Fastify's two entries per request ("incoming request", "request completed"), for a log collector.
 * `pretty` (development): one readable line per request, `GET /api/order?page=1 200 12.3 ms`, and
 * every other entry on one line too, through pino-pretty.
 */
export type LogFormat = 'json' | 'pretty';

/**
 * The stream a `pretty` log is written to. pino-pretty is imported only then, so production never
 * loads it. Colours only on a terminal: a file or a pipe gets plain text.
 */
export async function prettyLogStream(destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout): Promise<NodeJS.WritableStream> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({
    destination,
    colorize: Boolean(destination.isTTY),
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
  });
}

/**
 * Fastify's request entries for a `pretty` log: nothing when a request comes in, one line when it
 * has been answered. `redact` hides the secret parts of the URL (sign-in tokens travel in some paths).
 */
export class OneLinePerRequest extends LogController {
  constructor(private readonly redact: (url: string) => string) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${this.redact(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)} ms`;
    if (error) reply.log.error({ err: error }, line);
    else reply.log.info(line);
  }
}
