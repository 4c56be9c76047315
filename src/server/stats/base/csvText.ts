/**
 * CSV text and the CSV download response, shared by every table that offers a download (stats tables, career
 * tables, play-by-play, stints).
 */
import { stringify } from 'csv-stringify/sync';
import { pickEncoding } from '../../http/compression';
import { encodeText, gzipOf, textBytesOf, type EncodedResponse } from './encoding';

/**
 * CSV text (RFC 4180: comma separated, CRLF line ends, quotes doubled, fields with a comma, quote or line
 * break quoted) of a header and rows; formula-like text cells are neutralised. Numbers stay numbers.
 */
export function encodeCsv(header: readonly string[], records: readonly (readonly unknown[])[]): string {
  return stringify([header, ...records] as unknown[][], {
    record_delimiter: '\r\n',
    escape_formulas: true,
    cast: { boolean: (v) => (v ? 'true' : 'false') },
  });
}

/** The download: text/csv, attachment with its file name; the gzip bytes when the client takes them. */
export async function csvResponse(e: EncodedResponse, fileName: string, request: Request): Promise<Response> {
  const headers: Record<string, string> = {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${fileName}"`,
    Vary: 'Accept-Encoding, Cookie',
  };
  if (pickEncoding(request.headers.get('accept-encoding') ?? undefined, ['gzip']) === 'gzip') {
    return new Response((await gzipOf(e)) as Uint8Array<ArrayBuffer>, { status: 200, headers: { ...headers, 'Content-Encoding': 'gzip' } });
  }
  return new Response((await textBytesOf(e)) as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** CSV text as a download: a byte-order mark first (spreadsheets then read it as UTF-8), encoded, then csvResponse. */
export async function csvTextResponse(text: string, fileName: string, request: Request): Promise<Response> {
  return csvResponse(await encodeText(`\uFEFF${text}`), fileName, request);
}
