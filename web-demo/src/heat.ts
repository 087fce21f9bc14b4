// The heat map's colour scale: viridis (perceptually even, readable by
// colour-blind people), with NaN in grey.
const STOPS: readonly [number, number, number][] = [
  [68, 1, 84], [65, 68, 135], [42, 120, 142], [34, 168, 132], [122, 209, 81], [253, 231, 37],
];

export interface Scale {
  readonly min: number;
  readonly max: number;
}

/** The range of the finite values (infinities sit at the ends). */
export function scaleOf(...lists: readonly (readonly number[])[]): Scale {
  let min = Infinity;
  let max = -Infinity;
  for (const list of lists) {
    for (const v of list) {
      if (Number.isFinite(v)) {
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
  }
  return min <= max ? { min, max } : { min: 0, max: 0 };
}

/** Background and text colour for a value. */
export function heatColor(v: number, scale: Scale): { background: string; color: string } {
  if (Number.isNaN(v)) return { background: 'var(--nan)', color: 'var(--text)' };
  const span = scale.max - scale.min;
  const t = v === Infinity ? 1 : v === -Infinity ? 0 : span > 0 ? (v - scale.min) / span : 0.5;
  const x = Math.min(Math.max(t, 0), 1) * (STOPS.length - 1);
  const i = Math.min(Math.floor(x), STOPS.length - 2);
  const f = x - i;
  const [r, g, b] = STOPS[i].map((c, k) => Math.round(c + (STOPS[i + 1][k] - c) * f));
  return { background: `rgb(${r} ${g} ${b})`, color: t > 0.55 ? '#111' : '#fff' };
}

/** The scale as a CSS gradient, for the legend. */
export function gradient(): string {
  return `linear-gradient(to right, ${STOPS.map(([r, g, b], i) => `rgb(${r} ${g} ${b}) ${(i / (STOPS.length - 1)) * 100}%`).join(', ')})`;
}
