import { describe, expect, it } from 'vitest';
import { contentIndexOf, imageRefusal, withoutPath } from '../../../src/features/vision/image-refusal';
import { ApiError } from '../../../src/lib/api';

describe('contentIndexOf', () => {
  it.each([
    ['messages[0].content[2]', 2],
    ['messages[0].content[1].image_url.url', 1],
    ['messages.[0].content.[3].image_url', 3],
    ['messages[1].content[2]', null],
    ['max_tokens', null],
    [null, null],
  ])('%s → %s', (param, index) => {
    expect(contentIndexOf(param)).toBe(index);
  });
});

describe('withoutPath', () => {
  it('drops the path the image number now says', () => {
    expect(
      withoutPath(
        'The image at messages[0].content[2].image_url.url was not used: 127.0.0.1 is not fetched.',
      ),
    ).toBe('The service did not use it: 127.0.0.1 is not fetched.');
    expect(withoutPath("'messages[0].content[1].image_url.url' must be a non-empty string.")).toBe(
      'It must be a non-empty string.',
    );
    expect(withoutPath('Invalid image.')).toBe('Invalid image.');
  });
});

describe('imageRefusal', () => {
  const sent = [null, { key: 'a', position: 1, entry: { url: 'https://a.example/1.png' } }];
  const http = (param: string | null, kind: 'http' | 'connection' = 'http') =>
    new ApiError({ kind, status: 400, message: 'Bad image.', param, body: '{"error":{}}' });

  it('names the image and keeps status and body', () => {
    const refusal = imageRefusal(http('messages[0].content[1]'), sent);
    expect(refusal).toMatchObject({
      key: 'a',
      position: 1,
      line: 'Image 1: https://a.example/1.png — Bad image.',
    });
    expect(refusal?.error).toMatchObject({
      status: 400,
      param: null,
      body: '{"error":{}}',
      message: refusal?.line,
    });
  });

  it('names nothing for the text part, another parameter, a part not sent, or no HTTP answer', () => {
    expect(imageRefusal(http('messages[0].content[0]'), sent)).toBeNull();
    expect(imageRefusal(http('max_tokens'), sent)).toBeNull();
    expect(imageRefusal(http('messages[0].content[5]'), sent)).toBeNull();
    expect(imageRefusal(http('messages[0].content[1]', 'connection'), sent)).toBeNull();
    expect(imageRefusal(new Error('x'), sent)).toBeNull();
  });
});
