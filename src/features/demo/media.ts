/**
 * Real, small media for the demo: PCM WAV files synthesised from a few sine partials and cover
 * images drawn as SVG shapes and encoded by sharp. Nothing binary is stored in the repository.
 */
import sharp from 'sharp';
import { SeededRandom } from './ids';

export interface ToneSpec {
  /** Seed that picks the chord, so every track sounds (and hashes) differently. */
  seed: number;
  durationSeconds: number;
  sampleRateHz?: number;
  /** A "remaster" of the same track: same chord, different balance, so the bytes change. */
  variant?: number;
}

export const DEMO_AUDIO_SAMPLE_RATE = 8000;
export const DEMO_AUDIO_BITS = 16;
export const DEMO_AUDIO_CHANNELS = 1;

// Semitone offsets of a few chord shapes (major, minor, sus4, major 7th, minor 7th).
const CHORDS = [
  [0, 4, 7],
  [0, 3, 7],
  [0, 5, 7],
  [0, 4, 7, 11],
  [0, 3, 7, 10],
];

/** A mono 16-bit PCM WAV: RIFF header, fmt chunk, data chunk. */
export function synthesiseWav(spec: ToneSpec): Uint8Array {
  const sampleRate = spec.sampleRateHz ?? DEMO_AUDIO_SAMPLE_RATE;
  if (!(spec.durationSeconds > 0 && spec.durationSeconds <= 60)) {
    throw new Error(`WAV duration must be between 0 and 60 seconds, got ${spec.durationSeconds}`);
  }
  const random = new SeededRandom(spec.seed);
  const rootMidi = random.int(45, 64);
  const chord = random.pick(CHORDS);
  // A slight detune from the seed keeps two tracks with the same chord from sharing bytes.
  const detune = 1 + (random.next() - 0.5) * 0.03;
  const frequencies = chord.map((semitones) => 440 * detune * 2 ** ((rootMidi + semitones - 69) / 12));
  const variant = spec.variant ?? 0;
  const weights = frequencies.map((_, i) => 1 / (i + 1 + variant * 0.5));
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const sampleCount = Math.round(spec.durationSeconds * sampleRate);
  const dataBytes = sampleCount * 2;
  const buffer = Buffer.alloc(44 + dataBytes);

  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(DEMO_AUDIO_CHANNELS, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buffer.writeUInt16LE(2, 32); // block align
  buffer.writeUInt16LE(DEMO_AUDIO_BITS, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);

  const attack = 0.05 * sampleRate;
  const release = 0.4 * sampleRate;
  for (let n = 0; n < sampleCount; n++) {
    const t = n / sampleRate;
    let value = 0;
    for (let i = 0; i < frequencies.length; i++) value += weights[i] * Math.sin(2 * Math.PI * frequencies[i] * t);
    // Soft attack and fade-out so the tone does not click.
    const envelope = Math.min(1, n / attack, (sampleCount - n) / release);
    const sample = Math.round((value / weightSum) * envelope * 0.6 * 32767);
    buffer.writeInt16LE(sample, 44 + n * 2);
  }
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}

export interface WavInfo {
  sampleRateHz: number;
  channels: number;
  bitsPerSample: number;
  durationSeconds: number;
}

/** Reads the header of a PCM WAV; throws with the reason when the bytes are not one. */
export function readWavInfo(bytes: Uint8Array): WavInfo {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 44) throw new Error(`not a WAV file: ${buffer.length} bytes is shorter than a WAV header`);
  if (buffer.toString('ascii', 0, 4) !== 'RIFF' || buffer.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a WAV file: missing RIFF/WAVE signature');
  }
  let offset = 12;
  let format: { channels: number; sampleRateHz: number; bitsPerSample: number } | undefined;
  while (offset + 8 <= buffer.length) {
    const id = buffer.toString('ascii', offset, offset + 4);
    const size = buffer.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      format = {
        channels: buffer.readUInt16LE(offset + 10),
        sampleRateHz: buffer.readUInt32LE(offset + 12),
        bitsPerSample: buffer.readUInt16LE(offset + 22),
      };
    } else if (id === 'data') {
      if (!format) throw new Error('not a valid WAV file: data chunk before fmt chunk');
      const bytesPerSecond = format.sampleRateHz * format.channels * (format.bitsPerSample / 8);
      return { ...format, durationSeconds: size / bytesPerSecond };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('not a valid WAV file: no data chunk');
}

export interface CoverSpec {
  seed: number;
  size?: number;
  format?: 'jpeg' | 'png';
}

const PALETTES = [
  ['#f94144', '#f3722c', '#f9c74f', '#90be6d', '#277da1'],
  ['#0b132b', '#1c2541', '#3a506b', '#5bc0be', '#f0f3bd'],
  ['#ff595e', '#ffca3a', '#8ac926', '#1982c4', '#6a4c93'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#d90429'],
  ['#003049', '#d62828', '#f77f00', '#fcbf49', '#eae2b7'],
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  ['#10002b', '#5a189a', '#9d4edd', '#e0aaff', '#ff9e00'],
  ['#ffbe0b', '#fb5607', '#ff006e', '#8338ec', '#3a86ff'],
];

/** An SVG of overlapping shapes on a gradient, different for every seed. */
export function coverSvg(seed: number, size = 600): string {
  const random = new SeededRandom(seed);
  const palette = random.pick(PALETTES);
  const shapes: string[] = [];
  const count = random.int(5, 11);
  for (let i = 0; i < count; i++) {
    const colour = random.pick(palette);
    const opacity = (0.45 + random.next() * 0.5).toFixed(2);
    const cx = random.int(0, size);
    const cy = random.int(0, size);
    const r = random.int(size / 12, size / 3);
    switch (random.int(0, 2)) {
      case 0:
        shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" fill-opacity="${opacity}"/>`);
        break;
      case 1:
        shapes.push(
          `<rect x="${cx - r}" y="${cy - r / 2}" width="${2 * r}" height="${r}" fill="${colour}" fill-opacity="${opacity}" transform="rotate(${random.int(0, 90)} ${cx} ${cy})"/>`,
        );
        break;
      default:
        shapes.push(
          `<polygon points="${cx},${cy - r} ${cx + r},${cy + r} ${cx - r},${cy + r}" fill="${colour}" fill-opacity="${opacity}"/>`,
        );
    }
  }
  const stripes = random.int(0, 1) === 1;
  const stripePattern = stripes
    ? `<g stroke="${palette[4]}" stroke-opacity="0.35" stroke-width="6">${Array.from({ length: 12 }, (_, i) => `<line x1="0" y1="${(i + 1) * (size / 13)}" x2="${size}" y2="${(i + 1) * (size / 13)}"/>`).join('')}</g>`
    : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>` +
    `<rect width="${size}" height="${size}" fill="url(#bg)"/>${stripePattern}${shapes.join('')}</svg>`
  );
}

export async function renderCover(spec: CoverSpec): Promise<Uint8Array> {
  const size = spec.size ?? 600;
  const image = sharp(Buffer.from(coverSvg(spec.seed, size)));
  const encoded = spec.format === 'png' ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 82 });
  const buffer = await encoded.toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length);
}
