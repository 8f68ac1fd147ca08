import type { PhotoFormat } from '../../shared/domain/intake';
import {
  endMarkerOf,
  FileGrewError,
  type HashResult,
  isComplete,
  type LastMarker,
} from './hash-file';
import { DATA_OFFSET, md5LanesModule, STATE_OFFSET } from './md5-lanes-wasm';

/** Files hashed side by side: one per 32-bit lane of a 128-bit vector. */
export const LANES = 4;
/**
 * Bytes read at a time into a lane, on the worker's own thread: 64 KiB, as `hashOpenFile` reads
 * there (within the kernel's usual read-ahead; issue 26's measurements).
 */
const READ_BYTES = 64 * 1024;
/** Before each lane's reads: room for the bytes of the last read that did not fill a block. */
const CARRY_BYTES = 64;
const LANE_BYTES = CARRY_BYTES + READ_BYTES;
/** Each lane's last one or two blocks: the bytes left, then MD5's padding and length. */
const PAD_BYTES = 128;
const PADS_OFFSET = DATA_OFFSET + LANES * LANE_BYTES;
const MEMORY_PAGES = Math.ceil((PADS_OFFSET + LANES * PAD_BYTES) / 65_536);
const INITIAL_STATE = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476] as const;

/** One file to hash on a lane. */
export type LaneJob = {
  /** Reads into `buffer` at `position` of the file, as `readSync` does: the bytes read, 0 at its end. */
  readonly read: (buffer: Buffer, position: number) => number;
  readonly format: PhotoFormat;
  /** See `hashOpenFile`. */
  readonly jpegScanStart?: number | undefined;
  /** A file that grows past this many bytes while it is read fails with `FileGrewError`. */
  readonly maxBytes: number;
  /** Called before each read of this file (a read may block: the caller can say which file). */
  readonly beforeRead?: () => void;
  /** The file's MD5, size and completeness, or what its reading threw. Called once. */
  readonly done: (
    outcome: { ok: true; hashed: HashResult } | { ok: false; error: unknown },
  ) => void;
};

type BlocksFunction = (p0: number, p1: number, p2: number, p3: number, count: number) => void;

type Lane = {
  job: LaneJob | undefined;
  /** Bytes of the file read so far. */
  size: number;
  /** Bytes read but not yet hashed (fewer than a block), at the end of the lane's last read. */
  carry: number;
  /** Where the lane's next block is, and how many are ready from there. */
  pointer: number;
  blocks: number;
  /** Its padded last blocks are ready or being hashed: once they are, the MD5 is the state. */
  finishing: boolean;
  end: LastMarker | undefined;
};

/**
 * MD5 of up to four files at once on the calling thread, with the SIMD module of
 * `md5-lanes-wasm.ts`: on this project's 2-core test machine, 1.7 GiB/s against OpenSSL's
 * 0.7 GiB/s for one file at a time (issue 26), because MD5's chain of dependent steps keeps a
 * core waiting unless several messages are interleaved. Each lane reads its own file into the
 * module's memory (no copy) 64 KiB at a time; a step runs the blocks that every busy lane has
 * ready, then refills the lanes that ran out. Lanes finish independently, so a large file does
 * not hold up the others. Also used by hashing's tests against `node:crypto`.
 */
export class LaneHasher {
  readonly #blocks: BlocksFunction;
  readonly #memory: Buffer;
  readonly #state: DataView;
  readonly #lanes: Lane[] = Array.from({ length: LANES }, () => ({
    job: undefined,
    size: 0,
    carry: 0,
    pointer: 0,
    blocks: 0,
    finishing: false,
    end: undefined,
  }));

  constructor(module: WebAssembly.Module) {
    const instance = new WebAssembly.Instance(module);
    const memory = instance.exports.memory as WebAssembly.Memory;
    this.#blocks = instance.exports.blocks as BlocksFunction;
    // The memory never grows, so these views stay valid.
    this.#memory = Buffer.from(memory.buffer);
    this.#state = new DataView(memory.buffer, STATE_OFFSET, 64);
  }

  /** Whether another file can start now. */
  get hasFreeLane(): boolean {
    return this.#lanes.some((lane) => lane.job === undefined);
  }

  /** Whether any file is still being hashed. */
  get busy(): boolean {
    return this.#lanes.some((lane) => lane.job !== undefined);
  }

  /** Starts hashing `job` on a free lane. @throws when none is free (see `hasFreeLane`). */
  start(job: LaneJob): void {
    const index = this.#lanes.findIndex((lane) => lane.job === undefined);
    if (index < 0) throw new Error('No free lane');
    Object.assign(this.#lanes[index]!, {
      job,
      size: 0,
      carry: 0,
      pointer: 0,
      blocks: 0,
      finishing: false,
      end: endMarkerOf(job.format),
    });
    INITIAL_STATE.forEach((word, register) =>
      this.#state.setUint32(register * 16 + index * 4, word, true),
    );
  }

  /**
   * Reads what the busy lanes need, then hashes the blocks they all have ready; a file whose
   * last blocks are hashed, or whose reading failed, is reported through its `done`.
   */
  step(): void {
    for (const [index, lane] of this.#lanes.entries())
      if (lane.job !== undefined && lane.blocks === 0) this.#refill(index, lane);
    const ready = this.#lanes.filter((lane) => lane.blocks > 0);
    if (ready.length === 0) return;
    const count = Math.min(...ready.map((lane) => lane.blocks));
    // An idle lane hashes a busy lane's bytes into a state that `start` resets.
    const idle = ready[0]!.pointer;
    const pointer = (lane: Lane) => (lane.blocks > 0 ? lane.pointer : idle);
    const [l0, l1, l2, l3] = this.#lanes as [Lane, Lane, Lane, Lane];
    this.#blocks(pointer(l0), pointer(l1), pointer(l2), pointer(l3), count);
    const finished: number[] = [];
    for (const [index, lane] of this.#lanes.entries()) {
      if (lane.blocks === 0) continue;
      lane.pointer += count * 64;
      lane.blocks -= count;
      if (lane.blocks === 0 && lane.finishing) finished.push(index);
    }
    // Reported once every lane has moved on, so that a report that throws leaves none behind.
    for (const index of finished) this.#finish(index, this.#lanes[index]!);
  }

  /** Steps until a lane is free. */
  stepUntilFree(): void {
    while (!this.hasFreeLane) this.step();
  }

  /** Steps until every file is done. */
  drain(): void {
    while (this.busy) this.step();
  }

  /**
   * Ends every file still being hashed with `error` (each through its `done`, which closes it),
   * so that a batch that fails part-way leaves nothing open and every lane free.
   */
  abortAll(error: unknown): void {
    const jobs = this.#lanes.flatMap((lane) => (lane.job === undefined ? [] : [lane.job]));
    for (const lane of this.#lanes) {
      lane.job = undefined;
      lane.blocks = 0;
    }
    // Every lane is free before any `done` runs, and one that throws does not keep the rest open.
    const thrown: unknown[] = [];
    for (const job of jobs) {
      try {
        job.done({ ok: false, error });
      } catch (failure) {
        thrown.push(failure);
      }
    }
    if (thrown.length > 0) throw thrown[0];
  }

  /** Reads the lane's next bytes (or lays out its last blocks at the file's end). */
  #refill(index: number, lane: Lane): void {
    const job = lane.job!;
    const start = DATA_OFFSET + index * LANE_BYTES;
    try {
      while (lane.blocks === 0 && !lane.finishing) {
        const into = start + CARRY_BYTES;
        // The bytes after the last whole block hashed go just before this read.
        if (lane.carry > 0)
          this.#memory.copyWithin(into - lane.carry, lane.pointer, lane.pointer + lane.carry);
        lane.pointer = into - lane.carry;
        job.beforeRead?.();
        const bytesRead = job.read(this.#memory.subarray(into, into + READ_BYTES), lane.size);
        if (bytesRead === 0) {
          this.#pad(index, lane);
          break;
        }
        lane.end?.feed(this.#memory.subarray(into, into + bytesRead));
        lane.size += bytesRead;
        if (lane.size > job.maxBytes) throw new FileGrewError();
        const available = lane.carry + bytesRead;
        lane.blocks = Math.floor(available / 64);
        // Hashing leaves `pointer` on these.
        lane.carry = available % 64;
      }
    } catch (error) {
      lane.job = undefined;
      lane.blocks = 0;
      job.done({ ok: false, error });
    }
  }

  /** MD5's last blocks: the carried bytes at `pointer`, 0x80, zeros, the length in bits. */
  #pad(index: number, lane: Lane): void {
    const from = lane.pointer;
    const pad = PADS_OFFSET + index * PAD_BYTES;
    const length = lane.carry < 56 ? 64 : 128;
    this.#memory.fill(0, pad, pad + length);
    this.#memory.copy(this.#memory, pad, from, from + lane.carry);
    this.#memory[pad + lane.carry] = 0x80;
    const bits = BigInt(lane.size) * 8n;
    this.#memory.writeBigUInt64LE(bits & 0xffff_ffff_ffff_ffffn, pad + length - 8);
    lane.pointer = pad;
    lane.blocks = length / 64;
    lane.finishing = true;
  }

  #finish(index: number, lane: Lane): void {
    const job = lane.job!;
    const digest = Buffer.alloc(16);
    for (let register = 0; register < 4; register += 1)
      digest.writeUInt32LE(this.#state.getUint32(register * 16 + index * 4, true), register * 4);
    lane.job = undefined;
    job.done({
      ok: true,
      hashed: {
        md5: digest.toString('hex'),
        size: lane.size,
        complete: isComplete(lane.end, job.format, job.jpegScanStart),
      },
    });
  }
}

/** The compiled module once per thread, or undefined where this engine or CPU has no SIMD. */
let compiled: WebAssembly.Module | null | undefined;

/**
 * A new `LaneHasher` (each media worker thread makes one and keeps it, see `mediaThread`), or
 * undefined where WebAssembly SIMD is not available (an old
 * CPU without SSE4.1, or an engine without it): then files are hashed one at a time with
 * `hashOpenFile`.
 */
export function laneHasher(): LaneHasher | undefined {
  if (compiled === undefined) {
    const bytes = md5LanesModule(MEMORY_PAGES);
    compiled = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return compiled === null ? undefined : new LaneHasher(compiled);
}
