import { type Figure, renderFigures } from './bench-report';
import { benchIntake } from './intake-bench';
import { benchService } from './service-bench';
import { benchUi } from './ui-bench';
import { benchUploads } from './upload-bench';

type Section = readonly [name: string, run: () => Promise<{ figures: Figure[]; notes: string[] }>];

/**
 * `npm run bench [section]`: every performance figure of the project, each as a ratio against a
 * baseline measured in the same run on the same machine. A word selects sections by name.
 */
async function main(): Promise<void> {
  const sections: Section[] = [
    ['Photo intake', benchIntake],
    ['Upload engine', benchUploads],
    ['Local Photo Service', async () => ({ figures: await benchService(), notes: [] })],
    ['Window (UI)', benchUi],
  ];
  const only = process.argv[2]?.toLowerCase();
  for (const [name, run] of sections) {
    if (only !== undefined && !name.toLowerCase().includes(only)) continue;
    const { figures, notes } = await run();
    const noteLines = notes.map((note) => `  (${note})\n`).join('');
    process.stdout.write(`${renderFigures(name, figures)}\n${noteLines}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
