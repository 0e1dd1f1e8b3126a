import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

export function metaHandlers(ctx: AppContext) {
  return {
    async getVersion(_request: FastifyRequest, reply: FastifyReply) {
      // Polled by the update banner: must never come from a cache.
      return reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`VERSION=${ctx.version}`);
    },
  };
}
