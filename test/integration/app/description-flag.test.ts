import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_DESCRIPTION_LENGTH } from '../../../shared/description/description-policy';
import { runCli } from '../../support/upload-harness';

// `--description` on the command line, checked once for `upload`, `describe` and `watch`: a
// too-long one is a usage error (exit 2, one line), and each says when the policy removed
// something. Nothing here needs the service: the flag is checked before anything is sent.

const TOO_LONG = 'x'.repeat(MAX_DESCRIPTION_LENGTH + 1);
const TOO_LONG_WORDS = `The description is too long: at most ${MAX_DESCRIPTION_LENGTH} characters are allowed.`;
const REDUCED_NOTE = 'Note: the description was reduced to the HTML the Photo Service allows.';

let folder: string;
const dataDir = () => mkdtemp(join(tmpdir(), 'description-flag-data-'));

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'description-flag-photos-'));
});

describe('--description on the command line', () => {
  it.each([
    ['watch', () => [folder, '--project', 'p1']],
    ['upload', () => [folder, '--project', 'p1']],
    ['describe', () => ['photo-1']],
  ])(
    '%s: a description longer than the service stores is a one-line usage error (exit 2)',
    async (command, rest) => {
      const run = await runCli([
        command,
        ...rest(),
        '--description',
        TOO_LONG,
        '--data-dir',
        await dataDir(),
      ]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toBe(`${command}: ${TOO_LONG_WORDS}\n`);
    },
    60_000,
  );

  it('watch says the description was reduced, as upload does, and only when something was removed', async () => {
    // Not signed in: the watch ends after its flags were read, with the note already said.
    const reduced = await runCli([
      'watch',
      folder,
      '--project',
      'p1',
      '--description',
      '<span onclick="x()">Slab</span> level 2',
      '--data-dir',
      await dataDir(),
    ]);
    expect(reduced.code).toBe(1);
    expect(reduced.stderr).toContain(REDUCED_NOTE);
    const upload = await runCli([
      'upload',
      folder,
      '--project',
      'p1',
      '--description',
      '<span onclick="x()">Slab</span> level 2',
      '--data-dir',
      await dataDir(),
    ]);
    expect(upload.stderr).toContain(REDUCED_NOTE);

    const kept = await runCli([
      'watch',
      folder,
      '--project',
      'p1',
      '--description',
      'Slab<br>level 2, <a href=" https://example.com/site ">site</a>',
      '--data-dir',
      await dataDir(),
    ]);
    expect(kept.code).toBe(1);
    expect(kept.stderr).not.toContain('reduced');
  }, 90_000);
});
