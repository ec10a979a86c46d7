/** The only schemes a link in model output may use; everything else (javascript:, data:, file:, …) is dropped. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto']);

// Browsers drop ASCII tab/newline anywhere in a URL and trim C0 controls and spaces at its ends, so
// `java\tscript:` runs as javascript:. The check sees the URL the way the browser will.
// eslint-disable-next-line no-control-regex
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f-\u009f\u00ad\u200b-\u200f\u2028\u2029\ufeff]/g;

/**
 * Returns the URL when it is safe to put in an `href` or `src`, else null (the caller then renders
 * no link). Safe means: an http, https or mailto URL, or a relative/anchor reference with no scheme.
 * Character references are already decoded by the markdown parser, so `java&#x09;script:` arrives
 * here as `java<TAB>script:` and is caught.
 */
export function safeUrl(url: string): string | null {
  const seen = url.replace(IGNORED_BY_BROWSERS, '').replace(/\\/g, '/');
  // A scheme is letters/digits/+.- before the first ':' that comes before any '/', '?' or '#'.
  const match = /^([^/?#]*?):/.exec(seen);
  if (!match) return url.trim();
  const scheme = (match[1] ?? '').toLowerCase();
  return ALLOWED_SCHEMES.has(scheme) ? url.trim() : null;
}

/** True for a URL a browser would fetch from the network when used as an image source. */
export function isRemoteUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url.replace(IGNORED_BY_BROWSERS, '').replace(/\\/g, '/'));
}

/** The `urlTransform` for react-markdown: unsafe URLs become null, so the attribute is left out. */
export function markdownUrlTransform(url: string): string | null {
  return safeUrl(url);
}
