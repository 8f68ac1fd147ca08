import { useEffect, useState } from 'react';
import type { WatchFolderView } from '../../../shared/domain/watch-rule';
import { call, useBridge } from '../../bridge/hooks';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';
import { WatchRuleEditor } from './WatchRuleEditor';
import {
  emptyRuleForm,
  type RuleForm,
  ruleFormProblem,
  ruleInput,
  WatchRuleFields,
} from './WatchRuleFields';
import { plural } from '../../../shared/domain/plural';

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

/**
 * Settings › Watched folders: photos that land in these folders are queued once complete. A
 * folder is added through the system's folder dialog; each has a rule and shows its state.
 * `settleSeconds` is the saved settle time, said in the words above the list.
 */
export function WatchFolders({ settleSeconds = 5 }: { readonly settleSeconds?: number }) {
  const bridge = useBridge();
  const [folders, setFolders] = useState<readonly WatchFolderView[]>([]);
  const [form, setForm] = useState<RuleForm>(emptyRuleForm);
  const [message, setMessage] = useState<string>();
  const managed = useManaged('watchFolders');
  /** The folder whose rule is being edited, if any. */
  const [editing, setEditing] = useState<string>();
  useEffect(() => {
    const stop = bridge.on('watch:changed', setFolders);
    call(bridge, 'watch:list', {})
      .then(setFolders)
      .catch((error: Error) => setMessage(error.message));
    return stop;
  }, [bridge]);
  const add = () => {
    const problem = ruleFormProblem(form);
    setMessage(problem);
    if (problem !== undefined) return;
    call(bridge, 'watch:add', ruleInput(form))
      .then((result) => {
        setFolders(result.folders);
        if (result.added) setForm(emptyRuleForm);
      })
      .catch((error: Error) => setMessage(error.message));
  };
  const remove = (path: string) => {
    call(bridge, 'watch:remove', { path })
      .then(setFolders)
      .catch((error: Error) => setMessage(error.message));
  };
  return (
    <fieldset
      disabled={managed.managed}
      aria-describedby={managed.describedBy()}
      aria-labelledby="watch-heading"
    >
      <legend id="watch-heading">Watched folders</legend>
      <ManagedNote field="watchFolders" />
      <p className="muted">
        New photos in these folders (and their subfolders) are queued once they are complete: their
        size and time unchanged for {plural(settleSeconds, { one: '# second', other: '# seconds' })}{' '}
        (the settle time above) and the image whole. Each file is queued once.
      </p>
      <ul aria-label="Watched folders">
        {folders.map((folder) => (
          <li key={folder.rule.path}>
            <strong>{folder.rule.path}</strong>{' '}
            {folder.rule.project.kind === 'fixed'
              ? `→ ${folder.rule.project.projectName ?? `project ${folder.rule.project.projectId}`}`
              : '→ the project named like each subfolder'}
            {folder.rule.tags.length > 0 ? `, tags: ${folder.rule.tags.join(', ')}` : ''}
            <br />
            <span role="status">{stateText(folder)}</span>
            {folder.queued > 0 ? ` (${folder.queued} queued)` : ''}{' '}
            {editing === folder.rule.path ? null : (
              <button
                type="button"
                aria-label={`Edit the rule of ${folder.rule.path}`}
                onClick={() => setEditing(folder.rule.path)}
              >
                Edit
              </button>
            )}{' '}
            <button
              type="button"
              aria-label={`Stop watching ${folder.rule.path}`}
              onClick={() => remove(folder.rule.path)}
            >
              Stop watching
            </button>
            {editing === folder.rule.path ? (
              <WatchRuleEditor
                rule={folder.rule}
                onSaved={(next) => {
                  setFolders(next);
                  setEditing(undefined);
                }}
                onCancel={() => setEditing(undefined)}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <WatchRuleFields form={form} onChange={setForm} />
      <button type="button" onClick={add}>
        Add a watched folder…
      </button>
      {message ? <p role="alert">{message}</p> : null}
    </fieldset>
  );
}
