import { type ReactNode, useEffect, useId, useState } from 'react';
import type { ProjectView } from '../../../shared/ipc/views';
import { FormattedMessage } from 'react-intl';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { projectIdFromReference } from './project-reference';

/** Between a project's name and its address (punctuation, not a word). */
const SEPARATOR = ' · ';

/** A project's name in bold, inside a message. */
const bold = (chunks: ReactNode[]) => <strong>{chunks}</strong>;

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
  const t = useT();
  const sayError = useErrorWords();
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
          setMessage(projects.length === 0 ? t('batch.project.noMatch') : undefined);
        })
        .catch((error: unknown) => setMessage(sayError(error)));
    }, 250);
    return () => clearTimeout(timer);
  }, [bridge, query, t]);

  if (project !== undefined)
    return (
      <div className="project-chosen">
        <span>
          <FormattedMessage id="batch.project.chosen" values={{ name: project.name, b: bold }} />
          {project.address ? (
            <span className="muted">
              {SEPARATOR}
              {project.address}
            </span>
          ) : null}
        </span>
        <button type="button" onClick={() => onChange(undefined)}>
          {t('batch.project.change')}
        </button>
      </div>
    );

  const pastedId = projectIdFromReference(query);
  const choices = query.trim() === '' ? recent : found;
  return (
    <div className="project-picker">
      <label htmlFor={inputId}>{t('batch.project.search')}</label>
      <input
        id={inputId}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        autoComplete="off"
      />
      {message ? <p role="status">{message}</p> : null}
      {query.trim() === '' && recent.length > 0 ? (
        <p className="muted">{t('batch.project.recent')}</p>
      ) : null}
      <ul className="project-choices" aria-label={t('batch.project.list')}>
        {pastedId !== undefined && !found.some((choice) => choice.id === pastedId) ? (
          <li>
            <button
              type="button"
              onClick={() =>
                onChange({
                  id: pastedId,
                  name: t('batch.project.pastedName', { id: pastedId }),
                  address: '',
                  photoCount: undefined,
                })
              }
            >
              {t('batch.project.useId', { id: pastedId })}
            </button>
          </li>
        ) : null}
        {choices.map((choice) => (
          <li key={choice.id}>
            <button type="button" onClick={() => onChange(choice)}>
              <strong>{choice.name}</strong>
              {choice.address ? (
                <span className="muted">
                  {SEPARATOR}
                  {choice.address}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
