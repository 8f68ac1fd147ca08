// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AfterUpload } from '../../shared/domain/after-upload';
import { AfterUploadChoice, folderName } from '../../renderer/features/intake/AfterUploadChoice';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

/** The choice as a batch holds it; the folder dialog answers with `answer` (undefined: cancel). */
function showChoice(answer: string | undefined) {
  const seen: AfterUpload[] = [];
  let dialogs = 0;
  function Holder() {
    const [value, setValue] = useState<AfterUpload>({ kind: 'leave' });
    const change = (next: AfterUpload) => {
      seen.push(next);
      setValue(next);
    };
    const chooseFolder = () => {
      dialogs += 1;
      if (answer !== undefined) change({ kind: 'move', folder: answer });
    };
    return <AfterUploadChoice value={value} onChange={change} onChooseFolder={chooseFolder} />;
  }
  renderWithBridge(<Holder />, fakeBridge({}).bridge);
  return { seen, dialogs: () => dialogs };
}

describe('the batch’s after-upload choice', () => {
  it('leaves the files by default and says so', () => {
    showChoice(undefined);
    expect(screen.getByRole('group', { name: 'After upload' })).toBeTruthy();
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Leave the files where they are' })
        .checked,
    ).toBe(true);
    expect(screen.getByText('Nothing is moved.')).toBeTruthy();
  });

  it('asks for a folder, shows it by name and explains the move', () => {
    const { seen, dialogs } = showChoice('/home/ana/Uploaded photos');
    fireEvent.click(screen.getByRole('radio', { name: 'Move to a folder…' }));
    expect(dialogs()).toBe(1);
    expect(seen).toEqual([{ kind: 'move', folder: '/home/ana/Uploaded photos' }]);
    expect(screen.getByText('Folder: Uploaded photos').getAttribute('title')).toBe(
      '/home/ana/Uploaded photos',
    );
    expect(screen.getByText(/keeping its subfolder/).textContent).toContain(
      'A file changed since it was queued is left in place.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(dialogs()).toBe(2);
  });

  it('keeps the previous choice when the folder dialog is cancelled', () => {
    const { seen, dialogs } = showChoice(undefined);
    fireEvent.click(screen.getByRole('radio', { name: 'Move to a folder…' }));
    expect(dialogs()).toBe(1);
    expect(seen).toEqual([]);
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Leave the files where they are' })
        .checked,
    ).toBe(true);
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
  });

  it('moves to the trash when chosen, never deleting', () => {
    const { seen } = showChoice(undefined);
    fireEvent.click(screen.getByRole('radio', { name: 'Move to the trash' }));
    expect(seen).toEqual([{ kind: 'trash' }]);
    expect(screen.getByText(/goes to the trash \(never deleted\)/)).toBeTruthy();
  });

  it('is one group of radio buttons, so the arrow keys move between the choices', () => {
    showChoice(undefined);
    const names = screen.getAllByRole<HTMLInputElement>('radio').map((radio) => radio.name);
    expect(new Set(names)).toEqual(new Set(['after-upload']));
  });

  it.each([
    ['/home/ana/Done', 'Done'],
    ['C:\\Users\\Ana\\Done\\', 'Done'],
    ['\\\\server\\share\\photos', 'photos'],
    ['/', '/'],
  ])('names %s by its last part', (path, name) => {
    expect(folderName(path)).toBe(name);
  });
});
