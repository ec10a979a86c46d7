/** Reads a file as a `data:` URL (base64), rejecting with a message that names the file. */
export function readDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () =>
      reject(new Error(`Could not read "${file.name}": ${reader.error?.message ?? 'the browser refused'}.`));
    reader.readAsDataURL(file);
  });
}
