/**
 * A WAV file of 8 kHz 8-bit mono silence with `dataBytes` of samples (8,000 a second): what tests,
 * the disk attack and browser tests upload as a reader's recording. Each caller makes its bytes its
 * own by writing into the samples (from byte 44).
 */
export function silentWav(dataBytes: number): Buffer<ArrayBuffer> {
  const wav = Buffer.alloc(44 + dataBytes, 128);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + dataBytes, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(dataBytes, 40);
  return wav;
}
