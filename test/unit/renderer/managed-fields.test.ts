import { describe, expect, it } from 'vitest';
import {
  isManaged,
  managedFields,
  withoutManaged,
} from '../../../renderer/features/settings/managed-fields';

describe('which Settings fields the organisation manages', () => {
  it('names the fields of the settings the policy sets, by the settings’ own names', () => {
    const fields = managedFields(['concurrency', 'authUrl', 'mapTileUrl']);
    expect(isManaged(fields, 'concurrency')).toBe(true);
    expect(isManaged(fields, 'authUrl')).toBe(true);
    expect(isManaged(fields, 'mapTileUrl')).toBe(true);
    expect(isManaged(fields, 'baseUrl')).toBe(false);
    expect(isManaged(fields, 'photoHost')).toBe(false);
  });

  it('manages the upload rate field when the policy sets the bandwidth cap', () => {
    const fields = managedFields(['maxUploadBytesPerSecond']);
    expect(isManaged(fields, 'maxUploadRate')).toBe(true);
    expect(isManaged(fields, 'uploadHours')).toBe(false);
  });

  it('manages every field of the photo storage when the policy sets the photo host', () => {
    const fields = managedFields(['photoHost']);
    expect(isManaged(fields, 'photoHost')).toBe(true);
  });

  it('ignores settings the form does not show (the policy may set more)', () => {
    const fields = managedFields(['pacing', 'maxFileBytes', 'somethingNew']);
    expect(fields.size).toBe(0);
  });

  it('manages nothing without a policy', () => {
    expect(managedFields([]).size).toBe(0);
  });
});

describe('what a Save sends', () => {
  it('leaves out every setting the organisation manages, and keeps the rest', () => {
    const patch = {
      authUrl: 'https://auth.example.com',
      concurrency: 8,
      maxUploadBytesPerSecond: null,
      uploadHours: 'Mon-Fri 18:00-07:00',
      photoHost: undefined,
    };
    expect(withoutManaged(patch, ['concurrency', 'maxUploadBytesPerSecond', 'photoHost'])).toEqual({
      authUrl: 'https://auth.example.com',
      uploadHours: 'Mon-Fri 18:00-07:00',
    });
  });

  it('sends the patch as it is without a policy', () => {
    expect(withoutManaged({ concurrency: 2 }, [])).toEqual({ concurrency: 2 });
  });
});
