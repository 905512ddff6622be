import { request } from 'node:http';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CurrentUser,
  ProfilePhoto,
  apiPaths,
  photoLimits,
  photoMessages,
  profileApiPath,
  shellApiPaths,
} from '@pca/contracts';
import { auditEvents, users } from '#db/schema/index.ts';
import { demoIds } from '#db/seed/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { expectProblem } from '../../test/expect-problem.ts';
import { craftPng } from '../../test/png.ts';
import { processPhoto } from './photo.ts';

// The profile photo's API (docs/decisions/024-profile-photo.md), on a real database with real images.

let t: TestApp;
let alice: string;
let ben: string;
const ra = { alice: '2000000011', ben: '2000000022', farah: '2000000055' };
const ids = {
  alice: demoIds.user('alice'),
  ben: demoIds.user('ben'),
  farah: demoIds.user('farah'),
};

beforeAll(async () => {
  // Limits off: this file uploads more than a person would in ten seconds.
  t = await createTestApp({ RATE_LIMITS: 'false' });
  alice = await t.tokenFor(ra.alice);
  ben = await t.tokenFor(ra.ben);
}, 60_000);
afterAll(() => t?.close());

const photoUrl = (userId: string) => profileApiPath('photo', userId);

const put = (
  token: string | null,
  body: Buffer | Readable | string,
  contentType: string | null = 'image/png',
  userId = ids.alice,
) =>
  t.app.inject({
    method: 'PUT',
    url: photoUrl(userId),
    headers: {
      ...(token ? t.bearer(token) : {}),
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    payload: body,
  });

const remove = (token: string | null, userId = ids.alice) =>
  t.app.inject({
    method: 'DELETE',
    url: photoUrl(userId),
    headers: token ? t.bearer(token) : {},
  });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } });
const png = (width: number, height: number) => picture(width, height).png().toBuffer();

/** The bytes of a stored photo data URL. */
const bytesOf = (photoData: string) => {
  expect(photoData).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
  return Buffer.from(photoData.slice(photoData.indexOf(',') + 1), 'base64');
};

async function storedPhoto(userId: string) {
  const [row] = await t.db
    .select({ photoData: users.photoData })
    .from(users)
    .where(eq(users.id, userId));
  return row?.photoData ?? null;
}

const photoEvents = (userId: string, action: string) =>
  t.db
    .select({ changed: auditEvents.changedFields, actor: auditEvents.actorUserId })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entityType, 'user'),
        eq(auditEvents.entityId, userId),
        eq(auditEvents.action, action),
      ),
    );

describe('uploading a photo', () => {
  it('stores a real PNG as a 160 × 160 PNG, answers it, and /api/me shows it at once', async () => {
    const before = (await photoEvents(ids.alice, 'user.update-photo')).length;
    const res = await put(alice, await png(300, 200));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { photoData } = ProfilePhoto.parse(res.json());
    const meta = await sharp(bytesOf(photoData)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 160, height: 160 });
    expect(await storedPhoto(ids.alice)).toBe(photoData);
    // The header's avatar reads the signed-in user: the new photo, with no wait for a cache.
    const me = CurrentUser.parse(
      (await t.app.inject({ url: apiPaths.me, headers: t.bearer(alice) })).json(),
    );
    expect(me.photoData).toBe(photoData);
    // One audit event in the same transaction: who, and which picture (never the picture itself).
    const events = await photoEvents(ids.alice, 'user.update-photo');
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({
      actor: ids.alice,
      changed: { photo: { bytes: bytesOf(photoData).length, sha256: expect.any(String) } },
    });
    expect(JSON.stringify(events.at(-1))).not.toContain('base64');
  });

  it('stores a JPEG as PNG with no metadata: the EXIF GPS position and camera are gone', async () => {
    const jpeg = await picture(200, 200)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhotoCam', Copyright: 'Alice' },
        // IFD3 is the GPS directory in libvips' naming.
        IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 52/1 0/1' },
      })
      .toBuffer();
    // The upload carries a GPS position: the GPSInfo pointer (tag 0x8825, little-endian) is in its EXIF.
    const exif = (await sharp(jpeg).metadata()).exif;
    expect(exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(jpeg.includes('PhotoCam')).toBe(true);
    const res = await put(alice, jpeg, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const out = bytesOf(ProfilePhoto.parse(res.json()).photoData);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 160, height: 160 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.comments).toBeUndefined();
    for (const text of ['Exif', 'GPS', 'PhotoCam', 'Alice', 'eXIf', 'iCCP', 'tEXt', 'iTXt', 'zTXt'])
      expect(out.includes(text), text).toBe(false);
  });

  it('trusts the bytes, not the Content-Type: a JPEG sent as image/png is still a JPEG, and fine', async () => {
    const jpeg = await picture(120, 120).jpeg().toBuffer();
    expect((await put(alice, jpeg, 'image/png')).statusCode).toBe(200);
    expect((await put(alice, await png(120, 120), 'image/jpeg')).statusCode).toBe(200);
  });

  it('accepts the smallest crop the dialog makes (48 × 48) and the largest picture (636 × 336)', async () => {
    expect((await put(alice, await png(48, 48))).statusCode).toBe(200);
    expect((await put(alice, await png(636, 336))).statusCode).toBe(200);
  });
});

describe('refusing what is not a photo', () => {
  it('refuses a GIF, whatever it is sent as (415, the type message)', async () => {
    const gif = await picture(60, 60).gif().toBuffer();
    for (const type of ['image/png', 'image/jpeg', 'image/gif']) {
      const body = expectProblem(await put(alice, gif, type), 415, { type: 'photo-type' });
      expect(body.detail).toBe(photoMessages.type);
    }
  });

  it('refuses a text file named .png (415): the magic bytes decide', async () => {
    const body = expectProblem(await put(alice, 'This is not an image.\n'), 415, {
      type: 'photo-type',
    });
    expect(body.detail).toBe('The file type is not supported. Add .png or .jpeg only.');
  });

  it('refuses JSON, text and a body with no Content-Type (415)', async () => {
    for (const type of ['application/json', 'text/plain', null]) {
      const res = await put(alice, '{"photoData":"x"}', type);
      expect(expectProblem(res, 415, { type: 'photo-type' }).detail).toBe(photoMessages.type);
    }
  });

  it('refuses an empty body (400, greater than zero)', async () => {
    for (const type of ['image/png', null]) {
      const body = expectProblem(await put(alice, Buffer.alloc(0), type), 400, {
        type: 'photo-empty',
      });
      expect(body.detail).toBe('The file size must be greater than zero.');
    }
  });

  it('refuses 40 × 40 (400, no less than 48 × 48)', async () => {
    const body = expectProblem(await put(alice, await png(40, 40)), 400, {
      type: 'photo-dimensions',
    });
    expect(body.detail).toBe('The file must be an image that is no less than 48 x 48 pixels.');
    expect(
      expectProblem(await put(alice, await png(47, 200)), 400, { type: 'photo-dimensions' }).detail,
    ).toBe(photoMessages.tooSmall);
  });

  it('refuses 700 × 400 and 637 × 100 and 100 × 337 (400, no greater than 636 x 336)', async () => {
    for (const [w, h] of [
      [700, 400],
      [637, 100],
      [100, 337],
    ] as const) {
      const body = expectProblem(await put(alice, await png(w, h)), 400, {
        type: 'photo-dimensions',
      });
      expect(body.detail, `${w} × ${h}`).toBe(
        'The file must be an image that is no greater than 636 x 336 pixels.',
      );
    }
  });

  it('refuses a decompression bomb from its header, before decoding a pixel', async () => {
    // 74 bytes that declare 50,000 × 50,000 (7.5 GB of RGB once decoded).
    const bomb = craftPng(4, 4, { declared: { width: 50_000, height: 50_000 } });
    expect(bomb.length).toBeLessThan(200);
    const started = performance.now();
    const body = expectProblem(await put(alice, bomb), 400, { type: 'photo-dimensions' });
    expect(body.detail).toBe(photoMessages.tooLarge);
    expect(performance.now() - started).toBeLessThan(2_000);
    // The same below the sides rule's reach: a header within 636 × 336 … but a picture that is not there.
    const lying = craftPng(4, 4, { declared: { width: 600, height: 300 } });
    expect(expectProblem(await put(alice, lying), 400, { type: 'photo-invalid' }).detail).toBe(
      'The file is an invalid image.',
    );
  });

  it('refuses a PNG signature followed by rubbish, and a truncated JPEG (400, invalid image)', async () => {
    const rubbish = Buffer.concat([(await png(100, 100)).subarray(0, 8), Buffer.alloc(500, 7)]);
    expect(expectProblem(await put(alice, rubbish), 400, { type: 'photo-invalid' }).detail).toBe(
      photoMessages.invalid,
    );
    const jpeg = await picture(200, 200).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    expect(
      expectProblem(await put(alice, truncated, 'image/jpeg'), 400, { type: 'photo-invalid' })
        .detail,
    ).toBe(photoMessages.invalid);
  });

  it('refuses a body over 5 MB with 413 from its Content-Length, reading none of it', async () => {
    const body = expectProblem(await put(alice, Buffer.alloc(photoLimits.maxBytes + 1)), 413, {
      type: 'photo-too-big',
    });
    expect(body.detail).toBe('The file size must be less than 5MB.');
  });

  it('refuses a streamed body (no Content-Length) with 413 once it passes 5 MB, keeping none of it', async () => {
    const chunk = Buffer.alloc(64 * 1024, 1);
    const total = 40 * 1024 * 1024;
    let produced = 0;
    const stream = new Readable({
      read() {
        if (produced >= total) return this.push(null);
        produced += chunk.length;
        this.push(chunk);
      },
    });
    const res = await put(alice, stream);
    expect(expectProblem(res, 413, { type: 'photo-too-big' }).detail).toBe(photoMessages.tooBig);
    expect(res.headers.connection).toBe('close');
  });

  it('over a real socket, stops reading a chunked upload soon after 5 MB and closes the connection', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { hostname, port } = new URL(address);
    const chunk = Buffer.alloc(64 * 1024, 1);
    const offered = 200 * 1024 * 1024;
    let written = 0;
    // The server answers 413 and closes while the client is still writing. Which the client meets first is
    // the network's race: the answer, or the reset of its next write (EPIPE, ECONNRESET), after which Node drops
    // an answer not yet read. Either way the connection was closed; the 413's body is asserted above.
    const answer = await new Promise<{ status: number; body: string } | 'reset'>(
      (resolve, reject) => {
        const req = request(
          {
            hostname,
            port,
            method: 'PUT',
            path: photoUrl(ids.alice),
            headers: { ...t.bearer(alice), 'content-type': 'image/png' },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (part: string) => (body += part));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) =>
          error.code === 'EPIPE' || error.code === 'ECONNRESET' ? resolve('reset') : reject(error),
        );
        const pump = () => {
          while (written < offered) {
            written += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end();
        };
        pump();
      },
    );
    if (answer !== 'reset') {
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({
        type: '/problems/photo-too-big',
        status: 413,
      });
    }
    // Past the answer the server reads nothing more: the client could not push the 200 MB it offered.
    expect(written).toBeLessThan(offered / 4);
  });

  it('keeps the stored photo when an upload is refused', async () => {
    const ok = ProfilePhoto.parse((await put(alice, await png(100, 100))).json()).photoData;
    await put(alice, await png(40, 40));
    await put(alice, Buffer.alloc(0));
    expect(await storedPhoto(ids.alice)).toBe(ok);
  });
});

describe('whose photo', () => {
  it('needs a session (401), even for a body that would be refused', async () => {
    expectProblem(await put(null, await png(100, 100)), 401);
    expectProblem(await put(null, 'text', 'text/plain'), 401);
    expectProblem(await remove(null), 401);
  });

  it('refuses Ben for Alice’s and Farah’s photos (403), before reading the body', async () => {
    for (const userId of [ids.alice, ids.farah]) {
      expect(
        expectProblem(await put(ben, await png(100, 100), 'image/png', userId), 403).detail,
      ).toBe('You may change only your own photo.');
      // Refused before the body is read: an oversized body is still a 403, not a 413.
      expectProblem(
        await put(ben, Buffer.alloc(photoLimits.maxBytes + 1), 'image/png', userId),
        403,
      );
      expectProblem(await remove(ben, userId), 403);
    }
  });

  it('refuses Ben while he manages Farah (403), and still lets him change his own', async () => {
    const managing = await t.tokenFor(ra.ben);
    const switched = await t.app.inject({
      method: 'PUT',
      url: shellApiPaths.managing,
      headers: t.bearer(managing),
      payload: { practitionerId: demoIds.practitioner('farah') },
    });
    expect(switched.statusCode).toBeLessThan(300);
    const farahBefore = await storedPhoto(ids.farah);
    expectProblem(await put(managing, await png(100, 100), 'image/png', ids.farah), 403);
    expectProblem(await remove(managing, ids.farah), 403);
    expect(await storedPhoto(ids.farah)).toBe(farahBefore);
    expect((await put(managing, await png(100, 100), 'image/png', ids.ben)).statusCode).toBe(200);
    expect((await remove(managing, ids.ben)).statusCode).toBe(204);
  });

  it('answers 404 for a user that does not exist, and for an id that is no id', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expectProblem(await put(alice, await png(100, 100), 'image/png', missing), 404);
    expectProblem(await remove(alice, missing), 404);
    expectProblem(await put(alice, await png(100, 100), 'image/png', 'not-a-user'), 404);
  });
});

describe('removing a photo', () => {
  it('removes it (204, no-store), with its audit event; /api/me shows none', async () => {
    await put(alice, await png(100, 100));
    const before = (await photoEvents(ids.alice, 'user.remove-photo')).length;
    const res = await remove(alice);
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await storedPhoto(ids.alice)).toBeNull();
    const me = CurrentUser.parse(
      (await t.app.inject({ url: apiPaths.me, headers: t.bearer(alice) })).json(),
    );
    expect(me.photoData).toBeNull();
    expect(await photoEvents(ids.alice, 'user.remove-photo')).toHaveLength(before + 1);
    // Removing again is the same result.
    expect((await remove(alice)).statusCode).toBe(204);
  });
});

describe('processPhoto on its own', () => {
  it('reads the sides as the picture is shown: a 400 × 100 JPEG turned a quarter by EXIF is 400 high', async () => {
    const turned = await picture(400, 100).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    await expect(processPhoto(turned)).rejects.toMatchObject({
      status: 400,
      detail: photoMessages.tooLarge,
    });
  });
});
