/** Files for the media tests, made with sharp or by hand: good ones of each type and the bad ones an upload must refuse. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { silentWav } from '@epos/platform/testkit/wav';

const demoMedia = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../content/demo/media');

const canvas = (width: number, height: number, background = '#c33') => sharp({ create: { width, height, channels: 3, background } });

/** A JPEG carrying EXIF with a camera, a copyright and a GPS position (IFD3 is the GPS directory). */
export const jpegWithGps = (): Promise<Buffer> =>
  canvas(640, 480)
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Epos test', Make: 'TestCam' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2964/100', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 797/100' },
    })
    .toBuffer();
export const png = (width = 40, height = 30, background = '#3a6') => canvas(width, height, background).png().toBuffer();
export const gif = () => canvas(20, 20, '#36c').gif().toBuffer();
export const webp = () => canvas(20, 20, '#963').webp().toBuffer();

/**
 * A PNG whose header claims 20000 × 20000 pixels (400 megapixels) over a few bytes of data, as a
 * decompression bomb starts: refused for its pixel count, from the header, before any decoding
 * (decoding would fail and be refused as damaged instead).
 */
export async function pixelFlood(): Promise<Buffer> {
  const bytes = Buffer.from(await png(1, 1));
  // Signature (8), then the IHDR chunk: length (4), type (4), width (4), height (4), … and its CRC over type and data.
  bytes.writeUInt32BE(20_000, 16);
  bytes.writeUInt32BE(20_000, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/** A JPEG cut off halfway through its scan data. */
export async function truncatedJpeg(): Promise<Buffer> {
  const noise = Buffer.alloc(200 * 200 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const whole = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A minimal ZIP's local header and end-of-directory record: enough to be read as an archive. */
const zipTail = Buffer.concat([
  Buffer.from('PK\x03\x04\x14\x00\x00\x00\x00\x00', 'latin1'),
  Buffer.alloc(20),
  Buffer.from('a.class', 'latin1'),
  Buffer.from('PK\x05\x06', 'latin1'),
  Buffer.alloc(18),
]);
export const jpegWithZip = async () => Buffer.concat([await jpegWithGps(), zipTail]);
export const gifar = async () => Buffer.concat([await gif(), zipTail]);
export const pngWithScript = async () => Buffer.concat([await png(), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);

/**
 * Markup that runs script, hidden where an image keeps text: a PNG's text chunk (before IEND), a
 * JPEG's comment segment (after SOI), a GIF's comment extension (before the trailer). Each still
 * decodes as the image it was.
 */
export async function pngWithText(text: string): Promise<Buffer> {
  const image = await png();
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.from(text, 'latin1')]);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const iend = image.length - 12;
  return Buffer.concat([image.subarray(0, iend), chunk, image.subarray(iend)]);
}
export async function jpegWithComment(text: string): Promise<Buffer> {
  const image = await jpegWithGps();
  const data = Buffer.from(text, 'latin1');
  const segment = Buffer.concat([Buffer.from([0xff, 0xfe, (data.length + 2) >> 8, (data.length + 2) & 0xff]), data]);
  return Buffer.concat([image.subarray(0, 2), segment, image.subarray(2)]);
}
export async function gifWithComment(text: string): Promise<Buffer> {
  const image = await gif();
  const data = Buffer.from(text, 'latin1');
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, data.length]), data, Buffer.from([0])]);
  return Buffer.concat([image.subarray(0, image.length - 1), comment, image.subarray(image.length - 1)]);
}
/** The demo recording with an ID3v1 tag (the last 128 bytes) whose 30-byte title is `title`. */
export function mp3WithTitle(title: string): Buffer {
  const tag = Buffer.alloc(128);
  tag.write('TAG', 0, 'latin1');
  tag.write(title.slice(0, 30), 3, 'latin1');
  return Buffer.concat([mp3(), tag]);
}

export const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
export const zip = Buffer.concat([zipTail]);
export const elf = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120)]);
export const exe = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(200),
]);
export const text = Buffer.from('Of man’s first disobedience, and the fruit');

/** Seconds of 8 kHz 8-bit mono silence. */
export const wav = (seconds = 1): Buffer => silentWav(8000 * seconds);
export const mp3 = () => fs.readFileSync(path.join(demoMedia, 'invocation.mp3'));
/** An MPEG-4 audio file's type box (what file-type reads as M4A), then an empty media box. */
export const m4a = () =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypM4A \0\0\0\0M4A mp42isom\0\0\0\0', 'latin1'),
    Buffer.from([0, 0, 0, 8]),
    Buffer.from('mdat', 'latin1'),
  ]);

/** A multipart/form-data body: `file0`, `file1`… unless named. */
export function multipart(files: { name: string; data: Buffer; field?: string; type?: string }[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'x-epos-media-boundary';
  const parts = files.map((f, i) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? `file${i}`}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
/** An Ogg page whose first packet is a Vorbis identification header (what file-type reads as OGG audio). */
export const ogg = () => Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(24), Buffer.from('\x01vorbis', 'latin1'), Buffer.alloc(40)]);
