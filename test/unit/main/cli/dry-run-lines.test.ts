import { describe, expect, it } from 'vitest';
import { type DryRunEntry, dryRunLine, dryRunRecord } from '../../../../main/cli/dry-run-lines';
import { words } from '../../../../shared/i18n/words';

// `upload --dry-run` names each photo's project (issue 26 §2): by name and id where the service
// named it, by id alone where it did not; `--json` says `project_name`, null when unknown.

const send = (projectName?: string): DryRunEntry => ({
  intakeId: 0,
  path: '/card/Level 1/IMG_1.jpg',
  action: 'send',
  projectId: 'p-42',
  ...(projectName === undefined ? {} : { projectName }),
  capturedAt: 1_714_550_400,
  captureRule: 'offset',
  zone: '+02:00',
  captureSource: 'DateTimeOriginal',
  coordinates: null,
  description: '<p>North wall</p>',
  tags: ['Inspection'],
  internal: false,
});

const skip = (projectName?: string): DryRunEntry => ({
  intakeId: 1,
  path: '/card/Level 1/IMG_2.jpg',
  action: 'on-service',
  projectId: 'p-42',
  ...(projectName === undefined ? {} : { projectName }),
  reason: words('reason.intake.alreadyOnService', { photoId: 'ph-9' }),
  photoId: 'ph-9',
});

describe('upload --dry-run lines', () => {
  it('names the project by name and id where the service named it', () => {
    expect(dryRunLine(send('Harbor View Tower'))).toBe(
      'would send: /card/Level 1/IMG_1.jpg: project Harbor View Tower (p-42), captured 2024-05-01T08:00:00Z (offset, +02:00), no position, tags Inspection, description <p>North wall</p>',
    );
    expect(dryRunLine(send())).toContain(': project p-42, captured');
  });

  it('says a name that would break the line in printable form', () => {
    expect(dryRunLine(send('Harbor\nView'))).not.toContain('Harbor\nView');
  });

  it('gives project_name in --json, null when unknown, for photos sent and not', () => {
    expect(dryRunRecord(send('Harbor View Tower'))).toMatchObject({
      project_id: 'p-42',
      project_name: 'Harbor View Tower',
    });
    expect(dryRunRecord(send())).toMatchObject({ project_id: 'p-42', project_name: null });
    expect(dryRunRecord(skip('Harbor View Tower'))).toMatchObject({
      action: 'on-service',
      project_id: 'p-42',
      project_name: 'Harbor View Tower',
      photo_id: 'ph-9',
    });
    expect(dryRunRecord(skip())).toMatchObject({ project_name: null });
  });
});
