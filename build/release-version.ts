import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './bundle-app';

/**
 * What is wrong with releasing `tag` from a checkout whose package.json says `version`, or
 * undefined when nothing is. electron-builder publishes to the release named `v<version>`
 * (package.json's version, not the tag), and the app compares that version with the feed's: a
 * tag that is not `v` + that version would publish the installers under another release than the
 * one the workflow made, or an update nobody is offered.
 */
export function releaseTagProblem(tag: string, version: string): string | undefined {
  if (!/^v\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(tag))
    return `The tag ${tag} is not a version tag (vX.Y.Z, or vX.Y.Z-beta.N for the beta channel).`;
  if (tag !== `v${version}`)
    return `The tag ${tag} does not match package.json's version ${version}: set "version": "${tag.slice(1)}" in package.json, commit, and tag that commit.`;
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  };
  const problem = releaseTagProblem(process.env.GITHUB_REF_NAME ?? '', version);
  if (problem !== undefined) {
    process.stdout.write(`::error title=Release tag::${problem}\n`);
    process.exit(1);
  }
  process.stdout.write(`Releasing version ${version}.\n`);
}
