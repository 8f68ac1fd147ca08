import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FileGrewError, type HashResult } from '../../../../main/media/hash-file';
import { LANES, type LaneJob, laneHasher } from '../../../../main/media/md5-lanes';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

type Outcome = { ok: true; hashed: HashResult } | { ok: false; error: unknown };

/** A job reading `bytes`, each read at most `readLimit` bytes (a short read, as a network drive may give). */
function jobOver(
  bytes: Buffer,
  outcomes: Map<number, Outcome>,
  key: number,
  options: { readLimit?: number | undefined; failAt?: number; maxBytes?: number } = {},
): LaneJob {
  return {
    read: (buffer, position) => {
      if (options.failAt !== undefined && position >= options.failAt)
        throw Object.assign(new Error('I/O error'), { code: 'EIO' });
      const length = Math.min(buffer.length, options.readLimit ?? buffer.length);
      return bytes.copy(buffer, 0, position, position + length);
    },
    format: 'jpeg',
    maxBytes: options.maxBytes ?? Number.MAX_SAFE_INTEGER,
    done: (outcome) => {
      expect(outcomes.has(key), `job ${key} reported twice`).toBe(false);
      outcomes.set(key, outcome);
    },
  };
}

/** Hashes every job through one hasher, starting each as a lane frees up. */
function hashAll(jobs: readonly LaneJob[]): void {
  const hasher = laneHasher();
  if (hasher === undefined) throw new Error('WebAssembly SIMD is missing on this machine');
  for (const job of jobs) {
    hasher.stepUntilFree();
    hasher.start(job);
  }
  hasher.drain();
}

describe('LaneHasher: MD5 of several files side by side', () => {
  it('gives node:crypto’s MD5 at every length around a block, its padding and a read', () => {
    const lengths = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129];
    for (const base of [0, 65_536, 131_072])
      for (const delta of [-65, -64, -63, -1, 0, 1, 63, 64]) lengths.push(base + delta);
    const files = lengths.filter((length) => length >= 0).map((length) => randomBytes(length));
    const outcomes = new Map<number, Outcome>();
    hashAll(files.map((bytes, key) => jobOver(bytes, outcomes, key)));
    files.forEach((bytes, key) =>
      expect(outcomes.get(key), `length ${bytes.length}`).toMatchObject({
        ok: true,
        hashed: { md5: md5(bytes), size: bytes.length },
      }),
    );
  });

  it('agrees with node:crypto for any files, read in any sizes, in any number', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            length: fc.oneof(fc.nat(300), fc.nat(200_000)),
            readLimit: fc.option(fc.integer({ min: 1, max: 70_000 }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 3 * LANES },
        ),
        (specs) => {
          const files = specs.map((spec) => randomBytes(spec.length));
          const outcomes = new Map<number, Outcome>();
          hashAll(
            files.map((bytes, key) =>
              jobOver(bytes, outcomes, key, { readLimit: specs[key]!.readLimit }),
            ),
          );
          files.forEach((bytes, key) => {
            const outcome = outcomes.get(key);
            expect(outcome?.ok && outcome.hashed.md5).toBe(md5(bytes));
            expect(outcome?.ok && outcome.hashed.size).toBe(bytes.length);
          });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reports a failed read on its own file; the files beside it are hashed', () => {
    const files = [300_000, 250_000, 90_000, 400_000, 1_000].map((length) => randomBytes(length));
    const outcomes = new Map<number, Outcome>();
    hashAll(
      files.map((bytes, key) =>
        jobOver(bytes, outcomes, key, key === 1 ? { failAt: 131_072 } : {}),
      ),
    );
    expect(outcomes.get(1)).toMatchObject({ ok: false, error: { code: 'EIO' } });
    for (const key of [0, 2, 3, 4])
      expect(outcomes.get(key)).toMatchObject({ ok: true, hashed: { md5: md5(files[key]!) } });
  });

  it('stops a file that grows past its size limit', () => {
    const outcomes = new Map<number, Outcome>();
    hashAll([jobOver(randomBytes(200_000), outcomes, 0, { maxBytes: 100_000 })]);
    expect(outcomes.get(0)).toMatchObject({ ok: false });
    expect((outcomes.get(0) as { error: unknown }).error).toBeInstanceOf(FileGrewError);
  });

  it('tells a complete JPEG from a truncated one, as hashOpenFile does', () => {
    const body = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      randomBytes(150_000).map((byte) => (byte === 0xff ? 0 : byte)),
    ]);
    const complete = Buffer.concat([body, Buffer.from([0xff, 0xd9]), Buffer.from('trailer')]);
    // An end marker inside the metadata (an embedded thumbnail's) does not make it complete.
    const truncated = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xd9]), body]);
    const outcomes = new Map<number, Outcome>();
    const jobs = [complete, truncated].map((bytes, key) => ({
      ...jobOver(bytes, outcomes, key),
      jpegScanStart: 100,
    }));
    hashAll(jobs);
    expect(outcomes.get(0)).toMatchObject({ ok: true, hashed: { complete: true } });
    expect(outcomes.get(1)).toMatchObject({ ok: true, hashed: { complete: false } });
  });

  it('ends every file in flight on abortAll, each once, and is then free for new files', () => {
    const hasher = laneHasher()!;
    const outcomes = new Map<number, Outcome>();
    const big = randomBytes(300_000);
    for (let key = 0; key < LANES; key += 1) hasher.start(jobOver(big, outcomes, key));
    hasher.step();
    expect(outcomes.size).toBe(0);
    const error = new Error('the batch failed');
    hasher.abortAll(error);
    expect(hasher.busy).toBe(false);
    expect([...outcomes.values()]).toEqual(
      Array.from({ length: LANES }, () => ({ ok: false, error })),
    );
    // A `done` that throws does not keep the other files from ending; its error is rethrown.
    const failing = new Error('a report failed');
    const ended: number[] = [];
    for (let key = 0; key < LANES; key += 1)
      hasher.start({
        ...jobOver(big, new Map(), key),
        done: () => {
          ended.push(key);
          if (key === 1) throw failing;
        },
      });
    hasher.step();
    expect(() => hasher.abortAll(error)).toThrow(failing);
    expect(ended).toEqual([0, 1, 2, 3]);
    expect(hasher.busy).toBe(false);
    const small = randomBytes(1000);
    const after = new Map<number, Outcome>();
    hasher.start(jobOver(small, after, 0));
    hasher.drain();
    expect(after.get(0)).toMatchObject({ ok: true, hashed: { md5: md5(small), size: 1000 } });
  });
});
