/**
 * The markdown answer of the local vision engine: per image, the facts sharp read and the text
 * tesseract found; then how the prompt was taken into account. Facts, not guesses.
 */
import type { VisionDetail } from '../../../src/protocol/wire';
import type { ImageFacts } from './image-facts';
import type { OcrResult } from './ocr-worker';
import { findPhrases, type PromptFocus } from './prompt-focus';

export interface ImageReading {
  source: string;
  detail: VisionDetail;
  facts: ImageFacts;
  ocr: OcrResult;
  /** Size of the copy OCR read (smaller than the image for `low`/`auto` detail on big images). */
  ocrWidth: number;
  ocrHeight: number;
}

const ORIENTATIONS: Record<number, string> = {
  1: 'upright',
  2: 'mirrored',
  3: 'upside down',
  4: 'mirrored and upside down',
  5: 'mirrored and turned 90° anticlockwise',
  6: 'turned 90° clockwise',
  7: 'mirrored and turned 90° clockwise',
  8: 'turned 90° anticlockwise',
};

function kib(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KiB`;
}

function factLines(reading: ImageReading): string[] {
  const { facts } = reading;
  const colours = facts.colours
    .map((c) => `${c.name} \`${c.hex}\` (${Math.round(c.share * 100)} %)`)
    .join(', ');
  const lines = [
    `- **Format:** ${facts.format.toUpperCase()}, ${kib(facts.bytes)}`,
    `- **Size:** ${facts.width} × ${facts.height} pixels`,
    `- **Orientation:** ${facts.orientation ? `EXIF ${facts.orientation} (${ORIENTATIONS[facts.orientation] ?? 'unknown'}); read upright` : 'no EXIF orientation (as stored)'}`,
    `- **Transparency:** ${facts.hasTransparency ? 'yes, some pixels are see-through' : facts.hasAlphaChannel ? 'alpha channel present, but every pixel is opaque' : 'none'}`,
    `- **Dominant colours:** ${colours || 'none (fully transparent)'}`,
  ];
  return lines;
}

function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}text\n${text}\n${marks}`;
}

function textLines(reading: ImageReading): string[] {
  const scale =
    reading.ocrWidth === reading.facts.width
      ? 'at full resolution'
      : `at ${reading.ocrWidth} × ${reading.ocrHeight} (detail: ${reading.detail})`;
  if (reading.ocr.text === '') return [`No text was found (read ${scale}).`];
  return [
    `Text found (read ${scale}, confidence ${Math.round(reading.ocr.confidence)} %):`,
    '',
    fence(reading.ocr.text),
  ];
}

function promptLines(focus: PromptFocus, readings: readonly ImageReading[]): string[] {
  if (focus.prompt === '') {
    return ['No prompt was given, so every image is reported in full: its facts and the text in it.'];
  }
  const shown = focus.prompt.length > 200 ? `${focus.prompt.slice(0, 200)}…` : focus.prompt;
  const lines = [`You asked: “${shown.replace(/\s+/g, ' ')}”`, ''];
  const asked: string[] = [];
  if (focus.wantsText) asked.push('the text, so it is shown first');
  if (focus.wantsColours) asked.push('colours, listed as dominant colours with their share of the image');
  if (focus.wantsSize) asked.push('size or format, given in the facts');
  if (asked.length > 0) lines.push(`- It asks about ${asked.join('; ')}.`);
  const allText = readings.map((r) => r.ocr.text).join('\n');
  if (focus.quoted.length > 0) {
    const { found, missing } = findPhrases(allText, focus.quoted);
    if (found.length > 0)
      lines.push(`- Quoted and found in the text: ${found.map((p) => `“${p}”`).join(', ')}.`);
    if (missing.length > 0)
      lines.push(`- Quoted but not found in the text: ${missing.map((p) => `“${p}”`).join(', ')}.`);
  }
  const { found: words } = findPhrases(allText, focus.keywords);
  if (words.length > 0)
    lines.push(`- Words of your prompt that appear in the image's text: ${words.join(', ')}.`);
  if (focus.wantsScene) {
    lines.push(
      '- It asks for a description of what the image shows. This local engine reads facts and text only; it does not recognise objects or scenes. Configure an upstream model (`SVC_UPSTREAM_URL`) for that.',
    );
  }
  if (lines.length === 2)
    lines.push(
      '- Nothing in it matched the image’s text or asked for a particular fact, so everything read is reported.',
    );
  return lines;
}

/** The whole answer, for one or more images. */
export function composeAnswer(focus: PromptFocus, readings: readonly ImageReading[]): string {
  const out: string[] = [];
  readings.forEach((reading, index) => {
    const title = readings.length > 1 ? `### Image ${index + 1}` : '### The image';
    out.push(`${title} (${reading.source === 'data URL' ? 'from a data URL' : reading.source})`, '');
    const facts = factLines(reading);
    const text = textLines(reading);
    out.push(...(focus.wantsText ? [...text, '', ...facts] : [...facts, '', ...text]), '');
  });
  out.push('### How your prompt was used', '', ...promptLines(focus, readings));
  return out.join('\n');
}
