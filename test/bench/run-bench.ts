import { renderFigures } from './bench-report';
import { benchService } from './service-bench';

/**
 * `npm run bench`: every performance figure of the project, each as a ratio against a baseline
 * measured in the same run on the same machine. Later work adds its sections here.
 */
async function main(): Promise<void> {
  const sections: [string, () => Promise<Parameters<typeof renderFigures>[1]>][] = [
    ['Local Photo Service', benchService],
  ];
  for (const [name, run] of sections) {
    process.stdout.write(`${renderFigures(name, await run())}\n\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
