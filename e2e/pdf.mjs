// Reading a licence PDF in browser specs without a PDF library: its link annotations and the text
// of its content streams (PDFKit writes the standard fonts' text as WinAnsi strings, deflated).
import { inflateSync } from 'node:zlib';

/** The contents of every stream of the file that inflates, plus the file itself (objects are plain text). */
function pdfSources(buffer) {
  const raw = buffer.toString('latin1');
  const sources = [raw];
  const marker = /stream\r?\n/g;
  let match;
  while ((match = marker.exec(raw))) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    try {
      sources.push(inflateSync(buffer.subarray(start, end)).toString('latin1'));
    } catch {
      // not deflated (an image, or already plain)
    }
    marker.lastIndex = end;
  }
  return sources;
}

/** The strings drawn by text operators, in order: hex <...> and literal (...) strings. */
function drawnText(source) {
  const pieces = [];
  for (const [, hex, literal] of source.matchAll(/<([0-9a-fA-F\s]+)>|\(((?:\\.|[^\\)])*)\)/g)) {
    if (hex !== undefined) pieces.push(Buffer.from(hex.replace(/\s+/g, ''), 'hex').toString('latin1'));
    else pieces.push(literal.replace(/\\([()\\])/g, '$1'));
  }
  return pieces.join('');
}

/** Every URI of the file's link annotations. */
export function pdfLinks(buffer) {
  return pdfSources(buffer).flatMap((source) => [...source.matchAll(/\/URI\s*\(((?:\\.|[^\\)])*)\)/g)].map(([, uri]) => uri.replace(/\\([()\\])/g, '$1')));
}

/** The text the file draws (approximate spacing: enough to find a value in it). */
export function pdfText(buffer) {
  return pdfSources(buffer).slice(1).map(drawnText).join('\n');
}
