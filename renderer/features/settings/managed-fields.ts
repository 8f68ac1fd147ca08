/**
 * The Settings form's fields, each with the setting (by the settings' own name, as a policy
 * names it) it edits. The whole photo host is one setting, so its fields are managed together.
 */
export const FIELD_SETTINGS = {
  authUrl: 'authUrl',
  baseUrl: 'baseUrl',
  clientId: 'clientId',
  redirect: 'redirect',
  caFile: 'caFile',
  photoHost: 'photoHost',
  concurrency: 'concurrency',
  assumedZone: 'assumedZone',
  keepOriginals: 'keepOriginals',
  watchSettleSeconds: 'watchSettleSeconds',
  farMeters: 'farMeters',
  maxUploadRate: 'maxUploadBytesPerSecond',
  uploadHours: 'uploadHours',
  pauseOnBattery: 'pauseOnBattery',
  mapTileUrl: 'mapTileUrl',
  cameraOffsets: 'cameraOffsets',
  watchFolders: 'watchFolders',
  quitWithPending: 'quitWithPending',
} as const;

/** A field of the Settings form that a policy may manage. */
export type SettingsField = keyof typeof FIELD_SETTINGS;

/**
 * The form's fields whose settings are in `managed` (`SettingsView.managed`): those are shown
 * read-only with "Set by your organisation". Settings the form does not show are ignored.
 */
export function managedFields(managed: readonly string[]): ReadonlySet<SettingsField> {
  const names = new Set(managed);
  return new Set(
    (Object.keys(FIELD_SETTINGS) as SettingsField[]).filter((field) =>
      names.has(FIELD_SETTINGS[field]),
    ),
  );
}

/** Whether the organisation manages `field`. */
export function isManaged(fields: ReadonlySet<SettingsField>, field: SettingsField): boolean {
  return fields.has(field);
}

/**
 * A Save's settings without those the organisation manages (main would refuse a change to them
 * anyway): the form never sends what it shows read-only.
 */
export function withoutManaged<T extends Readonly<Record<string, unknown>>>(
  patch: T,
  managed: readonly string[],
): Partial<T> {
  const names = new Set(managed);
  return Object.fromEntries(
    Object.entries(patch).filter(([name, value]) => value !== undefined && !names.has(name)),
  ) as Partial<T>;
}
