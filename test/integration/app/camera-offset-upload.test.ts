import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainJpeg, writeTags } from '../../support/exiftool';
import { admin, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { runCli } from '../../support/upload-harness';

const needsKeychainAndExiftool = needs('gnome-keyring', 'exiftool');

const utc = (iso: string) => Date.parse(iso) / 1000;

/** A Canon photo (clock 1 h 3 min behind) taken at `wall`, in a folder of its own. */
async function canonPhoto(root: string, name: string, wall: string, seed: number) {
  const folder = join(root, name);
  await mkdir(folder);
  const file = join(folder, `${name}.jpg`);
  await plainJpeg(file, seed);
  await writeTags(file, { Make: 'Canon', Model: 'Canon EOS 5D', DateTimeOriginal: wall });
  return folder;
}

describe.skipIf(needsKeychainAndExiftool.skip)(
  needsKeychainAndExiftool.title('upload --camera-offset'),
  () => {
    let service: TestService;
    let dataDir: string;
    let env: NodeJS.ProcessEnv;
    let root: string;
    let cli: SignedInCli;

    beforeAll(async () => {
      cli = await startSignedInCli('camera-offset-upload');
      ({ service, dataDir, env, folder: root } = cli);
    }, 120_000);

    afterAll(() => cli?.close());

    it('sends the corrected time, and remembers the offset for the next upload', async () => {
      const project = service.info.projects[0]!.id;
      const upload = (folder: string, ...flags: string[]) =>
        runCli(
          [
            'upload',
            folder,
            '--project',
            project,
            '--zone',
            'UTC',
            '--data-dir',
            dataDir,
            ...flags,
          ],
          env,
        );
      const first = await upload(
        await canonPhoto(root, 'first', '2024:05:01 10:00:00', 1),
        '--camera-offset',
        'Canon EOS 5D=1 h 3 min behind',
      );
      expect(first.code, first.stderr).toBe(0);
      const second = await upload(await canonPhoto(root, 'second', '2024:05:02 23:30:00', 2));
      expect(second.code, second.stderr).toBe(0);
      const times = (await admin.state(service.info)).photos
        .map((photo) => photo.captured_at)
        .sort();
      expect(times).toEqual([utc('2024-05-01T11:03:00Z'), utc('2024-05-03T00:33:00Z')]);
    }, 120_000);
  },
);
