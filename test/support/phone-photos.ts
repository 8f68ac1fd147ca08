// Bytes that phones append to their JPEGs, for tests of watched folders and intake.

/** Bytes like the MP4 a motion photo appends: an `ftyp` box, then data holding JPEG markers. */
export function mp4Like(): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypmp42', 'latin1'),
    Buffer.alloc(4),
    Buffer.from('isommp42', 'latin1'),
  ]);
  const mdat = Buffer.concat([
    Buffer.from([0, 0, 0x10, 0x08]),
    Buffer.from('mdat', 'latin1'),
    Buffer.alloc(4096, 0x5a),
  ]);
  // Markers in the video must not matter: FFD8 and FFD9 and a stray FFDA.
  mdat.set([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9], 100);
  return Buffer.concat([ftyp, mdat]);
}

/** A Samsung camera trailer: `SEFH`, its directory and data, then `SEFT`. */
export function samsungTrailer(): Buffer {
  return Buffer.concat([
    Buffer.from('SEFH', 'latin1'),
    Buffer.from([0x6b, 0, 0, 0, 1, 0, 0, 0]),
    Buffer.from('Image_UTC_Data1700000000000', 'latin1'),
    Buffer.from([0xff, 0xd9, 0, 0]),
    Buffer.from([0x30, 0, 0, 0]),
    Buffer.from('SEFT', 'latin1'),
  ]);
}
