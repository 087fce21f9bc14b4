// The heat map's colour scale: viridis (perceptually even, readable by
// colour-blind people), with NaN in grey. 64-bit integers are placed on it
// with bigint arithmetic, so that 2^53 and 2^53 + 1 are its two ends, not
// one colour.
import type { Heat } from './values.js';

const STOPS: readonly [number, number, number][] = [
  [68, 1, 84], [65, 68, 135], [42, 120, 142], [34, 168, 132], [122, 209, 81], [253, 231, 37],
];

export interface Scale {
  readonly min: Heat;
  readonly max: Heat;
}

const finite = (v: Heat) => typeof v === 'bigint' || Number.isFinite(v);

/** The range of the finite values (infinities sit at the ends). Numbers and bigints compare exactly. */
export function scaleOf(...lists: readonly (readonly Heat[])[]): Scale {
  let min: Heat | undefined;
  let max: Heat | undefined;
  for (const list of lists) {
    for (const v of list) {
      if (!finite(v)) continue;
      if (min === undefined || v < min) min = v;
      if (max === undefined || v > max) max = v;
    }
  }
  return min !== undefined && max !== undefined ? { min, max } : { min: 0, max: 0 };
}

/** Where `v` sits on the scale, 0 to 1: exact for bigints (to a millionth). */
function position(v: Heat, { min, max }: Scale): number {
  if (v === Infinity) return 1;
  if (v === -Infinity) return 0;
  if (typeof v === 'bigint' && typeof min === 'bigint' && typeof max === 'bigint') {
    const span = max - min;
    return span === 0n ? 0.5 : Number(((v - min) * 1_000_000n) / span) / 1_000_000;
  }
  const span = Number(max) - Number(min);
  return span > 0 ? (Number(v) - Number(min)) / span : 0.5;
}

/** WCAG relative luminance of an sRGB colour. */
function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Background and text colour for a value: black or white text, whichever contrasts more (at least 4.58:1). */
export function heatColor(v: Heat, scale: Scale): { background: string; color: string } {
  if (typeof v === 'number' && Number.isNaN(v)) return { background: 'var(--nan)', color: 'var(--text)' };
  const x = Math.min(Math.max(position(v, scale), 0), 1) * (STOPS.length - 1);
  const i = Math.min(Math.floor(x), STOPS.length - 2);
  const f = x - i;
  const rgb = STOPS[i].map((c, k) => Math.round(c + (STOPS[i + 1][k] - c) * f));
  const l = luminance(rgb);
  const black = (l + 0.05) / 0.05;
  const white = 1.05 / (l + 0.05);
  return { background: `rgb(${rgb.join(' ')})`, color: black > white ? '#000' : '#fff' };
}

/** The scale as a CSS gradient, for the legend. */
export function gradient(): string {
  return `linear-gradient(to right, ${STOPS.map(([r, g, b], i) => `rgb(${r} ${g} ${b}) ${(i / (STOPS.length - 1)) * 100}%`).join(', ')})`;
}

/** A scale end as the legend writes it: every digit of a bigint, four of a fraction. */
export function formatEnd(v: Heat): string {
  if (typeof v === 'bigint' || Number.isInteger(v)) return String(v);
  return v.toPrecision(4).replace(/\.?0+$/, '').replace(/\.?0+e/, 'e');
}
