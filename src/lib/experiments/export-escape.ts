/**
 * Escaping for the exports. Everything in a report comes from outside (rows, replies, reasons), so
 * every piece of text goes through one of these on its way into CSV, XML or HTML.
 */

/**
 * Characters XML 1.0 cannot hold at all, even escaped: C0 controls but tab, LF and CR; U+FFFE,
 * U+FFFF; and a surrogate without its pair.
 */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A forbidden character written out as text (`\u0001`), so it is seen, not dropped. */
const shown = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** Text inside an XML element. */
export function xmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, shown)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Text inside a double-quoted XML attribute: line breaks and tabs kept as character references. */
export function xmlAttribute(text: string): string {
  return xmlText(text)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

/** Text in HTML, in an element or a quoted attribute. */
export function htmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, shown)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * One CSV field (RFC 4180: quoted when it holds a comma, a quote or a line break; quotes doubled).
 * Text that a spreadsheet would run as a formula (starting with = + - @, a tab or CR) gets a leading
 * apostrophe, as OWASP advises: a model's reply must not become a formula on the reader's machine.
 * `text: false` for the numbers the export writes itself, which are never prefixed.
 */
export function csvField(value: string | number | boolean | null, text = true): string {
  if (value === null) return '';
  let field = String(value);
  if (text && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}
