/**
 * Attachments of a message (docs/product.md#messages): which picked files may go, checked before any byte
 * is sent, against the limits the contract states (MessageAttachmentLimits, passed in).
 */
export interface AttachmentLimits {
  maxBytes: number;
  maxFiles: number;
  /** Accepted content types. */
  types: readonly string[];
}

export interface PickedFile {
  name: string;
  size: number;
  /** What the browser says of it; often empty for ODT or DOCX. */
  type: string;
}

export type AttachmentRefusal = 'tooBig' | 'tooMany' | 'type' | 'empty';

/** The content type a file's extension stands for, among those the portal knows. */
const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain',
  odt: 'application/vnd.oasis.opendocument.text',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeOf(file: PickedFile): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return BY_EXTENSION[ext] ?? (file.type || null);
}

/**
 * Splits newly picked files into those accepted and those refused with the reason, given how
 * many the message already holds: an accepted file counts against the maximum for the next.
 */
export function checkPickedFiles<F extends PickedFile>(
  files: readonly F[],
  alreadyAttached: number,
  limits: AttachmentLimits,
): { accepted: F[]; refused: { file: F; reason: AttachmentRefusal }[] } {
  const accepted: F[] = [];
  const refused: { file: F; reason: AttachmentRefusal }[] = [];
  for (const file of files) {
    const type = contentTypeOf(file);
    if (file.size === 0) refused.push({ file, reason: 'empty' });
    else if (type === null || !limits.types.includes(type)) refused.push({ file, reason: 'type' });
    else if (file.size > limits.maxBytes) refused.push({ file, reason: 'tooBig' });
    else if (alreadyAttached + accepted.length >= limits.maxFiles) refused.push({ file, reason: 'tooMany' });
    else accepted.push(file);
  }
  return { accepted, refused };
}

/** docs/product.md#messages: a new message needs recipients, title and text; a reply only its text. */
export interface ComposerFields {
  destinatari: readonly { id: string; descrizione: string }[];
  titolo: string;
  testo: string;
  presa_visione: boolean;
}

export type ComposerErrors = Partial<Record<'destinatari' | 'titolo' | 'testo', 'required'>>;

export function validateComposer(f: ComposerFields, isReply: boolean): ComposerErrors {
  const errors: ComposerErrors = {};
  if (!isReply && f.destinatari.length === 0) errors.destinatari = 'required';
  if (!isReply && f.titolo.trim() === '') errors.titolo = 'required';
  if (f.testo.trim() === '') errors.testo = 'required';
  return errors;
}

export const hasComposerErrors = (e: ComposerErrors): boolean => Object.keys(e).length > 0;
