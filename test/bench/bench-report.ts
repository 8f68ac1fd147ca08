/** One measured figure, reported against a baseline measured in the same run. */
export type Figure = {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline: { readonly name: string; readonly value: number };
  /** value ÷ baseline (or baseline ÷ value where smaller is better, as `better` says). */
  readonly better: 'higher' | 'lower';
  /** The target as a ratio, when the issue sets one. */
  readonly target?: number;
  /** An absolute ceiling in the figure's unit (a time in ms, a size in MiB): at most this. */
  readonly targetMax?: number;
  /** With `target`: the ratio must also be at most this (a cap to keep under, issue 14). */
  readonly targetRatioMax?: number;
};

/** The ratio in the direction where larger is better. */
export function ratioOf(figure: Figure): number {
  return figure.better === 'higher'
    ? figure.value / figure.baseline.value
    : figure.baseline.value / figure.value;
}

function format(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

/** Renders figures as lines: value, baseline, ratio and whether the target is met. */
export function renderFigures(section: string, figures: readonly Figure[]): string {
  const lines = [`## ${section}`];
  for (const figure of figures) {
    const ratio = ratioOf(figure);
    const target =
      figure.target !== undefined && figure.targetRatioMax !== undefined
        ? ` (target ratio ${figure.target} to ${figure.targetRatioMax}: ${ratio >= figure.target && ratio <= figure.targetRatioMax ? 'met' : 'NOT met'})`
        : figure.target !== undefined
          ? ` (target ratio ≥ ${figure.target}: ${ratio >= figure.target ? 'met' : 'NOT met'})`
          : figure.targetMax !== undefined
            ? ` (target ≤ ${figure.targetMax} ${figure.unit}: ${figure.value <= figure.targetMax ? 'met' : 'NOT met'})`
            : '';
    lines.push(
      `- ${figure.name}: ${format(figure.value)} ${figure.unit}; baseline ${figure.baseline.name}: ${format(figure.baseline.value)} ${figure.unit}; ratio ${format(ratio)}${target}`,
    );
  }
  return lines.join('\n');
}
