import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { writeFileAtomic } from '../../shared/atomicFile';
import { ApiError } from '../../shared/errors';
import type { Schemas } from '../../shared/contract';

type Limits = Schemas['MessageAttachmentLimits'];

/**
 * Multipart bodies of sendMessage and uploadMessageAttachment. fastify-openapi-glue hands the
 * contract's `multipart/form-data` schema to Fastify, which validates `request.body` against it;
 * @fastify/multipart (without attachFieldsToBody, so other areas are not affected) leaves the body
 * empty, so a preValidation hook on these two routes reads the parts first: fields become body
 * properties (a name ending in `[]` is always an array), a file field holds its file name, and the
 * files (buffered, at most 5 × 5 MB) wait on the request until the handler has checked everything.
 * Nothing is written before the input is valid.
 */

/** The contract's limits (MessageAttachmentLimits): a number other than the contract's fails the typecheck. */
export const MAX_FILE_BYTES: Limits['max_bytes'] = 5_242_880;
export const MAX_FILES: Limits['max_files'] = 5;
/** An upload never sent is deleted, row and file, after this many hours. */
export const UPLOAD_RETENTION_HOURS: Limits['retention_hours'] = 24;
const MULTIPART_OPERATIONS = new Set(['sendMessage', 'uploadMessageAttachment']);

export interface UploadedFile {
  field: string;
  nome: string;
  declared: string;
  data: Buffer;
}

const uploads = new WeakMap<FastifyRequest, UploadedFile[]>();
export const filesOf = (request: FastifyRequest): UploadedFile[] => uploads.get(request) ?? [];

export const tooLarge = (detail: string): ApiError => new ApiError(413, detail, 'payload_too_large');
export const unsupported = (detail: string): ApiError => new ApiError(415, detail, 'unsupported_media_type');

async function collectParts(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) throw unsupported('Il corpo della richiesta deve essere multipart/form-data');
  const body: Record<string, string | string[]> = {};
  const files: UploadedFile[] = [];
  const add = (name: string, value: string) => {
    if (name.endsWith('[]')) {
      const list = body[name];
      body[name] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      body[name] = value;
    }
  };
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_FILE_BYTES, files: MAX_FILES, fields: 100, fieldSize: 100_000 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        files.push({ field: part.fieldname, nome: part.filename, declared: part.mimetype, data });
        add(part.fieldname, part.filename);
      } else {
        add(part.fieldname, String(part.value));
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('Il file supera la dimensione massima di 5 MB');
    if (code === 'FST_FILES_LIMIT') throw tooLarge(`Si possono allegare al massimo ${MAX_FILES} file`);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw tooLarge('Il modulo ha troppi campi');
    throw new ApiError(400, 'Modulo multipart non valido', 'bad_request');
  }
  request.body = body;
  uploads.set(request, files);
}

/** Registers the multipart parser (once) and the preValidation hook of the two multipart operations. */
export async function registerMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
  app.addHook('onRoute', (route) => {
    const operationId = (route.schema as { operationId?: string } | undefined)?.operationId;
    if (!operationId || !MULTIPART_OPERATIONS.has(operationId)) return;
    const existing = route.preValidation;
    route.preValidation = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), collectParts];
  });
}

const ODT = 'application/vnd.oasis.opendocument.text';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const ACCEPTED_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'text/plain', ODT, DOCX] as const satisfies readonly Limits['tipi'][number][];

const startsWith = (data: Buffer, bytes: number[]): boolean => bytes.every((b, i) => data[i] === b);

/** The content type read from the file's own bytes, or null when it is not an accepted type. */
export function detectType(file: UploadedFile): string | null {
  const { data } = file;
  const ext = file.nome.toLowerCase().split('.').pop() ?? '';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) {
    const head = data.subarray(0, 4096).toString('latin1');
    if (head.includes(`mimetype${ODT}`)) return ODT;
    if (ext === 'docx' && (head.includes('word/') || head.includes('[Content_Types].xml'))) return DOCX;
    return null;
  }
  const looksText = ext === 'txt' || file.declared === 'text/plain';
  if (looksText && !data.includes(0) && Buffer.from(data.toString('utf8'), 'utf8').equals(data)) return 'text/plain';
  return null;
}

/** Checks a file (non-empty, accepted type) and returns its content type. */
export function checkFile(file: UploadedFile): string {
  if (!file.nome.trim()) throw new ApiError(400, 'Il file non ha un nome', 'bad_request');
  if (file.data.length === 0) throw new ApiError(400, `Il file ${file.nome} è vuoto`, 'bad_request');
  const type = detectType(file);
  if (!type) throw unsupported(`Tipo di file non ammesso (${file.nome}): sono accettati PDF, JPEG, PNG, testo, ODT e DOCX`);
  return type;
}

/** The name a new file will have under <dataDir>/allegati/ (written once its row is in). */
export const newStoredName = (): string => randomUUID();

/** Writes a checked file under <dataDir>/allegati/ with its stored name, whole or not at all. */
export function writeStoredFile(dataDir: string, name: string, data: Buffer): void {
  writeFileAtomic(join(dataDir, 'allegati', name), data);
}

export function removeStoredFile(dataDir: string, name: string): void {
  rmSync(join(dataDir, 'allegati', name), { force: true });
}

export function readStoredFile(dataDir: string, name: string): Buffer {
  return readFileSync(join(dataDir, 'allegati', name));
}
