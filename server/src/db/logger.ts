/** The part of a pino/Fastify logger the database layer writes to. */
export interface DbLogger {
  warn(details: object, message: string): void;
}
