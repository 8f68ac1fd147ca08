import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The release workflow's signing decision (`.github/workflows/release.yml`): which of the
 * repository's signing secrets this runner's packages use, what electron-builder is told, and
 * what the run says about it. Every secret is optional: with none, the packages are built
 * unsigned and the run says so (a warning on the run, a line in its summary).
 */

/** The secrets the release reads (empty or missing when the repository has not set them). */
export const SIGNING_SECRETS = [
  'CSC_LINK',
  'CSC_KEY_PASSWORD',
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
  'WIN_CSC_LINK',
  'WIN_CSC_KEY_PASSWORD',
] as const;

/** A secret's name. */
export type SigningSecret = (typeof SIGNING_SECRETS)[number];

/** What one release runner does about signing. */
export type SigningPlan = {
  /** The variables the build step gets: the secrets it uses and electron-builder's switches. */
  readonly env: Readonly<Record<string, string>>;
  /** Said on the run as `::warning::` (a package that is not signed or not notarized). */
  readonly warnings: readonly string[];
  /** One line for the run's summary: what this runner's packages are. */
  readonly summary: string;
};

/** Which secrets are set (a secret the repository lacks reads as an empty string in Actions). */
function present(env: NodeJS.ProcessEnv, names: readonly SigningSecret[]): SigningSecret[] {
  return names.filter((name) => (env[name] ?? '').trim() !== '');
}

/** The given secrets' values, as the build step's variables. */
function pass(env: NodeJS.ProcessEnv, names: readonly SigningSecret[]): Record<string, string> {
  return Object.fromEntries(present(env, names).map((name) => [name, env[name] ?? '']));
}

const NOTARIZATION: readonly SigningSecret[] = [
  'APPLE_ID',
  'APPLE_APP_SPECIFIC_PASSWORD',
  'APPLE_TEAM_ID',
];

/**
 * macOS: signed with `CSC_LINK` (a base64 .p12 or its https address) and `CSC_KEY_PASSWORD`;
 * notarized when the three Apple secrets are set too. Without a certificate, identity discovery
 * is off (a runner's keychain holds no certificate of ours, and an unsigned app cannot be
 * notarized, so the Apple secrets are not passed).
 */
function macPlan(env: NodeJS.ProcessEnv): SigningPlan {
  if (present(env, ['CSC_LINK']).length === 0) {
    return {
      env: { CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
      warnings: [
        'macOS packages are NOT signed or notarized: CSC_LINK is not set. Gatekeeper will refuse to open them, and macOS cannot update an unsigned app. Set CSC_LINK, CSC_KEY_PASSWORD, APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID in the repository secrets.',
      ],
      summary: 'macOS: unsigned and not notarized (CSC_LINK is not set).',
    };
  }
  const apple = present(env, NOTARIZATION);
  const signing = pass(env, ['CSC_LINK', 'CSC_KEY_PASSWORD']);
  if (apple.length < NOTARIZATION.length) {
    const missing = NOTARIZATION.filter((name) => !apple.includes(name)).join(', ');
    return {
      env: signing,
      warnings: [
        `macOS packages are signed but NOT notarized: ${missing} not set. Gatekeeper will warn before opening them.`,
      ],
      summary: `macOS: signed, not notarized (${missing} not set).`,
    };
  }
  return {
    env: { ...signing, ...pass(env, NOTARIZATION) },
    warnings: [],
    summary: 'macOS: signed and notarized.',
  };
}

/**
 * Windows: signed with `WIN_CSC_LINK` and `WIN_CSC_KEY_PASSWORD` only. electron-builder falls
 * back to `CSC_LINK` on Windows, which holds the macOS certificate, so that one is never passed.
 */
function windowsPlan(env: NodeJS.ProcessEnv): SigningPlan {
  if (present(env, ['WIN_CSC_LINK']).length === 0) {
    return {
      env: { CSC_IDENTITY_AUTO_DISCOVERY: 'false' },
      warnings: [
        'The Windows installer is NOT signed: WIN_CSC_LINK is not set. SmartScreen will warn before it runs. Set WIN_CSC_LINK and WIN_CSC_KEY_PASSWORD in the repository secrets.',
      ],
      summary: 'Windows: unsigned (WIN_CSC_LINK is not set).',
    };
  }
  return {
    env: pass(env, ['WIN_CSC_LINK', 'WIN_CSC_KEY_PASSWORD']),
    warnings: [],
    summary: 'Windows: signed.',
  };
}

/**
 * The signing plan of a release runner.
 * @param runnerOs the runner's system as Actions names it (`RUNNER_OS`: Linux, macOS, Windows).
 * @param env the step's environment, holding the secrets the repository has set.
 */
export function signingPlan(runnerOs: string, env: NodeJS.ProcessEnv): SigningPlan {
  if (runnerOs === 'macOS') return macPlan(env);
  if (runnerOs === 'Windows') return windowsPlan(env);
  return {
    env: {},
    warnings: [],
    summary: `${runnerOs}: AppImage and deb (not signed; the update feed's sha512 checks them).`,
  };
}

/**
 * The plan's variables in the `$GITHUB_ENV` file format, each as `NAME<<DELIMITER` … so that a
 * value (a certificate in base64) can hold any character; the delimiter is random and checked
 * not to occur in the value.
 */
export function githubEnvLines(
  env: Readonly<Record<string, string>>,
  delimiter: () => string = () => `EOF_${randomBytes(12).toString('hex')}`,
): string {
  return Object.entries(env)
    .map(([name, value]) => {
      let end = delimiter();
      while (value.includes(end)) end = delimiter();
      return `${name}<<${end}\n${value}\n${end}\n`;
    })
    .join('');
}

/** The run's words: one `::warning::` line a warning (workflow commands end at a newline). */
export function warningCommands(warnings: readonly string[]): string {
  return warnings
    .map((text) => `::warning title=Release signing::${text.replace(/\r?\n/g, ' ')}\n`)
    .join('');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const plan = signingPlan(process.env.RUNNER_OS ?? process.platform, process.env);
  const envFile = process.env.GITHUB_ENV;
  const summaryFile = process.env.GITHUB_STEP_SUMMARY;
  if (envFile !== undefined) appendFileSync(envFile, githubEnvLines(plan.env));
  if (summaryFile !== undefined)
    appendFileSync(summaryFile, `### Release signing\n\n${plan.summary}\n`);
  process.stdout.write(warningCommands(plan.warnings));
  // Names only: the values are secrets.
  process.stdout.write(
    `${plan.summary}\nPassed to the build: ${Object.keys(plan.env).join(', ') || 'nothing'}\n`,
  );
}
