// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SubfolderProjects } from '../../renderer/features/intake/SubfolderProjects';
import { type SubfolderChoice, suggestion } from '../../renderer/features/intake/subfolder-choices';
import type { ProjectView } from '../../shared/ipc/views';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 22 §6: a subfolder named like an archived project is never matched silently: the plan
// review says the project is archived, and it is used only once the user confirms that.

const DEPOT: ProjectView = {
  id: 'd1',
  name: 'Eastbay Depot (closed)',
  address: '',
  photoCount: undefined,
  archived: true,
};
const HARBOR: ProjectView = {
  id: 'h1',
  name: 'Harbor View Tower',
  address: '',
  photoCount: undefined,
};

describe('a subfolder named like an archived project', () => {
  it('is suggested as archived, and confirmed only by a button that says so', () => {
    const choice = suggestion('Eastbay Depot (closed)', [DEPOT]);
    const chosen: [string, SubfolderChoice][] = [];
    renderWithBridge(
      <SubfolderProjects
        subfolders={['Eastbay Depot (closed)']}
        choices={new Map([['Eastbay Depot (closed)', choice]])}
        onChoose={(subfolder, next) => chosen.push([subfolder, next])}
        perSubfolder
        onPerSubfolderChange={() => undefined}
      />,
      fakeBridge({}).bridge,
    );
    const row = screen.getByRole('listitem', { name: 'Folder Eastbay Depot (closed)' });
    expect(row.textContent).toContain('is archived');
    expect(
      screen.queryByRole('button', {
        name: 'Confirm Eastbay Depot (closed) for Eastbay Depot (closed)',
      }),
    ).toBeNull();
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Upload to the archived project Eastbay Depot (closed) for Eastbay Depot (closed)',
      }),
    );
    expect(chosen).toEqual([['Eastbay Depot (closed)', { kind: 'chosen', project: DEPOT }]]);
  });

  it('is never the suggestion when the search only matched it loosely', () => {
    expect(suggestion('Eastbay', [DEPOT, HARBOR])).toEqual({ kind: 'suggested', project: HARBOR });
    expect(suggestion('Eastbay', [DEPOT])).toMatchObject({ kind: 'none' });
  });
});
