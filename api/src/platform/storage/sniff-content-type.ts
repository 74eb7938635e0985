/** The largest profile picture accepted; the caller enforces it before sniffing. */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;

export type ProfileImageType = 'image/png' | 'image/jpeg' | 'image/webp';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0));

/**
 * The image type of these bytes by their magic numbers, never by a file name or a client's claim:
 * PNG (8-byte signature followed by an IHDR chunk), JPEG (SOI then a marker, FF D8 FF), WebP (RIFF....WEBP
 * with a VP8/VP8L/VP8X chunk). Null for anything else, including headers cut short.
 */
export function sniffImageType(bytes: Uint8Array): ProfileImageType | null {
  // PNG: the signature, then the first chunk, which the format requires to be IHDR.
  if (startsWith(bytes, PNG_SIGNATURE) && startsWith(bytes, ascii('IHDR'), 12)) return 'image/png';
  // JPEG: SOI (FF D8) then the first marker's FF, the WHATWG mimesniff pattern for every JFIF/Exif JPEG.
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // WebP: a RIFF container of form type WEBP whose first chunk is one of the three WebP encodings.
  if (
    startsWith(bytes, ascii('RIFF')) &&
    startsWith(bytes, ascii('WEBP'), 8) &&
    (startsWith(bytes, ascii('VP8 '), 12) || startsWith(bytes, ascii('VP8L'), 12) || startsWith(bytes, ascii('VP8X'), 12))
  ) {
    return 'image/webp';
  }
  return null;
}
