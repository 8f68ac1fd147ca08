import { useEffect, useId, useState } from 'react';
import type { ProjectView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { projectIdFromReference } from './project-reference';

/**
 * Chooses a project: search by name or address (the service's project list), pick a recent one,
 * or paste an id or a link to the project.
 */
export function ProjectPicker({
  project,
  onChange,
}: {
  readonly project: ProjectView | undefined;
  readonly onChange: (project: ProjectView | undefined) => void;
}) {
  const bridge = useBridge();
  const inputId = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<readonly ProjectView[]>([]);
  const [recent, setRecent] = useState<readonly ProjectView[]>([]);
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    call(bridge, 'projects:recent', {})
      .then(setRecent)
      .catch(() => setRecent([]));
  }, [bridge, project]);

  useEffect(() => {
    if (query.trim() === '') {
      setFound([]);
      return;
    }
    const timer = setTimeout(() => {
      call(bridge, 'projects:search', { query: query.trim() })
        .then((projects) => {
          setFound(projects);
          setMessage(projects.length === 0 ? 'No project matches.' : undefined);
        })
        .catch((error: Error) => setMessage(error.message));
    }, 250);
    return () => clearTimeout(timer);
  }, [bridge, query]);

  if (project !== undefined)
    return (
      <div className="project-chosen">
        <span>
          Project: <strong>{project.name}</strong>
          {project.address ? <span className="muted"> · {project.address}</span> : null}
        </span>
        <button type="button" onClick={() => onChange(undefined)}>
          Change project
        </button>
      </div>
    );

  const pastedId = projectIdFromReference(query);
  const choices = query.trim() === '' ? recent : found;
  return (
    <div className="project-picker">
      <label htmlFor={inputId}>Project: search by name or address, or paste its id or link</label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      {message ? <p role="status">{message}</p> : null}
      {query.trim() === '' && recent.length > 0 ? <p className="muted">Recent projects</p> : null}
      <ul className="project-choices" aria-label="Projects">
        {pastedId !== undefined && !found.some((choice) => choice.id === pastedId) ? (
          <li>
            <button
              type="button"
              onClick={() =>
                onChange({
                  id: pastedId,
                  name: `Project ${pastedId}`,
                  address: '',
                  photoCount: undefined,
                })
              }
            >
              Use project id {pastedId}
            </button>
          </li>
        ) : null}
        {choices.map((choice) => (
          <li key={choice.id}>
            <button type="button" onClick={() => onChange(choice)}>
              <strong>{choice.name}</strong>
              {choice.address ? <span className="muted"> · {choice.address}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
