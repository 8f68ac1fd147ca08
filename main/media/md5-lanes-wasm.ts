// Builds, as bytes, the WebAssembly module that runs MD5 on four independent messages at once,
// one per 32-bit lane of the 128-bit SIMD registers. MD5 is one long chain of dependent additions,
// so a core spends most of each step waiting; four messages side by side fill that wait (the
// "multi-buffer" method of Intel's ISA-L and minio's md5-simd). The module is generated here
// rather than shipped as a binary so that every instruction can be read and reviewed in this file.

/** Where the four lanes' state (A, B, C, D, one 128-bit vector each) lives in the module's memory. */
export const STATE_OFFSET = 0;
/** First byte of memory free for message data. */
export const DATA_OFFSET = 64;

// The per-step shift amounts and sine-derived constants of RFC 1321.
const SHIFTS = [
  [7, 12, 17, 22],
  [5, 9, 14, 20],
  [4, 11, 16, 23],
  [6, 10, 15, 21],
] as const;
const SINES = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32));

// Opcodes used (WebAssembly core 2.0, with the fixed-width SIMD proposal).
const OP = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Const: 0x41,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  simd: 0xfd,
} as const;
const SIMD = {
  load: 0x00,
  store: 0x0b,
  const: 0x0c,
  shuffle: 0x0d,
  not: 0x4d,
  or: 0x50,
  xor: 0x51,
  bitselect: 0x52,
  shl: 0xab,
  shrU: 0xad,
  add: 0xae,
} as const;
const V128 = 0x7b;
const I32 = 0x7f;

function unsignedLeb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

function signedLeb(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

const vector = (bytes: readonly number[]): number[] => [...unsignedLeb(bytes.length), ...bytes];
const section = (id: number, bytes: readonly number[]): number[] => [id, ...vector(bytes)];
const name = (text: string): number[] => vector([...Buffer.from(text, 'utf8')]);

// Instructions, each as its bytes.
const get = (local: number) => [OP.localGet, local];
const set = (local: number) => [OP.localSet, local];
const tee = (local: number) => [OP.localTee, local];
const i32 = (value: number) => [OP.i32Const, ...signedLeb(value)];
const simd = (op: number, ...immediates: number[]) => [OP.simd, ...unsignedLeb(op), ...immediates];
/** The alignment (2^4) and offset of a v128 memory access. */
const memarg = (offset: number) => [4, ...unsignedLeb(offset)];
/** A v128 constant with `value` in each 32-bit lane. */
function splat32(value: number): number[] {
  const lane = [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
  return simd(SIMD.const, ...lane, ...lane, ...lane, ...lane);
}
/** i8x16.shuffle picking 32-bit words: 0–3 from the first vector, 4–7 from the second. */
const shuffleWords = (...words: number[]) =>
  simd(
    SIMD.shuffle,
    ...words.flatMap((word) => [word * 4, word * 4 + 1, word * 4 + 2, word * 4 + 3]),
  );

/** The body of `blocks(p0, p1, p2, p3, count)`: `count` 64-byte blocks from each lane's pointer. */
function blocksBody(): number[] {
  // Parameters 0–3: the lanes' pointers; 4: the block count. Then the v128 locals below.
  const COUNT = 4;
  const [A, B, C, D] = [5, 6, 7, 8];
  const SAVED = (register: number) => register + 4; // 9–12
  const WORD = (index: number) => 13 + index; // 16 message words, transposed across lanes
  const [ROW0, ROW1, ROW2, ROW3, TEMP] = [29, 30, 31, 32, 33];
  const registers = [A, B, C, D];
  const code: number[] = [];
  const emit = (...instructions: number[][]) => {
    for (const instruction of instructions) code.push(...instruction);
  };

  registers.forEach((register, at) =>
    emit(i32(STATE_OFFSET), simd(SIMD.load, ...memarg(at * 16)), set(register)),
  );
  emit([OP.block, 0x40, OP.loop, 0x40]);
  for (const register of registers) emit(get(register), set(SAVED(register)));
  // Message words 4q..4q+3 of each lane, transposed so that vector j holds word j of every lane.
  for (let quad = 0; quad < 4; quad += 1) {
    for (let lane = 0; lane < 4; lane += 1)
      emit(get(lane), simd(SIMD.load, ...memarg(quad * 16)), set(ROW0 + lane));
    // Interleave rows 0 and 1, 2 and 3 (low and high halves), then take 64-bit halves:
    // TEMP = [l0w0 l1w0 l0w1 l1w1], ROW1 = [l0w2 l1w2 l0w3 l1w3] (ROW0 and ROW3 alike for l2, l3).
    emit(get(ROW0), get(ROW1), shuffleWords(0, 4, 1, 5), set(TEMP));
    emit(get(ROW0), get(ROW1), shuffleWords(2, 6, 3, 7), set(ROW1));
    emit(get(ROW2), get(ROW3), shuffleWords(0, 4, 1, 5), set(ROW0));
    emit(get(ROW2), get(ROW3), shuffleWords(2, 6, 3, 7), set(ROW3));
    emit(get(TEMP), get(ROW0), shuffleWords(0, 1, 4, 5), set(WORD(quad * 4)));
    emit(get(TEMP), get(ROW0), shuffleWords(2, 3, 6, 7), set(WORD(quad * 4 + 1)));
    emit(get(ROW1), get(ROW3), shuffleWords(0, 1, 4, 5), set(WORD(quad * 4 + 2)));
    emit(get(ROW1), get(ROW3), shuffleWords(2, 3, 6, 7), set(WORD(quad * 4 + 3)));
  }

  // The 64 steps, the registers renamed rather than moved: a = b + rotl(a + f(b, c, d) + K + M, s).
  let [a, b, c, d] = [A, B, C, D];
  for (let step = 0; step < 64; step += 1) {
    const round = step >> 4;
    const word = [step, 5 * step + 1, 3 * step + 5, 7 * step][round]! % 16;
    const mix = [
      [get(c), get(d), get(b), simd(SIMD.bitselect)], // (b & c) | (~b & d)
      [get(b), get(c), get(d), simd(SIMD.bitselect)], // (d & b) | (~d & c)
      [get(b), get(c), simd(SIMD.xor), get(d), simd(SIMD.xor)], // b ^ c ^ d
      [get(c), get(b), get(d), simd(SIMD.not), simd(SIMD.or), simd(SIMD.xor)], // c ^ (b | ~d)
    ][round]!;
    const shift = SHIFTS[round]![step % 4]!;
    emit(...mix, get(a), simd(SIMD.add), get(WORD(word)), simd(SIMD.add));
    emit(splat32(SINES[step]!), simd(SIMD.add));
    emit(tee(TEMP), i32(shift), simd(SIMD.shl), get(TEMP), i32(32 - shift), simd(SIMD.shrU));
    emit(simd(SIMD.or), get(b), simd(SIMD.add), set(a));
    [a, b, c, d] = [d, a, b, c];
  }
  // After 64 renamings the registers are back in place.
  for (const register of registers)
    emit(get(register), get(SAVED(register)), simd(SIMD.add), set(register));
  for (let lane = 0; lane < 4; lane += 1) emit(get(lane), i32(64), [OP.i32Add], set(lane));
  emit(get(COUNT), i32(1), [OP.i32Sub], tee(COUNT), [OP.brIf, 0], [OP.end, OP.end]);

  registers.forEach((register, at) =>
    emit(i32(STATE_OFFSET), get(register), simd(SIMD.store, ...memarg(at * 16))),
  );
  emit([OP.end]);

  const locals = [...unsignedLeb(1), ...unsignedLeb(29), V128];
  return vector([...locals, ...code]);
}

/**
 * The module's bytes. It exports `memory` (`pages` of 64 KiB) and `blocks(p0, p1, p2, p3, count)`,
 * which runs `count` ≥ 1 MD5 blocks of 64 bytes from each of the four lanes' addresses, updating
 * the state at `STATE_OFFSET` (A, B, C, D: one 128-bit vector each, lane i in bytes 4i..4i+3).
 */
export function md5LanesModule(pages: number): Uint8Array {
  const type = section(1, [1, 0x60, ...vector([I32, I32, I32, I32, I32]), ...vector([])]);
  const functions = section(3, [1, 0]);
  const memory = section(5, [1, 0x00, ...unsignedLeb(pages)]);
  const exports = section(7, [
    ...unsignedLeb(2),
    ...name('memory'),
    0x02,
    0,
    ...name('blocks'),
    0x00,
    0,
  ]);
  const code = section(10, [1, ...blocksBody()]);
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...type,
    ...functions,
    ...memory,
    ...exports,
    ...code,
  ]);
}
