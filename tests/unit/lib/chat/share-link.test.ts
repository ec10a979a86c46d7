import { describe, expect, it } from 'vitest';
import { MAX_SHARED_BYTES, readShared, sharedData, shareFragment } from '../../../../src/lib/chat/share-link';

const json = JSON.stringify({
  format: 'svc-playground.conversation',
  conversation: {
    title: 'Ünïcödé ✓ and "quotes"',
    messages: Array.from({ length: 50 }, (_, i) => `turn ${i}`),
  },
});

async function deflated(bytes: Uint8Array): Promise<string> {
  const packed = new Uint8Array(
    await new Response(
      new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw')),
    ).arrayBuffer(),
  );
  return Buffer.from(packed).toString('base64url');
}

describe('share links', () => {
  it('carries the export JSON whole in a URL-safe fragment, smaller than the JSON', async () => {
    const fragment = await shareFragment(json);
    expect(fragment).toMatch(/^share=[\w-]+$/);
    expect(fragment.length).toBeLessThan(json.length);
    const data = sharedData(`#${fragment}`);
    expect(data).not.toBeNull();
    expect(await readShared(data!)).toEqual({ ok: true, json });
  });

  it('finds shared data only in a share fragment', () => {
    expect(sharedData('')).toBeNull();
    expect(sharedData('#section-2')).toBeNull();
    expect(sharedData('#share=abc')).toBe('abc');
    expect(sharedData('share=abc')).toBe('abc');
  });

  it('refuses a damaged, foreign or empty link with a reason', async () => {
    const fragment = await shareFragment(json);
    const cut = fragment.slice('share='.length, -7);
    expect(await readShared(cut)).toEqual({
      ok: false,
      reason: 'the link could not be read: it is cut off or damaged. Ask for the link again, copied whole.',
    });
    expect(await readShared('abc$%')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('it holds characters a share link never has') as string,
    });
    expect(await readShared('')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('carries no conversation') as string,
    });
  });

  it('stops inflating a deflate bomb at the limit', async () => {
    const bomb = await deflated(new Uint8Array(MAX_SHARED_BYTES + 1024 * 1024));
    expect(bomb.length).toBeLessThan(20_000);
    expect(await readShared(bomb)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('it inflates to more than 8 MiB') as string,
    });
  });
});
