import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { POLICY_REGISTRY_KEY } from '../main/settings/policy-source';
import { POLICY_SETTINGS, type PolicySettingName } from '../main/settings/policy-settings';
import { redirectKinds, settingsSchema } from '../main/settings/settings-store';
import { UPDATE_CHANNELS, UPDATE_MODES } from '../shared/domain/update-settings';

// The Group Policy template of the app's policy (`build/policies/`): an ADMX file and its en-US
// ADML, made from the list of settings a policy may set (`POLICY_SETTINGS`), so the two cannot
// drift apart (a test checks the committed files are what this makes). Run
// `npx tsx build/policy-templates.ts` after changing that list or the words below.

/** Where the templates are committed. */
export const POLICY_TEMPLATE_DIR = join(import.meta.dirname, 'policies');

/** The words Group Policy Management shows for each policy: its title and its explanation. */
const WORDS: Record<PolicySettingName, { readonly title: string; readonly explain: string }> = {
  authUrl: {
    title: 'Sign-in server address',
    explain:
      'The address of the Photo Service’s sign-in server (OAuth), e.g. https://sso.example.com. https only.',
  },
  baseUrl: {
    title: 'Photo Service address',
    explain: 'The address of the Photo Service’s API, e.g. https://photos.example.com. https only.',
  },
  clientId: {
    title: 'Client id',
    explain: 'The client id the Photo Service registered for the app.',
  },
  scope: {
    title: 'Sign-in scope',
    explain: 'The scopes asked for at sign-in, separated by spaces (default: the service’s own).',
  },
  redirect: {
    title: 'How the sign-in comes back',
    explain:
      'custom-scheme: the app’s own link (com.photouploader.app:/oauth/callback); loopback: a listener on this computer.',
  },
  redirectScheme: {
    title: 'Sign-in link scheme',
    explain:
      'The app’s private link scheme for the sign-in, a reverse-DNS name such as com.example.app.',
  },
  caFile: {
    title: 'Company certificate authorities',
    explain:
      'The full path of a PEM file of extra certificate authorities to trust (a company’s), besides the system’s.',
  },
  photoHost: {
    title: 'Photo storage',
    explain:
      'Where photos are put for the service to fetch, as JSON text. An S3 bucket: {"kind":"s3","endpoint":"https://s3.example.com","region":"eu-west-1","bucket":"photos","prefix":"uploads/","pathStyle":false}. A published folder: {"kind":"published","root":"D:\\\\Photos","urlPrefix":"https://files.example.com/photos/"}. The keys are never part of a policy: each person enters them (or the setup file carries them).',
  },
  concurrency: { title: 'Uploads at once', explain: 'How many photos are worked on at once.' },
  maxFileBytes: {
    title: 'Largest photo file (bytes)',
    explain: 'Larger files are refused with a reason (default 500 MiB).',
  },
  pacing: {
    title: 'Pace of requests to the service',
    explain:
      'The service’s rate limits as JSON text: {"writesPerWindow":100,"readsPerWindow":240,"windowMs":60000}.',
  },
  keepOriginals: {
    title: 'Send HEIC and TIFF photos unchanged',
    explain:
      'Enabled: HEIC/HEIF and TIFF photos are sent as they are. Disabled: converted to JPEG.',
  },
  watchSettleSeconds: {
    title: 'Watched folders: seconds a file must hold still',
    explain: 'How long a new file in a watched folder must stay unchanged before it is taken in.',
  },
  assumedZone: {
    title: 'Default time zone',
    explain: 'The zone assumed for photos nothing else places, e.g. Europe/Berlin.',
  },
  farMeters: {
    title: 'Far-photo distance (metres)',
    explain: 'A photo farther than this from its project is flagged as far.',
  },
  maxUploadBytesPerSecond: {
    title: 'Upload rate cap (bytes per second)',
    explain: 'The most bytes a second sent to the photo storage, all uploads together.',
  },
  uploadHours: {
    title: 'Upload hours',
    explain: 'Send only in these hours, in the computer’s zone, e.g. "Mon-Fri 18:00-07:00".',
  },
  pauseOnBattery: {
    title: 'Pause uploads on battery',
    explain: 'Enabled: the app pauses sending while the computer runs on battery.',
  },
  mapTileUrl: {
    title: 'Map tile address',
    explain:
      'The map’s tile address template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png.',
  },
  updates: {
    title: 'Updates',
    explain:
      'auto (the default): the app looks for a new version at start and every 6 hours, downloads it in the background and installs it when it quits. notify: it looks and tells, and downloads only when the person asks. off: it never looks.',
  },
  updateChannel: {
    title: 'Update channel',
    explain: 'latest (the default): released versions only. beta: pre-releases too.',
  },
  updateUrl: {
    title: 'Update feed address',
    explain:
      'The base address of the organisation’s own update feed (the files latest.yml, latest-mac.yml and latest-linux.yml of a release and the installers they name), e.g. https://updates.example.com/photo-uploader/. https only. Not set: the app’s public releases.',
  },
  descriptionTemplates: {
    title: 'Office description templates',
    explain:
      'Description templates offered by name, as JSON text: [{"name":"Site visit","template":"<p>{folder}, {date} {time}</p>"}]. Tokens: {folder} {path} {file} {date} {time} {camera} {project} {tags}; an unknown token is refused. Offered beside each person’s own templates, read-only; on a name clash the office’s wins. At most 100.',
  },
  presets: {
    title: 'Office presets',
    explain:
      'Presets offered by name, as JSON text: [{"name":"Level 3 walk","projectId":"p-123","tags":["walk"],"descriptionTemplate":"<p>{folder} {date}</p>","internal":false,"afterUpload":{"kind":"move","folder":"D:\\\\Uploaded"}}]. Every field but the name may be left out; afterUpload is {"kind":"leave"}, {"kind":"trash"} or a move to an absolute folder. Offered beside each person’s own presets, read-only; on a name clash the office’s wins. At most 100.',
  },
};

/** The settings a policy chooses from a list, and their choices (a drop-down list in the editor). */
const CHOICES: Partial<Record<PolicySettingName, readonly string[]>> = {
  redirect: redirectKinds,
  updates: UPDATE_MODES,
  updateChannel: UPDATE_CHANNELS,
};

/** The id of one choice's words in the ADML file (`redirect_custom_scheme`). */
const choiceId = (name: PolicySettingName, value: string): string =>
  `${name}_${value.replace('-', '_')}`;

/** The numeric range the settings' schema allows for `name` (at least 1: every count is positive). */
function numberRange(name: PolicySettingName): { min: number; max: number } {
  let type: z.ZodType = settingsSchema.shape[name];
  while (type instanceof z.ZodOptional || type instanceof z.ZodNullable) {
    const inner: unknown = type.unwrap();
    if (!(inner instanceof z.ZodType)) break;
    type = inner;
  }
  if (!(type instanceof z.ZodNumber)) throw new Error(`${name} is not a number setting`);
  return {
    min: Math.max(1, type.minValue ?? 1),
    max: Math.min(Number.MAX_SAFE_INTEGER, type.maxValue ?? Number.MAX_SAFE_INTEGER),
  };
}

/** Text escaped for XML content and attributes. */
function xml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** The value element of one policy: what it writes under the key, and as which type. */
function policyBody(name: PolicySettingName): string {
  const kind = POLICY_SETTINGS[name];
  if (kind === 'boolean')
    return [
      '      <enabledValue><decimal value="1" /></enabledValue>',
      '      <disabledValue><decimal value="0" /></disabledValue>',
    ].join('\n');
  const choices = CHOICES[name];
  if (choices !== undefined)
    return [
      '      <elements>',
      `        <enum id="${name}" valueName="${name}" required="true">`,
      ...choices.map(
        (value) =>
          `          <item displayName="$(string.${choiceId(name, value)})"><value><string>${value}</string></value></item>`,
      ),
      '        </enum>',
      '      </elements>',
    ].join('\n');
  if (kind === 'number') {
    const { min, max } = numberRange(name);
    return [
      '      <elements>',
      `        <longDecimal id="${name}" valueName="${name}" required="true" minValue="${min}" maxValue="${max}" />`,
      '      </elements>',
    ].join('\n');
  }
  return [
    '      <elements>',
    `        <text id="${name}" valueName="${name}" required="true" maxLength="${kind === 'json' ? 4096 : 2048}" />`,
    '      </elements>',
  ].join('\n');
}

const NAMES = Object.keys(POLICY_SETTINGS).filter((name): name is PolicySettingName =>
  Object.hasOwn(POLICY_SETTINGS, name),
);

/** The ADMX file: one policy per setting, written under `HKLM` or `HKCU\Software\Policies\PhotoUploader`. */
export function admxTemplate(): string {
  const policies = NAMES.map((name) => {
    const boolean = POLICY_SETTINGS[name] === 'boolean';
    const attributes = [
      `name="${name}"`,
      'class="Both"',
      `displayName="$(string.${name})"`,
      `explainText="$(string.${name}_Explain)"`,
      `key="${POLICY_REGISTRY_KEY}"`,
      // A boolean is the policy's own value (Enabled 1, Disabled 0); the others have an element.
      boolean ? `valueName="${name}"` : `presentation="$(presentation.${name})"`,
    ];
    return [
      `    <policy ${attributes.join(' ')}>`,
      '      <parentCategory ref="PhotoUploader" />',
      '      <supportedOn ref="SUPPORTED_PhotoUploader" />',
      policyBody(name),
      '    </policy>',
    ].join('\n');
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<!-- Made by build/policy-templates.ts from main/settings/policy-settings.ts: do not edit by hand. -->
<policyDefinitions xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <policyNamespaces>
    <target prefix="photouploader" namespace="PhotoUploader.Policies" />
  </policyNamespaces>
  <resources minRequiredRevision="1.0" />
  <supportedOn>
    <definitions>
      <definition name="SUPPORTED_PhotoUploader" displayName="$(string.SUPPORTED_PhotoUploader)" />
    </definitions>
  </supportedOn>
  <categories>
    <category name="PhotoUploader" displayName="$(string.Category_PhotoUploader)" />
  </categories>
  <policies>
${policies.join('\n')}
  </policies>
</policyDefinitions>
`;
}

/** The presentation (the edit box) of a policy that carries a value. */
function presentation(name: PolicySettingName): string | undefined {
  const kind = POLICY_SETTINGS[name];
  const label = xml(WORDS[name].title);
  if (kind === 'boolean') return undefined;
  const control =
    CHOICES[name] !== undefined
      ? `<dropdownList refId="${name}" noSort="true">${label}</dropdownList>`
      : kind === 'number'
        ? `<longDecimalTextBox refId="${name}">${label}</longDecimalTextBox>`
        : `<textBox refId="${name}"><label>${label}</label></textBox>`;
  return `      <presentation id="${name}">${control}</presentation>`;
}

/**
 * The registry value each kind of policy is, said in its help: the app reads exactly these types
 * (`@vscode/policy-watcher`), and one of another type invalidates the whole policy.
 */
const VALUE_TYPE: Record<(typeof POLICY_SETTINGS)[PolicySettingName], string> = {
  string: 'The value is a REG_SZ (text).',
  json: 'The value is a REG_SZ: JSON text.',
  number: 'The value is a REG_QWORD (what this box writes); a REG_DWORD is not a number here.',
  boolean: 'Enabled writes the REG_DWORD 1, Disabled the REG_DWORD 0.',
};

/** The en-US ADML file: the words of the ADMX file. */
export function admlTemplate(): string {
  const strings = [
    '      <string id="Category_PhotoUploader">Photo Uploader</string>',
    '      <string id="SUPPORTED_PhotoUploader">Photo Uploader 0.1 and later</string>',
    ...NAMES.flatMap((name) => [
      `      <string id="${name}">${xml(WORDS[name].title)}</string>`,
      `      <string id="${name}_Explain">${xml(`${WORDS[name].explain}\n\n${VALUE_TYPE[POLICY_SETTINGS[name]]} Should the value be of another type, none of the policy is used until it is corrected.\n\nThe setting "${name}" of Photo Uploader. Set here, it is managed: people cannot change it in the app or on the command line.`)}</string>`,
    ]),
    ...NAMES.flatMap((name) =>
      (CHOICES[name] ?? []).map(
        (value) => `      <string id="${choiceId(name, value)}">${value}</string>`,
      ),
    ),
  ];
  const presentations = NAMES.map(presentation).filter((line) => line !== undefined);
  return `<?xml version="1.0" encoding="utf-8"?>
<!-- Made by build/policy-templates.ts from main/settings/policy-settings.ts: do not edit by hand. -->
<policyDefinitionResources xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" revision="1.0" schemaVersion="1.0" xmlns="http://schemas.microsoft.com/GroupPolicy/2006/07/PolicyDefinitions">
  <displayName>Photo Uploader</displayName>
  <description>Settings of Photo Uploader that an organisation manages.</description>
  <resources>
    <stringTable>
${strings.join('\n')}
    </stringTable>
    <presentationTable>
${presentations.join('\n')}
    </presentationTable>
  </resources>
</policyDefinitionResources>
`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(join(POLICY_TEMPLATE_DIR, 'PhotoUploader.admx'), admxTemplate());
  await writeFile(join(POLICY_TEMPLATE_DIR, 'en-US', 'PhotoUploader.adml'), admlTemplate());
}
