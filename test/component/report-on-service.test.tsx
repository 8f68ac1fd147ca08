// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { IpcResults } from '../../shared/ipc/contract';
import { intakeItemView } from '../fakes/intake-item-view';
import { settingsViewFixture } from '../support/settings-view-fixture';
import { useJsdomLayout } from './jsdom-layout';
import { renderIntakeScreen } from './render-intake-screen';
import { fakeBridge } from './render-with-bridge';

afterEach(cleanup);
useJsdomLayout({ width: 800, height: 600 });

// Issue 22 §6: a photo the project already has is left out of the upload, and still has its
// line in the report: the window hands it to main with the service's photo id.

describe('a photo already on the service, in Add photos', () => {
  it('is left out of the upload and handed to main for the report', async () => {
    const queued: IpcResults['queue:add-photos'] = {
      added: 1,
      alreadyQueued: 0,
      addedIntakeIds: [1],
      skipped: [],
    };
    const { bridge, calls } = fakeBridge({
      'projects:recent': [
        { id: 'harbor', name: 'Harbor View Tower', address: '', photoCount: undefined },
      ],
      'settings:get': settingsViewFixture(),
      'photos:find-copies': {
        copies: [{ intakeId: 2, photoId: 'p-9', projectId: 'harbor', inChosenProject: true }],
      },
      'queue:add-photos': queued,
    });
    renderIntakeScreen([intakeItemView(1), intakeItemView(2)], bridge, { done: true });
    fireEvent.click(await screen.findByRole('button', { name: /Harbor View Tower/ }));
    const upload = await screen.findByRole('button', {
      name: 'Upload 1 photo to Harbor View Tower',
    });
    fireEvent.click(upload);
    const sent = () => calls.filter((entry) => entry.channel === 'queue:add-photos');
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.input).toMatchObject({
      intakeIds: [1, 2],
      projectId: 'harbor',
      onService: [{ intakeId: 2, photoId: 'p-9' }],
    });
  });
});
