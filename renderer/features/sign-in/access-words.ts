/** The granted scope in words: what this sign-in lets the app do. */
export function accessWords(scope: string): string {
  const granted = new Set(scope.split(/\s+/));
  const write = granted.has('write') || granted.has('photos:write');
  const read = granted.has('read') || granted.has('photos:read') || granted.has('projects:read');
  return write ? 'may upload and edit photos' : read ? 'may only read' : `access: ${scope}`;
}
