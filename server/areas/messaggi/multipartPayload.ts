/** Test helper: a hand-built multipart/form-data body for `app.inject`. */
export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----PortaleFamiglieTestBoundary7MA4YWxk';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = 'filename' in p;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${file ? `; filename="${p.filename}"` : ''}\r\n` +
          (file ? `Content-Type: ${p.type}\r\n` : '') +
          '\r\n',
      ),
      file ? p.data : Buffer.from(p.value, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(128, 0)]);
