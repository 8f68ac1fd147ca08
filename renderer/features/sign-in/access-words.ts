import type { Words } from '../../../shared/i18n/translator';

/** What a granted scope lets the app do: upload and edit, only read, or something else. */
function accessKind(scope: string): 'write' | 'read' | 'other' {
  const granted = new Set(scope.split(/\s+/));
  if (granted.has('write') || granted.has('photos:write')) return 'write';
  if (granted.has('read') || granted.has('photos:read') || granted.has('projects:read'))
    return 'read';
  return 'other';
}

/**
 * The granted scope as a message (`signIn.access`): what this sign-in lets the app do, or the
 * scope itself when it is neither.
 */
export function accessGranted(scope: string): Words {
  return { key: 'signIn.access', values: { access: accessKind(scope), scope } };
}
