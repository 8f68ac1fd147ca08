import { useEffect, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import type { WatchFolderView } from '../../../shared/domain/watch-rule';
import type { MessageValues, Words } from '../../../shared/i18n/translator';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { SPACE } from '../../i18n/inline-space';
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

/** When a folder last queued a photo, as the arguments of its state's message. */
function lastQueued(folder: WatchFolderView, intl: IntlShape): MessageValues {
  if (folder.lastQueuedAt === null) return { queued: 'never', at: '' };
  // The date and time as the language writes them, seconds included.
  const at = intl.formatDate(new Date(folder.lastQueuedAt), {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return { queued: 'yes', at };
}

/** A watched folder's state in a few words. */
function stateWords(folder: WatchFolderView, intl: IntlShape): Words {
  switch (folder.state) {
    case 'watching':
      return { key: 'settings.watch.state.watching', values: lastQueued(folder, intl) };
    case 'missing':
      return { key: 'settings.watch.state.missing', values: lastQueued(folder, intl) };
    case 'starting':
      return { key: 'settings.watch.state.starting' };
    case 'off':
      return { key: 'settings.watch.state.off' };
  }
}

/** What a watched folder's rule does: its project, its tags and its preset. */
function ruleWords(folder: WatchFolderView): Words {
  const { project, tags, preset } = folder.rule;
  return {
    key: 'settings.watch.folder.rule',
    values: {
      ...(project.kind !== 'fixed'
        ? { project: 'perSubfolder', name: '', id: '' }
        : project.projectName === undefined
          ? { project: 'byId', name: '', id: project.projectId }
          : { project: 'fixed', name: project.projectName, id: project.projectId }),
      hasTags: tags.length > 0 ? 'yes' : 'no',
      tags: tags.join(', '),
      hasPreset: preset === undefined ? 'no' : 'yes',
      preset: preset ?? '',
    },
  };
}

/**
 * Settings › Watched folders: photos that land in these folders are queued once complete. A
 * folder is added through the system's folder dialog; each has a rule and shows its state.
 * `settleSeconds` is the saved settle time, said in the words above the list.
 */
export function WatchFolders({ settleSeconds = 5 }: { readonly settleSeconds?: number }) {
  const bridge = useBridge();
  const intl = useIntl();
  const t = useT();
  const sayError = useErrorWords();
  const words = useWords();
  const [folders, setFolders] = useState<readonly WatchFolderView[]>([]);
  const [form, setForm] = useState<RuleForm>(emptyRuleForm);
  // The form's own check (words of the catalog), or main's refusal (its own words).
  const [message, setMessage] = useState<Words | string>();
  const managed = useManaged('watchFolders');
  /** The folder whose rule is being edited, if any. */
  const [editing, setEditing] = useState<string>();
  useEffect(() => {
    const stop = bridge.on('watch:changed', setFolders);
    call(bridge, 'watch:list', {})
      .then(setFolders)
      .catch((error: unknown) => setMessage(sayError(error)));
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
      .catch((error: unknown) => setMessage(sayError(error)));
  };
  const remove = (path: string) => {
    call(bridge, 'watch:remove', { path })
      .then(setFolders)
      .catch((error: unknown) => setMessage(sayError(error)));
  };
  return (
    <fieldset
      disabled={managed.managed}
      aria-describedby={managed.describedBy()}
      aria-labelledby="watch-heading"
    >
      <legend id="watch-heading">{t('settings.watch.legend')}</legend>
      <ManagedNote field="watchFolders" />
      <p className="muted">{t('settings.watch.intro', { seconds: settleSeconds })}</p>
      <ul aria-label={t('settings.watch.legend')}>
        {folders.map((folder) => (
          <li key={folder.rule.path}>
            <strong>{folder.rule.path}</strong>
            {SPACE}
            {words(ruleWords(folder))}
            <br />
            <span role="status">{words(stateWords(folder, intl))}</span>
            {folder.problem ? (
              <>
                {SPACE}
                <span role="status" className="field-problem">
                  {t('settings.watch.state.problem')}
                  {SPACE}
                  {words(folder.problem)}
                </span>
              </>
            ) : null}
            {folder.queued > 0 ? (
              <>
                {SPACE}
                {t('settings.watch.folder.queued', { count: folder.queued })}
              </>
            ) : null}
            {SPACE}
            {editing === folder.rule.path ? null : (
              <button
                type="button"
                aria-label={t('settings.watch.folder.editLabel', { path: folder.rule.path })}
                onClick={() => setEditing(folder.rule.path)}
              >
                {t('settings.watch.folder.edit')}
              </button>
            )}
            {SPACE}
            <button
              type="button"
              aria-label={t('settings.watch.folder.stopLabel', { path: folder.rule.path })}
              onClick={() => remove(folder.rule.path)}
            >
              {t('settings.watch.folder.stop')}
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
        {t('settings.watch.add')}
      </button>
      {message ? (
        <p role="alert">{typeof message === 'string' ? message : words(message)}</p>
      ) : null}
    </fieldset>
  );
}
