import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import type { ProjectCheckView } from '../../shared/ipc/views';
import { printable } from '../../shared/domain/printable-text';
import { ApiError } from '../api/api-errors';
import type { PhotoServiceClient } from '../api/photo-service-client';
import { isArchived } from './views';

// Issue 22 §6: `upload --project ID` and `watch --project ID` were accepted whatever the id, and
// every photo failed later, one by one. The project is checked once, before anything is queued.

const PAGE_SIZE = 100;
/** A service that ignores `page` would page forever. */
const MAX_PAGES = 1000;

/** What the check allows: an archived project only when the user confirmed it. */
export type ProjectCheckChoices = { readonly includeArchived: boolean };

/** The check's answer, less `unchecked` (which the caller decides from the error thrown). */
export type ProjectChecked = Exclude<ProjectCheckView, { kind: 'unchecked' }>;

/**
 * Whether photos may go to `projectId`: looked for in the project listing (every page: its name
 * and whether it is archived); one the listing leaves out is told apart by asking for one of its
 * photos (404: no such project; 403: this account may not use it; an answer: usable).
 * @throws what the client throws otherwise (offline, signed out, busy): the check could not be made.
 */
export async function checkProject(
  service: Pick<PhotoServiceClient, 'projectsPage' | 'projectPhotosPage'>,
  projectId: string,
  choices: ProjectCheckChoices,
  signal?: AbortSignal,
): Promise<ProjectChecked> {
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = await service.projectsPage({ query: '', page, perPage: PAGE_SIZE }, signal);
    const found = answer.items.find((project) => project.id === projectId);
    if (found !== undefined) {
      const name = found.name ?? undefined;
      return isArchived(found) && !choices.includeArchived
        ? { kind: 'refused', code: 'archived', name }
        : { kind: 'ok', name };
    }
    if (answer.rawLength < PAGE_SIZE) break;
  }
  try {
    await service.projectPhotosPage(projectId, { page: 1, perPage: 1 }, signal);
    return { kind: 'ok', name: undefined };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { kind: 'refused', code: 'unknown' };
    if (error instanceof ApiError && error.status === 403)
      return { kind: 'refused', code: 'no-access' };
    throw error;
  }
}

/**
 * A check's answer in one sentence for the command line and Settings (`ok` has none: empty).
 * Not checked (offline, signed out) is no refusal: the photos are queued, and the queue checks
 * each one before it is uploaded, as it always does.
 */
export function projectCheckWords(check: ProjectCheckView, projectId: string): string {
  const id = printable(projectId);
  switch (check.kind) {
    case 'ok':
      return '';
    case 'unchecked':
      return `Could not check the project "${id}" now (${check.reason}); its photos are queued, and each is checked when it is uploaded.`;
    case 'refused':
      return englishFor(projectRefusal(check, projectId));
  }
}

/** Why the project of a refused check cannot take photos, in words for any language. */
export function projectRefusal(
  check: Extract<ProjectCheckView, { kind: 'refused' }>,
  projectId: string,
): Words {
  const id = printable(projectId);
  switch (check.code) {
    case 'unknown':
      return words('error.project.unknown', { id });
    case 'no-access':
      return words('error.project.noAccess', { id });
    case 'archived':
      return words('error.project.archived', { id, name: printable(check.name ?? projectId) });
  }
}
