import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The colour tokens of tokens.css in both schemes: every token has a dark value, the two dark blocks
 * (the device's preference, the person's choice) say the same, and the pairs the portal draws keep
 * WCAG AA contrast in light and in dark.
 */
const css = readFileSync(join(__dirname, 'tokens.css'), 'utf8');

function block(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no block ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  const tokens = new Map<string, string>();
  for (const [, name, value] of body.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) tokens.set(name!, value!.trim());
  return tokens;
}

const light = block(':root');
const darkPreferred = block(":root:not([data-theme='light'])");
const darkChosen = block(":root[data-theme='dark']");
const colourNames = [...light.keys()].filter((n) => n.startsWith('--color-'));

function rgb(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (!hex) throw new Error(`not a #rrggbb colour: ${value}`);
  const n = parseInt(hex[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const luminance = ([r, g, b]: [number, number, number]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

/** Text (4.5:1) and the foreground of shapes that carry meaning (3:1), on what they sit on. */
const TEXT_PAIRS: [string, string][] = [
  ...['--color-text', '--color-text-muted', '--color-primary', '--color-danger', '--color-success', '--color-warning'].flatMap(
    (fg): [string, string][] => [
      [fg, '--color-surface'],
      [fg, '--color-background'],
    ],
  ),
  ['--color-text', '--color-surface-alt'],
  ['--color-text', '--color-primary-soft'],
  ['--color-primary', '--color-primary-soft'],
  ['--color-primary-dark', '--color-primary-soft'],
  ['--color-primary-dark', '--color-background'],
  ['--color-on-primary', '--color-primary'],
  ['--color-on-primary', '--color-primary-dark'],
  ['--color-on-primary', '--color-danger'],
  ['--color-on-primary', '--color-danger-dark'],
  ['--color-info-text', '--color-primary-soft'],
  ['--color-danger-text', '--color-danger-soft'],
  ['--color-success-text', '--color-success-soft'],
  ['--color-warning', '--color-warning-soft'],
  ['--color-text-muted', '--color-background'],
  ['--color-on-brand', '--color-brand'],
  ['--color-on-brand', '--color-brand-dark'],
  ['--color-nav-text', '--color-nav'],
  ['--color-nav-text', '--color-nav-hover'],
  ['--color-nav-text', '--color-brand'],
  ['--color-nav-muted', '--color-nav'],
  ['--color-nav', '--color-nav-text'],
  ['--color-tooltip-text', '--color-tooltip'],
  ['--color-chart-text', '--color-surface'],
  ['--color-on-brand', '--color-absence-red'],
  ['--color-on-brand', '--color-absence-green'],
  ['--color-on-brand', '--color-absence-blue'],
  ['--color-status-red', '--color-surface'],
  ['--color-status-green', '--color-surface'],
  ['--color-status-blue', '--color-surface'],
  // A family Home block: the child's name in its colour on the header's band, the class on it too.
  ...Array.from({ length: 4 }, (_, i): [string, string][] => [
    [`--color-child-${i}`, `--color-child-${i}-soft`],
    [`--color-child-${i}`, '--color-surface'],
    ['--color-text', `--color-child-${i}-soft`],
  ]).flat(),
];
const SHAPE_PAIRS: [string, string][] = [
  ...Array.from({ length: 12 }, (_, i): [string, string] => [`--color-subject-${i}`, '--color-surface']),
  ['--color-subject-none', '--color-surface'],
  // The stripe that marks a child's block, on the page around it.
  ...Array.from({ length: 4 }, (_, i): [string, string] => [`--color-child-${i}`, '--color-background']),
  ['--color-border-strong', '--color-surface'],
  ['--color-primary', '--color-surface'],
  ['--color-danger', '--color-surface'],
  ['--color-success', '--color-surface'],
];

describe('colour tokens', () => {
  it('give every colour a dark value, the same for the preference and the choice', () => {
    expect(colourNames.length).toBeGreaterThan(20);
    expect([...darkPreferred.keys()].sort()).toEqual([...darkChosen.keys()].sort());
    for (const [name, value] of darkPreferred) expect(darkChosen.get(name), name).toBe(value);
    for (const name of colourNames) expect(darkPreferred.has(name), `${name} has no dark value`).toBe(true);
    // Native parts (scroll bars, form controls, the canvas) follow too.
    expect(css.match(/color-scheme: dark;/g)).toHaveLength(2);
  });

  it.each([
    ['light', light],
    ['dark', darkChosen],
  ] as const)('keep AA contrast in %s', (_scheme, tokens) => {
    const value = (name: string) => {
      const v = tokens.get(name);
      if (!v) throw new Error(`no ${name}`);
      return v;
    };
    const misses = [
      ...TEXT_PAIRS.filter(([fg, bg]) => contrast(value(fg), value(bg)) < 4.5).map(([fg, bg]) => `${fg} on ${bg}: ${contrast(value(fg), value(bg)).toFixed(2)}`),
      ...SHAPE_PAIRS.filter(([fg, bg]) => contrast(value(fg), value(bg)) < 3).map(([fg, bg]) => `${fg} on ${bg}: ${contrast(value(fg), value(bg)).toFixed(2)}`),
    ];
    expect(misses).toEqual([]);
  });

  it('are the only colours of the portal: no stylesheet names a colour of its own', () => {
    const src = join(__dirname, '..');
    const sheets = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? sheets(join(dir, e.name)) : e.name.endsWith('.css') && e.name !== 'tokens.css' ? [join(dir, e.name)] : [],
      );
    const offenders = sheets(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split('\n')
        .filter((line) => /#[0-9a-f]{3,8}\b|\brgba?\(|:\s*(white|black)\b/i.test(line) && !/rgb\(0 0 0 \/ [\d.]+%?\)/.test(line))
        .map((line) => `${file.slice(src.length + 1)}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
