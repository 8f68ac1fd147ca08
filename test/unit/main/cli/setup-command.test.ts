import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandFailed, type CliContext } from '../../../../main/cli/cli-context';
import { isYes, setupCommand, type Terminal } from '../../../../main/cli/setup-command';

const office = JSON.stringify({
  photoUploaderSetup: 1,
  settings: { baseUrl: 'https://photos.example.com/api', concurrency: 2 },
  secrets: { clientSecret: 'secret-that-never-shows' },
});

/** The output streams, read back as text. */
function outputs() {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { streams: { stdout, stderr }, stdout: () => out, stderr: () => err };
}

describe('setup FILE', () => {
  let dir: string;
  let file: string;
  let applied: { name: string; text: string }[];
  let opened: number;
  let closed: number;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'setup-command-'));
    file = join(dir, 'office.photouploader');
    await writeFile(file, office);
    applied = [];
    opened = 0;
    closed = 0;
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  /** Opens a stand-in of the data folder whose core applies what it is sent. */
  const open = (refusal?: string) => () => {
    opened += 1;
    const context = {
      call: (_channel: string, input: { name: string; text: string }) => {
        if (refusal !== undefined) return Promise.reject(new CommandFailed(refusal));
        applied.push(input);
        return Promise.resolve({ applied: true, message: 'The setup in “x” was saved.' });
      },
      redactor: { text: (text: string) => text },
      close: () => {
        closed += 1;
        return Promise.resolve();
      },
    };
    return Promise.resolve(context as unknown as CliContext);
  };
  const answering =
    (answer: string): Terminal =>
    (question) => {
      asked.push(question);
      return Promise.resolve(answer);
    };
  let asked: string[] = [];
  beforeEach(() => {
    asked = [];
  });

  it('prints what the file sets, asks at a terminal, and applies it when the answer is yes', async () => {
    const out = outputs();
    const code = await setupCommand(
      { file, yes: false },
      { out: out.streams, terminal: answering('y') },
      open(),
    );
    expect(code).toBe(0);
    expect(out.stdout()).toContain('Send photos and tokens to https://photos.example.com');
    expect(out.stdout()).toContain('Keeps in this computer’s keychain: the client secret');
    expect(out.stdout()).toContain('The setup in “x” was saved.');
    expect(out.stdout() + out.stderr()).not.toContain('secret-that-never-shows');
    expect(asked).toEqual(['Apply this setup? [y/N] ']);
    expect(applied).toEqual([{ name: file, text: office }]);
    expect(closed).toBe(1);
  });

  it('changes nothing when the answer is not yes, and never opens the data folder', async () => {
    const out = outputs();
    const code = await setupCommand(
      { file, yes: false },
      { out: out.streams, terminal: answering('') },
      open(),
    );
    expect(code).toBe(1);
    expect(out.stderr()).toBe('setup: Nothing was changed.\n');
    expect(opened).toBe(0);
  });

  it('without a terminal, asks for --yes; with --yes, asks nothing', async () => {
    const out = outputs();
    expect(await setupCommand({ file, yes: false }, { out: out.streams }, open())).toBe(2);
    expect(out.stderr()).toContain('pass --yes');
    expect(opened).toBe(0);
    expect(await setupCommand({ file, yes: true }, { out: outputs().streams }, open())).toBe(0);
    expect(applied).toHaveLength(1);
  });

  it('refuses a missing argument (2), an invalid file and a refusal of the core (1), each with its sentence', async () => {
    const out = outputs();
    expect(await setupCommand({ file: undefined, yes: true }, { out: out.streams }, open())).toBe(
      2,
    );
    expect(out.stderr()).toContain('setup needs the setup file');
    await writeFile(file, '{"photoUploaderSetup": 1, "settings": {"colour": "blue"}}');
    const invalid = outputs();
    expect(await setupCommand({ file, yes: true }, { out: invalid.streams }, open())).toBe(1);
    expect(invalid.stderr()).toMatch(/^setup: .*"colour".*Nothing was changed\.\n$/);
    expect(opened).toBe(0);
    await writeFile(file, office);
    const managed = outputs();
    expect(
      await setupCommand(
        { file, yes: true },
        { out: managed.streams },
        open('Your organisation manages concurrency, so it cannot be changed here.'),
      ),
    ).toBe(1);
    expect(managed.stderr()).toContain('setup: Your organisation manages concurrency');
    expect(closed).toBe(1);
  });
});

describe('isYes', () => {
  it('takes y and yes in any case, and nothing else', () => {
    expect(['y', 'Y', 'yes', ' YES '].map(isYes)).toEqual([true, true, true, true]);
    expect(['', 'n', 'no', 'yep', 'y es'].map(isYes)).toEqual([false, false, false, false, false]);
  });
});
