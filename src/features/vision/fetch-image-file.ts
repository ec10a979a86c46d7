/**
 * Fetches an image in this browser, for an address the service will not fetch (loopback, private):
 * the page can then send its bytes as a `data:` URL. Rejects with a sentence that says what to do.
 */
export async function fetchImageFile(url: string, signal?: AbortSignal): Promise<File> {
  const name = decodeURIComponent(new URL(url).pathname.split('/').pop() || 'image');
  let response: Response;
  try {
    response = await fetch(url, signal ? { signal } : {});
  } catch {
    // A network failure and a CORS refusal look the same from here.
    throw new Error(
      `This browser could not read ${url}: the server did not answer, or does not let this page read it (CORS). Save the image and choose it as a file.`,
    );
  }
  if (!response.ok)
    throw new Error(
      `${url} answered HTTP ${response.status}: check the address, or save the image and choose it as a file.`,
    );
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith('image/'))
    throw new Error(
      `${url} is "${type || 'of no stated type'}", not an image: check the address, or choose the image as a file.`,
    );
  return new File([await response.arrayBuffer()], name, { type });
}
