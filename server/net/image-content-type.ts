/**
 * The content types accepted for images fetched or decoded by the service. SVG is left out on
 * purpose: it is a document that can reference other resources, not pixels.
 */
const RASTER_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/jpg',
  'image/pjpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/bmp',
]);

/** The media type of a Content-Type value, lower-cased and without parameters. */
export function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

/** Returns why a content type is not an accepted image type, or null when it is. */
export function refuseImageContentType(contentType: string): string | null {
  const type = mediaType(contentType);
  if (RASTER_TYPES.has(type)) return null;
  if (type === '')
    return 'the server sent no Content-Type; an image type (image/png, image/jpeg, …) is required';
  if (type === 'image/svg+xml') return 'SVG images are not accepted; send PNG, JPEG, GIF, WebP, AVIF or TIFF';
  return `the content type is ${type}, not an image (PNG, JPEG, GIF, WebP, AVIF or TIFF)`;
}
