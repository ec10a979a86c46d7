/**
 * The form an image URL must have to be accepted by /vision/analyze: an http(s) URL, or a base64
 * `data:image/...` URL. The service's validation refuses anything else with a 400, and the vision
 * page checks the same rule before sending, so both say the same thing in the same words.
 */

/** The values of an image part's `detail`: how closely the model looks. */
export const IMAGE_DETAILS = ['low', 'high', 'auto'] as const;

/** Why an image URL is refused by its form alone, before anything is fetched. */
export type ImageUrlFault =
  { kind: 'bad-data-url' } | { kind: 'not-a-url' } | { kind: 'scheme'; scheme: string };

// Header and payload are checked apart, with patterns that cannot backtrack on hostile input.
const DATA_HEADER = /^data:image\/[a-z0-9.+-]+(?:;[a-z0-9-]+=[^,;=]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/=]+$/;

/** The fault of an image URL's form, or null when the service accepts it. */
export function imageUrlFault(url: string): ImageUrlFault | null {
  if (/^data:/i.test(url)) {
    const header = DATA_HEADER.exec(url);
    return header && BASE64.test(url.slice(header[0].length)) ? null : { kind: 'bad-data-url' };
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { kind: 'not-a-url' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { kind: 'scheme', scheme: parsed.protocol };
  return null;
}

/** The fault as the end of a sentence whose subject is the URL ("'…url' is a data URL that …"). */
export function describeImageUrlFault(fault: ImageUrlFault): string {
  switch (fault.kind) {
    case 'bad-data-url':
      return 'is a data URL that is not a base64-encoded image (expected data:image/png;base64,...)';
    case 'not-a-url':
      return 'must be an http(s) URL or a data:image/...;base64 URL';
    case 'scheme':
      return `must be an http(s) URL or a data:image/...;base64 URL, not a ${fault.scheme} URL`;
  }
}
