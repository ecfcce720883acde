import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { databases, useTestApp } from './helpers.js';
import { COURSE_ADMIN, insertCourse, multipart, png, postCover } from './courses-fixtures.js';
import { targetSize } from '../../server/src/infra/images.js';

const TOO_LARGE = 'Il file è troppo grande. La dimensione massima consentita è di 5MB.';
const NOT_IMAGE = "Il file deve essere un'immagine (JPEG, PNG, WebP o GIF).";

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
