/**
 * The one PDF writer of the server: a minimal, valid one-page PDF 1.4 written by hand (no library),
 * Helvetica and Helvetica-Bold with WinAnsiEncoding (so `€` and typographic quotes survive), one
 * content stream, a correct cross-reference table. Enough for the report cards, teaching material,
 * documents, message attachments and invoices the demo serves.
 */

export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space before the line, in points. */
  gap?: number;
}

/** Characters of WinAnsiEncoding outside Latin-1 that Italian text uses. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97,
};

/** A PDF literal string in WinAnsi bytes: `(…)` with `\`, `(`, `)` escaped, unknown characters as `?`. */
function literal(text: string): Buffer {
  const bytes: number[] = [0x28];
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f;
    let byte = WIN_ANSI_EXTRA[ch] ?? (code >= 0x20 && code <= 0xff && !(code >= 0x7f && code < 0xa0) ? code : 0x3f);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) bytes.push(0x5c);
    if (code === 0x09) byte = 0x20;
    bytes.push(byte);
  }
  bytes.push(0x29);
  return Buffer.from(bytes);
}

const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;

/** Cuts a line so that Helvetica at `size` fits the page (average glyph width 0.5 em). */
function wrap(text: string, size: number): string[] {
  const max = Math.max(20, Math.floor((PAGE_WIDTH - 2 * MARGIN) / (size * 0.5)));
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > max) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  out.push(line);
  return out;
}

export function pdfDocument(title: string, lines: readonly PdfLine[]): Buffer {
  const content: Buffer[] = [Buffer.from('BT\n')];
  let y = PAGE_HEIGHT - MARGIN;
  for (const line of lines) {
    const size = line.size ?? 11;
    y -= line.gap ?? 0;
    for (const part of wrap(line.text, size)) {
      y -= size * 1.4;
      if (y < MARGIN) break;
      content.push(Buffer.from(`/${line.bold ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 ${MARGIN} ${y.toFixed(1)} Tm `), literal(part), Buffer.from(' Tj\n'));
    }
  }
  content.push(Buffer.from('ET\n'));
  const stream = Buffer.concat(content);

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
        '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    ),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} >>\nstream\n`), stream, Buffer.from('endstream')]),
    Buffer.concat([Buffer.from('<< /Title '), literal(title), Buffer.from(' /Producer (Portale Famiglie) >>')]),
  ];

  // The binary comment line tells transfer tools the file is binary.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref));
  return Buffer.concat(chunks);
}

/** A title in bold, then lines of body text (what documents, attachments and invoices need). */
export function textPdf(title: string, lines: readonly string[]): Buffer {
  return pdfDocument(title, [{ text: title, size: 16, bold: true }, ...lines.map((text, i) => ({ text, gap: i === 0 ? 12 : 0 }))]);
}
