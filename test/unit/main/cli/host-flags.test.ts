import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../main/cli/cli-context';
import { editedHostFromFlags, hostSettingsFromFlags } from '../../../../main/cli/host-flags';
import type { S3HostView } from '../../../../shared/ipc/views';

const office: S3HostView = {
  kind: 's3',
  endpoint: 'https://s3.example.com',
  region: 'eu-west-1',
  bucket: 'site-photos',
  prefix: 'office/',
  pathStyle: true,
  hasKeys: false,
  profile: 'office',
};

describe('photo host flags without --host', () => {
  it('change the host in effect: --s3-bucket alone is that host with another bucket', () => {
    expect(editedHostFromFlags({ 's3-bucket': 'other' }, office)).toEqual({
      kind: 's3',
      endpoint: 'https://s3.example.com',
      region: 'eu-west-1',
      bucket: 'other',
      prefix: 'office/',
      pathStyle: true,
      profile: 'office',
    });
    expect(
      editedHostFromFlags(
        { 's3-region': 'us-east-1', 's3-profile': 'backup' },
        { ...office, profile: undefined, endpoint: undefined },
      ),
    ).toEqual({
      kind: 's3',
      region: 'us-east-1',
      bucket: 'site-photos',
      prefix: 'office/',
      pathStyle: true,
      profile: 'backup',
    });
    expect(
      editedHostFromFlags(
        { 'published-url': 'https://files.example.com/new/' },
        { kind: 'published', root: '/srv/photos', urlPrefix: 'https://files.example.com/' },
      ),
    ).toEqual({
      kind: 'published',
      root: '/srv/photos',
      urlPrefix: 'https://files.example.com/new/',
    });
  });

  it('are nothing when none is given, or when --host gives the whole host', () => {
    expect(editedHostFromFlags({}, office)).toBeUndefined();
    expect(editedHostFromFlags({ host: 's3', 's3-bucket': 'other' }, office)).toBeUndefined();
  });

  it('are refused, saying what to pass, when no host of their kind is in effect', () => {
    expect(() => editedHostFromFlags({ 's3-bucket': 'other' }, undefined)).toThrow(
      new UsageError(
        '--s3-bucket changes the S3 photo host, and none is set up: pass --host s3 with --s3-region and --s3-bucket',
      ),
    );
    expect(() =>
      editedHostFromFlags(
        { 'published-root': '/srv', 's3-prefix': 'x/' },
        { kind: 'published', root: '/srv/photos', urlPrefix: 'https://files.example.com/' },
      ),
    ).toThrow(/^--s3-prefix and --published-root are for different photo hosts/);
  });

  it('check a profile name before anything is opened, and keep --s3-profile off a published host', () => {
    expect(() => hostSettingsFromFlags({ 's3-profile': 'no good' })).toThrow(/--s3-profile/);
    expect(() =>
      hostSettingsFromFlags({
        host: 'published',
        'published-root': '/srv',
        'published-url': 'https://files.example.com/',
        's3-profile': 'office',
      }),
    ).toThrow(
      new UsageError('--s3-profile goes with --host s3 (and its --s3-region and --s3-bucket)'),
    );
  });
});
