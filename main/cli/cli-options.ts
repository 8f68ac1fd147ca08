import { parseArgs } from 'node:util';

// What the command line accepts: its commands, the option table `parseArgs` checks, and the help
// text describing both. Kept together, apart from the dispatch in cli.ts, so an option added to
// the table is described next to it, and cli.ts stays about what each command does.

/** The commands that open the data folder (`inspect` needs none). */
export const COMMANDS = new Set([
  'login',
  'status',
  'logout',
  'upload',
  'sync',
  'describe',
  'queue',
  'retry',
  'pause',
  'resume',
  'cancel',
  'report',
  'diagnostics',
  'projects',
  'photos',
  'host-test',
  'watch',
  'presets',
]);

/** The help text: `--help` prints it; a missing or unknown command shows it on stderr. */
export const USAGE = `Usage: photo-uploader <command> [options]
       (from a source checkout: npm run cli -- <command> [options])

Commands:
  login      sign in through the browser (loopback redirect) and remember the service
  login --insecure-storage  with no keychain (a headless server), keep the sign-in in a
             plain-text file of the data folder, sign-in-tokens.plain-text.json (0600;
             remembered until logout, which removes the file)
  status     say whether you are signed in (--json for a machine-readable line)
  logout     revoke the tokens and forget them
  setup FILE [--yes]  apply a setup file from IT (office.photouploader): prints what it sets
             and asks "Apply this setup? [y/N]"; --yes applies without asking (needed when
             standard input is not a terminal). Its secrets go to the keychain
  upload <paths...> --project ID [--description HTML] [--internal|--no-internal] [--zone IANA]
         [--queue-only]
         [--tag T]... [--tags-from-folders] [--project-per-subfolder] [--allow-duplicates]
             add photos to the queue, then run it (unless --queue-only); --tag (repeatable) tags
             every photo; --tags-from-folders adds the names of the folders between the given
             folder and each file; --project-per-subfolder sends each subfolder to the project
             named exactly like it (ignoring case; then --project only covers loose files), and
             skips, with the reason, the photos of a subfolder no project is named like;
             photos the project already has are skipped unless --allow-duplicates
         [--include-archived]
             the project is checked first: an unknown id, or one this account may not use, is
             refused; an archived project (given, or named like a subfolder) only with
             --include-archived
         [--skip-far] [--far-meters N]
             a photo taken farther than N metres (default: the farMeters setting, 1000) from
             its project gets a warning line naming the nearest project; --skip-far leaves
             such photos out, each with its reason in the report
         [--description-template TEXT]
             each photo's description from a template (instead of --description): {folder}
             {path} {file} {date} {time} (on the photo's own clock) {camera} {project} {tags};
             values are escaped, {{ and }} are braces; an unknown token is refused
         [--dry-run [--json]]
             everything up to the queue (intake, projects, far photos, duplicates on the
             service), then one line per file: what would be sent (project, captured_at and
             its rule, position, tags, description) or why not; nothing is queued or sent
         [--after-upload leave|move:DIR|trash]
             once the service holds a photo, leave its file (default), move it to DIR keeping
             its folders under the given folder (a name taken gets "IMG_1 (2).jpg"), or put it
             in the system's trash; a file changed since it was queued is left, with a reason.
             Never deleted. Also on sync (for what it finishes) and watch
         [--preset NAME]
             a saved preset's project, tags, description template, internal and after-upload
             action (see presets; the name in any case); a flag given as well wins over the
             preset's value (--description over its template, --no-internal over its
             internal). An unknown NAME is refused, listing the presets
  sync       run the queue until every item is done or waits for you (exit 0 only if all done)
  queue [--json]          what is queued, by state
  retry ID|--all, pause [ID], resume [ID], cancel ID
  retry ID --keep-mine|--take-theirs|--description HTML
             settle a description conflict: send yours over the service's, keep the service's,
             or send other words
  describe PHOTO_ID... --description HTML [--base HTML] [--queue-only]
             queue a description edit of uploaded photos, then run the queue; without --base,
             it shows the description it replaces and starts from it
  projects [--search Q] [--json]
             the service's projects: id, name, address, coordinates; archived ones marked
  photos --project ID [--since DATE] [--tag T]... [--uploaded-by WHO] [--json]
             a project's photos (taken since DATE, ISO; carrying every tag T; uploaded by WHO,
             a name in any case or an id): id, capture time, hash, status, tags, uploader,
             description. The service filters only by date: tags and uploader are matched here,
             over every page; a photo whose service does not say who uploaded it matches no WHO
  presets [--json]  the saved presets and description templates, the office's (from IT's
             policy, marked [office], read-only) first; --json: one object per line
  report --format json|csv   every item's file, project, outcome, photo id and reason (and its code)
  diagnostics --out FILE  save one .tar.gz for support: logs (secrets removed), versions,
             settings without secrets, the queue's counts
  host-test [host flags]  put a test image on the photo host, download it from the address the
             service would get, compare; exit 0 only when the round trip holds
  watch <folders...> --project ID|--project-per-subfolder [--settle-seconds N] [--tag T]...
             [--tags-from-folders] [--description HTML] [--description-template TEXT]
             [--internal] [--include-archived] [--ignore GLOB]... [--preset NAME]
             [--after-upload leave|move:DIR|trash]
             queue each complete new photo once, run the queue, until Ctrl-C; the project is
             checked first, as for upload. --preset NAME: the preset's project (unless given),
             tags, template, internal and after-upload action fill in what the flags leave out,
             read again as photos come (an unknown NAME is refused, listing the presets; a
             preset deleted meanwhile holds the photos back, said once). Folders the --ignore
             patterns leave out whole are not watched
  inspect <paths...> [--zone IANA] [--json]
             read capture time, position, size and MD5 of photos in files and folders
  inspect <paths...> --project ID [--far-meters N] [--json]
             also each photo's distance to the project (distance_m, far); needs sign-in
  --camera-offset "MAKE MODEL=+1h03m"  (repeatable; upload and inspect) correct a camera's
             clock: the offset is added to its time before the zone rules ("1 h 3 min behind"
             also works; "MAKE MODEL #SERIAL=…" for one body; "MAKE / MODEL=…" when the make
             has spaces; =0 forgets it). Saved for later drops; inspect saves it only with
             --data-dir

Options (the service and photo host flags are saved, like login saves them):
  --data-dir DIR     the data folder: settings, queue, sign-in (default: the app's own, so the
                     command line and the app share one queue; while one runs, the other
                     attaches to it)
  --auth-url URL     the authorization server
  --base-url URL     the API server
  --client-id ID     the app's client id; a confidential client's secret comes from the
                     environment variable PHOTO_UPLOADER_CLIENT_SECRET, never a flag
  --scope "A B"      the scopes to ask for (default: the narrowest the server offers)
  --ca-file PATH     a PEM file of extra certificate authorities to trust (your company's),
                     besides the bundled ones and the system store; proxies come from
                     HTTPS_PROXY, HTTP_PROXY and NO_PROXY, as for curl
  --no-browser       print the authorization URL instead of opening a browser
  --json             machine-readable output (status, inspect, upload --dry-run: one JSON
                     object per line)
  --zone IANA        the zone assumed for photos nothing else places (default: this computer's)
  --version          print the app's version
  --verbose          log progress to stderr (the log file in the data folder has it anyway)
  --files-from FILE|-  (upload, inspect, watch) the paths listed in FILE too, one a line, or
                     NUL-separated as find -print0 writes them; - reads the list from standard
                     input. For lists too long for one command line
  --ignore GLOB      (repeatable; upload, inspect, watch) leave out files and folders matching
                     a gitignore-style pattern on their path under the given folder, with /
                     between folders: '**/thumbs/**', '*_small.jpg' (case does not matter).
                     A .photouploaderignore file in a folder (one pattern a line) applies too.
                     Each left-out path is listed as skipped with the pattern that matched

Photo host (saved like the other settings):
  --host s3 --s3-endpoint URL --s3-region R --s3-bucket B [--s3-prefix P] [--s3-path-style]
             keys from PHOTO_UPLOADER_S3_ACCESS_KEY_ID and PHOTO_UPLOADER_S3_SECRET_ACCESS_KEY
             (kept in the keychain after first use)
    [--s3-profile NAME]  or the credentials of this AWS profile instead of keys: the shared
             config and credentials files (AWS_CONFIG_FILE, AWS_SHARED_CREDENTIALS_FILE),
             credential_process, IAM Identity Center (aws sso login)
  --host published --published-root DIR --published-url URL
             one of these flags without --host changes only that part of the host in effect
  --concurrency N    photos worked on at once (default 4)
  --keep-originals   send HEIC/HEIF and TIFF photos unchanged (saved; default: sent as JPEG)
  --convert-originals  send them as JPEG again (the default)
  --max-upload-rate R  cap on bytes sent to the photo host, all lanes together: 500KB/s, 2MB/s,
                     1.5MiB/s (saved; none removes it)
  --hours "DAYS HH:MM-HH:MM"  send only in these hours, in this computer's zone, e.g.
                     "Mon-Fri 18:00-07:00" (may cross midnight; saved; any removes it)

The app:
  --start-at-login on|off  whether the app starts at login, in the tray (saved; the app applies
                     it when it runs; unset, it is on once a folder is watched)
`;

/**
 * Every command the command line knows, those that open no data folder (`setup`, `inspect`)
 * too: the installed app runs as the command line when its first argument is one of them.
 */
export const ALL_COMMANDS: ReadonlySet<string> = new Set([...COMMANDS, 'setup', 'inspect']);

/** The commands that take paths, and so `--files-from`. */
export const PATH_COMMANDS = new Set(['upload', 'inspect', 'watch']);

/**
 * Every option of every command; `parseArgs` refuses any other (strict). `client-secret` is
 * listed only so that cli.ts can refuse it with a reason instead of "unknown option".
 */
const OPTIONS = {
  'data-dir': { type: 'string' },
  'auth-url': { type: 'string' },
  'base-url': { type: 'string' },
  'client-id': { type: 'string' },
  'client-secret': { type: 'string' },
  scope: { type: 'string' },
  'no-browser': { type: 'boolean' },
  'insecure-storage': { type: 'boolean' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  zone: { type: 'string' },
  project: { type: 'string' },
  tag: { type: 'string', multiple: true },
  'tags-from-folders': { type: 'boolean' },
  'project-per-subfolder': { type: 'boolean' },
  description: { type: 'string' },
  'description-template': { type: 'string' },
  base: { type: 'string' },
  internal: { type: 'boolean' },
  'no-internal': { type: 'boolean' },
  'queue-only': { type: 'boolean' },
  'dry-run': { type: 'boolean' },
  'allow-duplicates': { type: 'boolean' },
  'include-archived': { type: 'boolean' },
  search: { type: 'string' },
  since: { type: 'string' },
  'uploaded-by': { type: 'string' },
  all: { type: 'boolean' },
  format: { type: 'string' },
  out: { type: 'string' },
  host: { type: 'string' },
  's3-endpoint': { type: 'string' },
  's3-region': { type: 'string' },
  's3-bucket': { type: 'string' },
  's3-prefix': { type: 'string' },
  's3-path-style': { type: 'boolean' },
  's3-profile': { type: 'string' },
  'published-root': { type: 'string' },
  'published-url': { type: 'string' },
  concurrency: { type: 'string' },
  'keep-originals': { type: 'boolean' },
  'convert-originals': { type: 'boolean' },
  'ca-file': { type: 'string' },
  help: { type: 'boolean' },
  version: { type: 'boolean' },
  'settle-seconds': { type: 'string' },
  'skip-far': { type: 'boolean' },
  'far-meters': { type: 'string' },
  'camera-offset': { type: 'string', multiple: true },
  'max-upload-rate': { type: 'string' },
  hours: { type: 'string' },
  'start-at-login': { type: 'string' },
  'files-from': { type: 'string' },
  ignore: { type: 'string', multiple: true },
  'keep-mine': { type: 'boolean' },
  'take-theirs': { type: 'boolean' },
  yes: { type: 'boolean' },
  'after-upload': { type: 'string' },
  preset: { type: 'string' },
} as const;

/** Whether `--name` is an option of the command line that takes a value (`--data-dir DIR`). */
export function optionTakesValue(name: string): boolean {
  return Object.hasOwn(OPTIONS, name) && OPTIONS[name as keyof typeof OPTIONS].type === 'string';
}

/**
 * Parses one command line against the option table: the options' values and the positionals
 * (the command, then its arguments).
 * @throws TypeError (from `parseArgs`) for an unknown option or a missing or misplaced value.
 */
export function parseCommandLine(argv: readonly string[]) {
  return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: OPTIONS });
}
