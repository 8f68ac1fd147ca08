import { useEffect, useState } from 'react';
import type { WatchFolderView } from '../../../shared/domain/watch-rule';
import { call, useBridge } from '../../bridge/hooks';

/** A watched folder's state in a few words. */
function stateText(folder: WatchFolderView): string {
  const last =
    folder.lastQueuedAt === null
      ? 'nothing queued yet'
      : `last queued ${new Date(folder.lastQueuedAt).toLocaleString()}`;
  switch (folder.state) {
    case 'watching':
      return `Watching; ${last}`;
    case 'missing':
      return `Folder missing: watched again when it comes back; ${last}`;
    case 'starting':
      return 'Starting…';
    case 'off':
      return 'Not watched by this process yet';
  }
}

type RuleForm = {
  perSubfolder: boolean;
  projectId: string;
  description: string;
  tags: string;
  tagsFromFolders: boolean;
  internal: boolean;
};

const emptyForm: RuleForm = {
  perSubfolder: false,
  projectId: '',
  description: '',
  tags: '',
  tagsFromFolders: false,
  internal: false,
};

/** The rule the window sends (never a path: the folder dialog in main gives that). */
function ruleInput(form: RuleForm) {
  return {
    project: form.perSubfolder
      ? { kind: 'per-subfolder' as const }
      : { kind: 'fixed' as const, projectId: form.projectId.trim() },
    description: form.description,
    tags: form.tags.split(',').map((tag) => tag.trim()),
    tagsFromFolders: form.tagsFromFolders,
    internal: form.internal,
  };
}

/**
 * Settings › Watched folders: photos that land in these folders are queued once complete. A
 * folder is added through the system's folder dialog; each has a rule and shows its state.
 */
export function WatchFolders() {
  const bridge = useBridge();
  const [folders, setFolders] = useState<readonly WatchFolderView[]>([]);
  const [form, setForm] = useState<RuleForm>(emptyForm);
  const [message, setMessage] = useState<string>();
  useEffect(() => {
    const stop = bridge.on('watch:changed', setFolders);
    call(bridge, 'watch:list', {})
      .then(setFolders)
      .catch((error: Error) => setMessage(error.message));
    return stop;
  }, [bridge]);
  const add = () => {
    if (!form.perSubfolder && form.projectId.trim() === '') {
      setMessage('Enter the project id, or choose “the project named like each subfolder”.');
      return;
    }
    setMessage(undefined);
    call(bridge, 'watch:add', ruleInput(form))
      .then((result) => {
        setFolders(result.folders);
        if (result.added) setForm(emptyForm);
      })
      .catch((error: Error) => setMessage(error.message));
  };
  const remove = (path: string) => {
    call(bridge, 'watch:remove', { path })
      .then(setFolders)
      .catch((error: Error) => setMessage(error.message));
  };
  const set = <K extends keyof RuleForm>(key: K, value: RuleForm[K]) =>
    setForm((previous) => ({ ...previous, [key]: value }));
  return (
    <fieldset aria-labelledby="watch-heading">
      <legend id="watch-heading">Watched folders</legend>
      <p className="muted">
        New photos in these folders (and their subfolders) are queued once they are complete: their
        size and time unchanged for 5 seconds and the image whole. Each file is queued once.
      </p>
      <ul aria-label="Watched folders">
        {folders.map((folder) => (
          <li key={folder.rule.path}>
            <strong>{folder.rule.path}</strong>{' '}
            {folder.rule.project.kind === 'fixed'
              ? `→ project ${folder.rule.project.projectId}`
              : '→ the project named like each subfolder'}
            {folder.rule.tags.length > 0 ? `, tags: ${folder.rule.tags.join(', ')}` : ''}
            <br />
            <span role="status">{stateText(folder)}</span>
            {folder.queued > 0 ? ` (${folder.queued} queued)` : ''}{' '}
            <button type="button" onClick={() => remove(folder.rule.path)}>
              Stop watching
            </button>
          </li>
        ))}
      </ul>
      <label>
        <input
          type="checkbox"
          checked={form.perSubfolder}
          onChange={(event) => set('perSubfolder', event.target.checked)}
        />{' '}
        The project named like each subfolder
      </label>
      {form.perSubfolder ? null : (
        <label>
          Project id for the watched folder
          <input
            value={form.projectId}
            onChange={(event) => set('projectId', event.target.value)}
          />
        </label>
      )}
      <label>
        Description for its photos
        <input
          value={form.description}
          onChange={(event) => set('description', event.target.value)}
        />
      </label>
      <label>
        Tags (comma-separated)
        <input value={form.tags} onChange={(event) => set('tags', event.target.value)} />
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.tagsFromFolders}
          onChange={(event) => set('tagsFromFolders', event.target.checked)}
        />{' '}
        Add the subfolder names as tags
      </label>
      <label>
        <input
          type="checkbox"
          checked={form.internal}
          onChange={(event) => set('internal', event.target.checked)}
        />{' '}
        Internal photos
      </label>
      <button type="button" onClick={add}>
        Add a watched folder…
      </button>
      {message ? <p role="alert">{message}</p> : null}
    </fieldset>
  );
}
