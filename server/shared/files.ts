/**
 * Files the API serves (report cards, teaching material, documents, message attachments,
 * invoices): one Content-Disposition rule and one set of headers.
 */
import type { FastifyReply } from 'fastify';

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 / 5987): an ASCII fallback (accents
 * dropped, other characters, quotes and backslashes as `_`) and the exact UTF-8 name.
 */
export function contentDisposition(filename: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = filename.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/** File-name friendly: lower case ASCII, words joined by `_`. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

export interface ServedFile {
  /** The name the browser saves it as. */
  nome: string;
  /** Content type; text/plain is sent as UTF-8. */
  tipo: string;
  data: Buffer | string;
  /** `inline` opens it in the browser (invoices); default `attachment`. */
  disposition?: 'attachment' | 'inline';
}

/** Sends a per-student file: private, never cached, never sniffed. */
export function sendFile(reply: FastifyReply, file: ServedFile): FastifyReply {
  return reply
    .code(200)
    .header('content-type', file.tipo === 'text/plain' ? 'text/plain; charset=utf-8' : file.tipo)
    .header('content-disposition', contentDisposition(file.nome, file.disposition))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
