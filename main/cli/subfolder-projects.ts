import type { ProjectView } from '../../shared/ipc/views';
import type { CliContext } from './cli-context';

/** Pages through the service's projects at most this far (50 a page: 50,000 projects). */
const MAX_PAGES = 1000;

/**
 * Every project this user sees, through `projects:search` with an empty query, page after page
 * until a page comes back empty: a subfolder is only "unmatched" after all were compared.
 */
export async function allProjects(context: CliContext): Promise<ProjectView[]> {
  const projects: ProjectView[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const found = await context.call('projects:search', { query: '', page });
    if (found.length === 0) break;
    projects.push(...found);
  }
  return projects;
}
