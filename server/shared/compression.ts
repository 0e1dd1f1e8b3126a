import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** JSON answers of at least this many bytes go gzipped to a client that accepts it. */
export const COMPRESS_MIN_BYTES = 1024;

/** Whether an `Accept-Encoding` header takes gzip (by name or `*`, with a weight above zero). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  return value.split(',').some((part) => {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    return (name === 'gzip' || name === '*') && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/**
 * The API's JSON answers gzipped, as a production server sends them (the build's files are
 * precompressed already, staticFiles.ts): a year's grades are 23 KB of JSON and 2.6 KB gzipped,
 * about 100 ms less on Lighthouse's simulated phone line. Answers already encoded, files,
 * streams and small answers go as they are.
 * BREACH does not apply: it needs a secret in an answer to a request the browser sends with
 * ambient credentials and another site's input; the API's token travels in the `Authorization`
 * header, which no other site can make a browser add.
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json') || reply.hasHeader('content-encoding')) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES || !acceptsGzip(request.headers['accept-encoding'])) return payload;
    reply.header('content-encoding', 'gzip');
    reply.removeHeader('content-length');
    return gzipSync(payload);
  });
}
