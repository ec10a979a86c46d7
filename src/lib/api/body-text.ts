/**
 * A response body read as text, up to a number of bytes: a server can send any amount, and the page
 * must neither hold 100 MB nor freeze parsing it. Past the limit the rest is not read (the body is
 * cancelled, so the connection's bytes stop), and the caller is told it was cut.
 */

/** The largest successful JSON body read whole (a long non-streamed reply with logprobs fits). */
export const MAX_JSON_BODY_BYTES = 32 * 1024 * 1024;
/** The largest error body read; an error object is a few hundred bytes, a gateway's page a few KB. */
export const MAX_ERROR_BODY_BYTES = 1024 * 1024;

export interface BodyText {
  text: string;
  /** More came than `maxBytes` (or the headers said so): `text` is the start, or '' when none was read. */
  cut: boolean;
}

/** The body's text, at most `maxBytes` of it (a multi-byte character across the cut is dropped). */
export async function readBodyText(response: Response, maxBytes: number): Promise<BodyText> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    // Said by the headers: nothing need be read to know it is too much.
    await response.body?.cancel().catch(() => undefined);
    return { text: '', cut: true };
  }
  if (!response.body) return { text: await response.text(), cut: false };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { text: text + decoder.decode(), cut: false };
    if (bytes + value.byteLength > maxBytes) {
      text += decoder.decode(value.subarray(0, maxBytes - bytes), { stream: true });
      await reader.cancel().catch(() => undefined);
      return { text, cut: true };
    }
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
  }
}
