import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { COURSE_ADMIN, insertCourse, multipart, png, postCover } from './courses-fixtures.js';
import { targetSize } from '../../server/src/infra/images.js';

const TOO_LARGE = 'Il file è troppo grande. La dimensione massima consentita è di 5MB.';
const NOT_IMAGE = "Il file deve essere un'immagine (JPEG, PNG, WebP o GIF).";
const TOO_MANY_PIXELS =
  "L'immagine ha troppi pixel: al massimo 25 megapixel (per esempio 5000 × 5000). Riducila e riprova.";

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A valid black PNG of width × height, one bit a pixel: its pixels compress to almost nothing, so a
 * file of a few kilobytes declares tens of megapixels (what a decompression bomb looks like).
 * `rows` writes only that many rows of pixel data (the rest missing, as in a crafted file).
 */
function blackPng(width: number, height: number, rows = height): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = Buffer.alloc(rows * (1 + Math.ceil(width / 8)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('targetSize', () => {
  it('centre-crops to the aspect and caps the width at 1600 px', () => {
    expect(targetSize(1920, 1080, 16 / 9)).toEqual({ width: 1600, height: 900 });
    expect(targetSize(1000, 1000, 16 / 9)).toEqual({ width: 1000, height: 563 });
    expect(targetSize(400, 100, 16 / 9)).toEqual({ width: 178, height: 100 });
    expect(targetSize(500, 300)).toEqual({ width: 500, height: 300 });
    expect(targetSize(4000, 1000)).toEqual({ width: 1600, height: 400 });
  });
});

describe.each(databases)('image uploads (%s)', (kind) => {
  const ctx = useTestApp(kind);

  async function upload(data: Buffer, file: { filename?: string; type?: string; field?: string } = {}) {
    const me = await ctx.user({}, COURSE_ADMIN);
    const id = await insertCourse(ctx.db);
    return postCover(ctx.app, `/api/courses/${id}/cover`, me.headers, data, file);
  }

  /** The bytes the site serves for an uploaded image's path. */
  async function stored(url: string): Promise<Buffer> {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  }

  it('refuses files over 5 MB', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(big);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cover).toEqual([TOO_LARGE]);
  });

  it('accepts an image of exactly 5 MB worth of bytes', async () => {
    const image = await png();
    const padded = Buffer.concat([image, Buffer.alloc(5 * 1024 * 1024 - image.length)]);
    const res = await upload(padded);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a text file named .png', async () => {
    const res = await upload(Buffer.from("non sono un'immagine, solo testo\n".repeat(20)), { filename: 'logo.png' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cover).toEqual([NOT_IMAGE]);
  });

  it('refuses SVG, even sent as image/svg+xml', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><script>alert(1)</script><rect width="160" height="90"/></svg>',
    );
    const res = await upload(svg, { filename: 'cover.svg', type: 'image/svg+xml' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cover).toEqual([NOT_IMAGE]);
  });

  it('refuses an image over 25 megapixels from its header, before decoding it, in a few kilobytes', async () => {
    const bomb = blackPng(10_000, 10_000, 1);
    expect(bomb.length).toBeLessThan(10_000);
    const res = await upload(bomb);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cover).toEqual([TOO_MANY_PIXELS]);
    // A real image just over the limit is refused as well, one just at it is taken.
    const over = await upload(blackPng(5001, 5000));
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.cover).toEqual([TOO_MANY_PIXELS]);
    expect((await upload(blackPng(5000, 5000))).statusCode).toBe(200);
  });

  it('refuses a truncated image whose header looks right', async () => {
    const res = await upload((await png(800, 450)).subarray(0, 60));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cover).toEqual([NOT_IMAGE]);
  });

  it('re-encodes a PNG as WebP, cropped to 16:9, without its metadata', async () => {
    const original = await png(2400, 2400, true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(original);
    expect(res.statusCode).toBe(200);
    const output = await stored(res.json().data.cover_url);
    const meta = await sharp(output).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(900);
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(output.includes(Buffer.from('Mario Rossi'))).toBe(false);
  });

  it('turns a JPEG upright by its EXIF orientation', async () => {
    // 160×90 pixels stored sideways: orientation 6 means "rotate 90° clockwise to display".
    const sideways = await sharp({ create: { width: 90, height: 160, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await upload(sideways, { filename: 'foto.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(await stored(res.json().data.cover_url)).metadata();
    expect([meta.width, meta.height]).toEqual([160, 90]);
    expect(meta.orientation).toBeUndefined();
  });

  it('accepts GIF and WebP by content, whatever the file name', async () => {
    const gif = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer();
    expect((await upload(gif, { filename: 'x.bin', type: 'application/octet-stream' })).statusCode).toBe(200);
    const webp = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#00ff00' } })
      .webp()
      .toBuffer();
    expect((await upload(webp, { filename: 'x.txt', type: 'text/plain' })).statusCode).toBe(200);
  });

  it('asks for a file when none is sent, under the field name', async () => {
    const me = await ctx.user({}, COURSE_ADMIN);
    const id = await insertCourse(ctx.db);
    const onlyFields = await multipart([{ name: '_method', value: 'PUT' }]);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${id}/cover`,
      headers: { ...me.headers, ...onlyFields.headers },
      payload: onlyFields.payload,
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.cover).toHaveLength(1);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/courses/${id}/cover`,
      headers: me.headers,
      payload: {},
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.cover).toHaveLength(1);
    const wrongField = await upload(await png(), { field: 'avatar' });
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors.cover).toHaveLength(1);
  });
});
