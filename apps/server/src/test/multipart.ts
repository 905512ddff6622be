import { randomBytes } from 'node:crypto';

/** One part of a multipart/form-data body: a field, or a file with its name and declared type. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType?: string; data: Buffer };

/** A multipart/form-data body as a browser sends it, with its Content-Type header. */
export function multipartBody(parts: Part[]) {
  const boundary = `----pca${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'value' in part
        ? `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n`
        : `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), 'value' in part ? Buffer.from(part.value) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    boundary,
  };
}

/**
 * A small, real PDF (one page with a line of text), valid enough for any reader: `extra` adds objects'
 * text before the trailer (a /JavaScript action, an /EmbeddedFile…) to test what is refused.
 */
export function craftPdf(text = 'Professional indemnity insurance certificate', extra = '') {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  body += extra;
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Upload details as the page sends them. */
export const documentDetails = (overrides: Record<string, unknown> = {}) => ({
  type: 'ProfessionalIndemnityInsurance',
  title: 'Indemnity certificate 2026',
  description: '',
  issueDate: '2026-07-01',
  expiryDate: '2027-06-30',
  organisationIds: [] as string[],
  ...overrides,
});

/** An upload body: the details, then the file. */
export function uploadBody(
  data: Buffer,
  details: Record<string, unknown> = documentDetails(),
  filename = 'certificate.pdf',
  contentType = 'application/pdf',
) {
  return multipartBody([
    { name: 'details', value: JSON.stringify(details) },
    { name: 'file', filename, contentType, data },
  ]);
}
