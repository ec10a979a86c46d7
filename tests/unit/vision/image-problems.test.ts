import { describe, expect, it } from 'vitest';
import { contentImages } from '../../../src/features/vision/build-vision-request';
import { checkImages, type SentRequest } from '../../../src/features/vision/check-images';
import type { ImageEntry } from '../../../src/features/vision/image-entry';
import { imageLine, shortImageName } from '../../../src/features/vision/image-label';
import { blockingProblems, imageProblems } from '../../../src/features/vision/image-problems';
import { ApiError } from '../../../src/lib/api';

const entry = (key: string, url: string, file?: ImageEntry['file']): ImageEntry => ({
  key,
  url,
  ...(file ? { file } : {}),
});

describe('shortImageName and imageLine', () => {
  it('keeps a short URL whole and cuts a long one in the middle, host and file name kept', () => {
    expect(shortImageName({ url: ' https://images.example/cat.png ' })).toBe(
      'https://images.example/cat.png',
    );
    const long = `https://images.example/${'a'.repeat(100)}/final-photo.jpeg`;
    const short = shortImageName({ url: long });
    expect(short).toHaveLength(60);
    expect(short).toMatch(/^https:\/\/images\.example\/a+….*\/final-photo\.jpeg$/);
  });

  it('names a file by its name and a data: URL by its type and size, never its base64', () => {
    expect(
      shortImageName({
        url: 'data:image/png;base64,AAAA',
        file: { name: 'a.png', size: 3, type: 'image/png' },
      }),
    ).toBe('a.png');
    expect(shortImageName({ url: `data:image/png;base64,${'A'.repeat(2048)}` })).toBe(
      'data:image/png URL, 2.0 KB',
    );
  });

  it('words a problem as "Image N: url — text"', () => {
    expect(imageLine(2, { url: 'https://x.example/a.png' }, 'it is wrong.')).toBe(
      'Image 2: https://x.example/a.png — it is wrong.',
    );
  });
});

describe('imageProblems', () => {
  const images = [
    entry('a', 'ftp://files.example/a.png'),
    entry('b', ''),
    entry('c', 'https://images.example/fine.png'),
    entry('d', 'http://127.0.0.1:8787/cat.png'),
    entry('e', 'http://169.254.169.254/latest'),
    entry('f', 'data:text/plain;base64,aGk=', { name: 'notes.txt', size: 2, type: 'text/plain' }),
    entry('g', 'data:image/svg+xml;base64,PHN2Zy8+'),
  ];

  it('finds every problem at once, numbered by place on the page, blank entries skipped', () => {
    const problems = imageProblems(images);
    expect(problems.map((p) => [p.position, p.private])).toEqual([
      [1, false],
      [4, true],
      [5, false],
      [6, false],
      [7, false],
    ]);
    expect(problems.map((p) => p.line)).toEqual([
      'Image 1: ftp://files.example/a.png — it must be an http(s) URL or a data:image/...;base64 URL, not a ftp: URL: type an https:// URL, or choose a file.',
      // A private host's line names the reason only: the summary says once what can be done about it.
      'Image 4: http://127.0.0.1:8787/cat.png — 127.0.0.1:8787 is a loopback address (127.0.0.0/8)',
      expect.stringMatching(
        /^Image 5: http:\/\/169\.254\.169\.254\/latest — 169\.254\.169\.254 is a cloud metadata address .*never fetches it/,
      ),
      'Image 6: notes.txt — its type is "text/plain", not an image: choose a PNG, JPEG, GIF or WebP file.',
      expect.stringMatching(/^Image 7: data:image\/svg\+xml URL, 8 B — it is an SVG image/),
    ]);
    // The entry keeps the whole advice.
    expect(problems[1]!.text).toMatch(
      /^127\.0\.0\.1:8787 is a loopback address \(127\.0\.0\.0\/8\)\. .*SVC_VISION_ALLOW_PRIVATE_HOSTS=1.*choose it as a file/,
    );
  });

  it('lets private hosts through only when the person says the service fetches them', () => {
    const problems = imageProblems(images);
    expect(blockingProblems(problems, false)).toHaveLength(5);
    expect(blockingProblems(problems, true).map((p) => p.position)).toEqual([1, 5, 6, 7]);
  });
});

describe('checkImages', () => {
  const images = [
    entry('a', 'https://images.example/cat.png'),
    entry('b', ''),
    entry('c', 'https://dog.example/d.jpg'),
  ];
  const sent: SentRequest = {
    parts: contentImages({
      model: 'm',
      prompt: 'Compare',
      imageUrls: images.map((i) => i.url),
      parameters: {},
    }),
    images,
  };
  const error = new ApiError({
    kind: 'http',
    message: "'messages[0].content[2].image_url.url' is a data URL that is not a base64-encoded image.",
    status: 400,
    param: 'messages[0].content[2].image_url.url',
    body: '{"error":{"param":"messages[0].content[2].image_url.url"}}',
  });

  it('maps a content part past the text part and a blank entry to the image on the page', () => {
    expect(sent.parts).toEqual([null, 0, 2]);
    const check = checkImages({ images, settled: null, privateAllowed: false, error, sent });
    expect(check.refusal?.line).toBe(
      'Image 3: https://dog.example/d.jpg — It is a data URL that is not a base64-encoded image.',
    );
    expect(check.refusal?.error.param).toBeNull();
    expect(check.refusal?.error.body).toBe(error.body);
    expect(check.rows.get('c')).toEqual({
      text: 'It is a data URL that is not a base64-encoded image.',
      kind: 'error',
    });
    expect(check.rows.has('a')).toBe(false);

    const edited = images.map((i) => (i.key === 'c' ? { ...i, url: 'https://dog.example/other.jpg' } : i));
    expect(
      checkImages({ images: edited, settled: null, privateAllowed: false, error, sent }).rows.has('c'),
    ).toBe(false);
  });

  it('puts the service’s refusal of an image above the guess made before sending', () => {
    const loopback = [entry('a', 'http://127.0.0.1/a.png')];
    const refused = new ApiError({
      kind: 'http',
      status: 400,
      message: 'The image at messages[0].content[0].image_url.url was not used: 127.0.0.1 is not fetched.',
      param: 'messages[0].content[0].image_url.url',
    });
    const check = checkImages({
      images: loopback,
      settled: null,
      privateAllowed: true,
      error: refused,
      sent: { parts: [0], images: loopback },
    });
    expect(check.rows.get('a')).toEqual({
      text: 'The service did not use it: 127.0.0.1 is not fetched.',
      kind: 'error',
    });
  });

  it('judges only entries whose URL has settled, and all of them when asked', () => {
    const typing = [entry('a', 'http://127.0.0.1/a.png'), entry('b', 'ftp://x')];
    const settled = [entry('a', 'http://127.0.0.1/a.png'), entry('b', 'ftp:')];
    const check = checkImages({ images: typing, settled, privateAllowed: false, error: null, sent: null });
    expect(check.shown.map((p) => p.key)).toEqual(['a']);
    expect(
      checkImages({ images: typing, settled: null, privateAllowed: false, error: null, sent: null }).blocking,
    ).toHaveLength(2);
    expect(
      checkImages({ images: typing, settled, privateAllowed: true, error: null, sent: null }).rows.get('a'),
    ).toMatchObject({
      kind: 'warning',
    });
  });
});
