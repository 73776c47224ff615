import { deflateSync } from 'node:zlib';

import { describe, expect, it } from '@jest/globals';
import type { ImageVariant, ProcessedImage } from '@memoir/domain';

import { IMAGE_MAX_BYTES } from '@memoir/shared';
import sharp from 'sharp';

import { isUprightRedOnTop, PHONE_MAKER, redBlueHalves, sidewaysPhoneJpeg } from '../../../tools/testing/test-images';
import { SharpImageProcessor, sniffImageType } from './sharp-image-processor';

const processor = new SharpImageProcessor();
const RED = '#dc1414';
const BLUE = '#1414dc';
const halves = redBlueHalves;

/** A grey PNG that declares `width` x `height` pixels, with a hundred rows of zeros. */
function decompressionBombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey)
  const rows = deflateSync(Buffer.alloc(100 * (width + 1)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function processed(file: Uint8Array, kind: 'cover' | 'author-photo' = 'cover'): Promise<ProcessedImage> {
  const result = await processor.process(file, kind);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.value;
}

const sizes = (variants: readonly ImageVariant[]) => variants.map((v) => `${v.format} ${v.width}x${v.height}`);

async function pixelAt(variant: ImageVariant, x: number, y: number) {
  const { data, info } = await sharp(variant.bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at] ?? 0, g: data[at + 1] ?? 0, b: data[at + 2] ?? 0 };
}

describe('SharpImageProcessor', () => {
  it('turns a sideways phone photo upright and writes no EXIF, GPS or camera tags', async () => {
    const input = await sidewaysPhoneJpeg(400, 300);
    const before = await sharp(input).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString('latin1')).toContain(PHONE_MAKER);

    const image = await processed(input, 'author-photo');
    expect({ width: image.width, height: image.height }).toEqual({ width: 300, height: 400 });
    expect(sizes(image.variants)).toEqual(['webp 300x400', 'webp 200x267', 'jpeg 300x400', 'jpeg 200x267']);
    for (const variant of image.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.format).toBe(variant.format);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      const text = Buffer.from(variant.bytes).toString('latin1');
      expect(text).not.toContain('Exif');
      expect(text).not.toContain(PHONE_MAKER);
      // The stored left half (red) is the top once turned a quarter clockwise.
      expect(await isUprightRedOnTop(variant.bytes)).toBe(true);
    }
  });

  it('serves a cover at the widths the page uses, WebP then JPEG, largest first', async () => {
    const input = await (await halves(2000, 3000)).png().toBuffer();
    const image = await processed(input, 'cover');
    expect({ width: image.width, height: image.height }).toEqual({ width: 2000, height: 3000 });
    expect(sizes(image.variants)).toEqual([
      'webp 960x1440',
      'webp 640x960',
      'webp 320x480',
      'jpeg 960x1440',
      'jpeg 640x960',
      'jpeg 320x480',
    ]);
  });

  it('adds AVIF before WebP when asked', async () => {
    const input = await (await halves(800, 1200)).jpeg().toBuffer();
    const result = await new SharpImageProcessor({ avif: true }).process(input, 'author-photo');
    if (!result.ok) throw new Error(result.error);
    expect(sizes(result.value.variants).slice(0, 4)).toEqual([
      'avif 600x900',
      'avif 400x600',
      'avif 200x300',
      'webp 600x900',
    ]);
    expect((await sharp(result.value.variants[0]?.bytes).metadata()).format).toBe('heif');
  });

  it('keeps no side of a served image longer than 2000 pixels', async () => {
    const tall = await sharp({ create: { width: 1000, height: 6000, channels: 3, background: RED } })
      .jpeg()
      .toBuffer();
    const image = await processed(tall, 'cover');
    expect(Math.max(...image.variants.map((v) => v.height))).toBe(2000);
    expect(sizes(image.variants).slice(0, 3)).toEqual(['webp 333x2000', 'webp 320x1922', 'jpeg 333x2000']);
  });

  it('accepts WebP and flattens a transparent PNG onto white for JPEG', async () => {
    const webp = await sharp({ create: { width: 200, height: 300, channels: 3, background: BLUE } })
      .webp()
      .toBuffer();
    expect(sizes((await processed(webp, 'author-photo')).variants)).toEqual(['webp 200x300', 'jpeg 200x300']);

    const clear = await sharp({
      create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const jpeg = (await processed(clear, 'author-photo')).variants.find((v) => v.format === 'jpeg');
    expect(jpeg && (await pixelAt(jpeg, 50, 50))).toEqual({ r: 255, g: 255, b: 255 });
  });

  it('refuses a decompression-bomb PNG by its header, without decoding it', async () => {
    // 2.5 gigapixels (2.5 GB to decode) in a file of a few kilobytes.
    const bomb = decompressionBombPng(50_000, 50_000);
    expect(bomb.length).toBeLessThan(20_000);
    expect(await processor.process(bomb, 'cover')).toEqual({ ok: false, error: 'too_many_pixels' });
  });

  it('refuses an image over 40 megapixels', async () => {
    const large = decompressionBombPng(8000, 5001);
    expect(await processor.process(large, 'author-photo')).toEqual({ ok: false, error: 'too_many_pixels' });
  });

  it('refuses a truncated JPEG as undecodable', async () => {
    const whole = await (await halves(1200, 800)).jpeg().toBuffer();
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    expect(await processor.process(truncated, 'cover')).toEqual({ ok: false, error: 'undecodable' });
  });

  it('refuses a file that starts like a PNG but is not one', async () => {
    const jpeg = await (await halves(100, 100)).jpeg().toBuffer();
    const lying = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), jpeg]);
    expect(await processor.process(lying, 'cover')).toEqual({ ok: false, error: 'undecodable' });
  });

  it('refuses an SVG renamed .png, whatever it claims to be', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect(await processor.process(svg, 'cover')).toEqual({ ok: false, error: 'unsupported_type' });
    const withDeclaration = Buffer.concat([Buffer.from('<?xml version="1.0"?>\n'), svg]);
    expect(await processor.process(withDeclaration, 'author-photo')).toEqual({ ok: false, error: 'unsupported_type' });
  });

  it('refuses a GIF, and a GIF that is also a script', async () => {
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: RED } })
      .gif()
      .toBuffer();
    expect(await processor.process(gif, 'cover')).toEqual({ ok: false, error: 'unsupported_type' });
    const gifScript = Buffer.from('GIF89a/*\x0a\x00\x0a\x00\x00\x00\x00*/=1;alert(document.domain);');
    expect(await processor.process(gifScript, 'cover')).toEqual({ ok: false, error: 'unsupported_type' });
  });

  it('re-encodes a JPEG polyglot, so the HTML it carried is not in what is served', async () => {
    const jpeg = await (await halves(300, 200)).jpeg().toBuffer();
    const payload = '<html><script>alert(document.cookie)</script></html>';
    // A comment segment (COM) just after the start marker, and the page again after the end marker.
    const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, payload.length + 2]), Buffer.from(payload)]);
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), comment, jpeg.subarray(2), Buffer.from(payload)]);
    expect((await sharp(polyglot).metadata()).format).toBe('jpeg');

    const image = await processed(polyglot, 'cover');
    for (const variant of image.variants)
      expect(Buffer.from(variant.bytes).toString('latin1')).not.toContain('<script');
  });

  it('refuses an empty file, and a file over 20 MB before reading it', async () => {
    expect(await processor.process(new Uint8Array(0), 'cover')).toEqual({ ok: false, error: 'unsupported_type' });
    const huge = new Uint8Array(IMAGE_MAX_BYTES + 1);
    huge.set([0xff, 0xd8, 0xff]);
    expect(await processor.process(huge, 'cover')).toEqual({ ok: false, error: 'too_large' });
  });
});

describe('sniffImageType', () => {
  it('knows JPEG, PNG and WebP by their first bytes, and nothing else', () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('png');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffImageType(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg'))).toBeNull();
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(new Uint8Array(0))).toBeNull();
  });
});
