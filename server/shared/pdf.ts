/**
 * The one PDF writer of the server, on PDFKit: one A4 page (more if the text runs over), the
 * standard Helvetica and Helvetica-Bold with WinAnsiEncoding (so `€` and typographic quotes survive).
 * Enough for the report cards, teaching material, documents, message attachments and invoices the
 * demo serves.
 *
 * The bytes are read synchronously: PDFKit pushes every chunk into its stream buffer as it draws and
 * writes the trailer inside `end()`, so the whole file is there to `read()` at once. Callers need
 * that: the messaggi seed measures attachments inside a synchronous SQLite transaction.
 */
import PDFDocument from 'pdfkit';

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gap?: number;
}

/** Every character of WinAnsiEncoding outside Latin-1 (its 0x80–0x9f range). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * PDFKit writes a character the standard fonts cannot encode as the raw bytes of its code point,
 * which shows as garbage: such characters become `?`, tabs a space.
 */
function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    if (ch === '\t') out += ' ';
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) out += ch;
    else out += '?';
  }
  return out;
}

const MARGIN = 56;

/**
 * Fixed document dates: PDFKit derives the file identifier from them, so the same content gives the
 * same bytes every time, and the size a listing announces is the size of the download.
 */
const DOCUMENT_DATE = new Date(Date.UTC(2026, 0, 1));

export function pdfDocument(title: string, lines: readonly PdfLine[]): Buffer {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    // Version 1.4 as the files served so far; uncompressed so the text stays searchable in the bytes.
    pdfVersion: '1.4',
    compress: false,
    info: { Title: winAnsi(title), Producer: 'Portale Famiglie', Creator: 'Portale Famiglie', CreationDate: DOCUMENT_DATE, ModDate: DOCUMENT_DATE },
  });
  for (const line of lines) {
    const size = line.size ?? 11;
    doc.font(line.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    doc.y += line.gap ?? 0;
    const text = winAnsi(line.text);
    // An empty line is a blank line (a paragraph break), which `text('')` would not advance.
    if (text.trim() === '') doc.moveDown();
    else doc.text(text, { lineGap: size * 0.25 });
  }
  doc.end();
  const chunks: Buffer[] = [];
  let chunk: Buffer | null;
  while ((chunk = doc.read() as Buffer | null) !== null) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A title in bold, then lines of body text (what documents, attachments and invoices need). */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  return pdfDocument(title, [{ text: title, size: 16, bold: true }, ...lines.map((text, i) => ({ text, gap: i === 0 ? 12 : 0 }))]);
}
