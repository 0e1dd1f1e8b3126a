import type { AttachmentLimits } from '../domain/attachments';
import type { Schemas } from './client';

type Contract = Schemas['MessageAttachmentLimits'];

const maxBytes: Contract['max_bytes'] = 5_242_880;
const maxFiles: Contract['max_files'] = 5;
const types = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'text/plain',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const satisfies Contract['tipi'];

type Assert<T extends true> = T;
/** Every type of the contract is here: a type added there and not here fails the typecheck. */
export type TypesComplete = Assert<[Exclude<Contract['tipi'][number], (typeof types)[number]>] extends [never] ? true : false>;

/** The contract's attachment limits (MessageAttachmentLimits), typed against it so they cannot drift. */
export const ATTACHMENT_LIMITS: AttachmentLimits = { maxBytes, maxFiles, types };
