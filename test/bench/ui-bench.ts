import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';
import { launchChromium, startBridgeHostProcess } from '../support/e2e-harness';
import { makePhotos, ROOT } from '../support/upload-harness';
import type { Figure } from './bench-report';

const ITEMS = 10_000;

/** In the page: records the time between animation frames until stopped (a script: no DOM types here). */
const START_FRAMES = `(() => {
  const frames = [];
  let last = performance.now();
  let running = true;
  const tick = (now) => { frames.push(now - last); last = now; if (running) requestAnimationFrame(tick); };
  requestAnimationFrame((now) => { last = now; requestAnimationFrame(tick); });
  window.__stopFrames = () => { running = false; return frames; };
})()`;

async function recordFrames(page: Page, during: () => Promise<void>): Promise<number[]> {
  await page.evaluate(START_FRAMES);
  await during();
  return page.evaluate('window.__stopFrames()');
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0;
}

/** 10 000 generated photos, made once and kept in node_modules/.cache. */
async function tenThousandPhotos(): Promise<string> {
  const dir = join(ROOT, 'node_modules/.cache/photo-uploader-bench-ui');
  if (!existsSync(dir) || readdirSync(dir).length < ITEMS) await makePhotos(dir, ITEMS);
  return dir;
}

/**
 * The window with 10 000 photos: how smoothly the review list scrolls, and how promptly the
 * window answers typing while intake streams results in. The real renderer (production build)
 * runs in Chromium against the real core through the bridge host; every figure is against the
 * frame time of the same page sitting idle, measured in the same run.
 */
export async function benchUi(): Promise<{ figures: Figure[]; notes: string[] }> {
  const folder = await tenThousandPhotos();
  const host = await startBridgeHostProcess(undefined, { productionRenderer: true });
  const browser = await launchChromium();
  try {
    const page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 } })
    ).newPage();
    await page.goto(host.url);
    await page.getByRole('button', { name: 'Choose folder…' }).waitFor();

    const idle = await recordFrames(page, () => page.waitForTimeout(2000));
    const idleFrame = percentile(idle, 0.5);

    // Intake of the 10 000 photos, typing in the project search meanwhile.
    await page.evaluate(`(() => {
      window.__inputs = [];
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__inputs.push(entry.duration); })
        .observe({ type: 'event', durationThreshold: 16, buffered: false });
    })()`);
    await host.choose([folder]);
    const started = Date.now();
    const duringIntake = await recordFrames(page, async () => {
      await page.getByRole('button', { name: 'Choose folder…' }).click();
      const search = page.getByLabel(/Project: search/);
      await search.click();
      while (!(await page.getByText(`Done: ${ITEMS} photos`).isVisible())) {
        await page.keyboard.type('harbor', { delay: 40 });
        for (let index = 0; index < 6; index += 1) await page.keyboard.press('Backspace');
      }
    });
    const intakeSeconds = (Date.now() - started) / 1000;
    const slowInputs = await page.evaluate<number[]>('window.__inputs');

    // Scrolling the whole list as fast as a fling: 600 px (about ten rows) a frame, end to end.
    const scrolling = await recordFrames(page, () =>
      page.evaluate(`new Promise((resolve) => {
        const scroller = document.querySelector('.virtual-scroller');
        const step = () => {
          scroller.scrollTop += 600;
          if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) resolve();
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      })`),
    );
    const rows = await page.locator('.intake-list > li').count();

    const idleBaseline = { name: 'an idle frame of the same page (median)', value: idleFrame };
    return {
      figures: [
        {
          name: `longest frame while scrolling ${ITEMS} photos end to end`,
          value: Math.max(...scrolling),
          unit: 'ms',
          baseline: idleBaseline,
          better: 'lower',
          targetMax: 50,
        },
        {
          name: 'frame time while scrolling (95th percentile)',
          value: percentile(scrolling, 0.95),
          unit: 'ms',
          baseline: idleBaseline,
          better: 'lower',
        },
        {
          name: `longest frame while intake streams ${ITEMS} results in and the user types`,
          value: Math.max(...duringIntake),
          unit: 'ms',
          baseline: idleBaseline,
          better: 'lower',
          targetMax: 100,
        },
        {
          name: 'slowest keystroke to paint during intake (Event Timing)',
          value: slowInputs.length === 0 ? 16 : Math.max(...slowInputs),
          unit: 'ms',
          baseline: idleBaseline,
          better: 'lower',
          targetMax: 100,
        },
      ],
      notes: [
        `${ITEMS} generated photos; intake took ${intakeSeconds.toFixed(1)} s in the page; ${scrolling.length} frames scrolled; ${rows} rows exist in the page at a time (virtualized)`,
        `${slowInputs.length} keystrokes took longer than 16 ms to paint`,
      ],
    };
  } finally {
    await browser.close();
    await host.stop();
  }
}
