/**
 * The transition report QA opens after `npm run test:transitions`: per machine, its states, its
 * transitions, each generated path with its browser outcome, and the share of the transitions that
 * the paths which passed in the browser cover. Written to test-results/transitions/report.{html,md}.
 *
 * It is a check too: the run fails when a transition that the generated paths reach was not
 * reached by a path that passed in the browser, unless every path reaching it is declared not
 * driven in the browser (with its reason, listed in the report). A path that silently stops being
 * run therefore fails the run instead of shrinking the share.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';
import { createActor } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import {
  controlledActors,
  definedTransitions,
  describeTransition,
  settled,
  transitionKey,
  transitionRecorder,
  type ModelPath,
  type Transition,
} from '../../src/machines/testing/model';
import { MACHINE_SUITES, type MachineSuite } from './machines';

const OUT_DIR = join('test-results', 'transitions');

type Outcome = 'passed' | 'flaky' | 'failed' | 'not run' | 'not driven';

interface PathRow {
  run?: string;
  title: string;
  outcome: Outcome;
  reason?: string;
  transitions: string[];
}

interface MachineReport {
  title: string;
  states: string[];
  transitions: string[];
  paths: PathRow[];
  covered: string[];
  notDriven: Array<{ transition: string; reasons: string[] }>;
  missing: string[];
}

/** The transition definitions a path takes, replayed on the machine itself. */
async function transitionsOf(suite: MachineSuite, path: ModelPath<never>, input: unknown): Promise<string[]> {
  const recorder = transitionRecorder();
  const control = controlledActors(suite.actorIds);
  const actor = createActor(suite.machine.provide({ actors: control.actors } as never), {
    ...(input === undefined ? {} : { input: input as never }),
    inspect: recorder.inspect,
  }).start();
  for (const step of path.steps.slice(1)) {
    if (!control.settle(step.event)) actor.send(step.event);
    await settled();
  }
  actor.stop();
  return definedTransitions(suite.machine)
    .filter((t) => recorder.taken.has(transitionKey(t)))
    .map(labelOf);
}

/** A transition as the report names it: guarded candidates of one event differ by their guard only. */
function labelOf(t: Transition): string {
  const guard = typeof t.guard === 'string' ? t.guard : (t.guard as { type?: unknown } | undefined)?.type;
  return typeof guard === 'string' ? `${describeTransition(t)} [${guard}]` : describeTransition(t);
}

const outcomeOf = (test: TestCase): Outcome => {
  if (test.results.length === 0) return 'not run';
  switch (test.outcome()) {
    case 'expected':
      return 'passed';
    case 'flaky':
      return 'flaky';
    case 'skipped':
      return 'not run';
    default:
      return 'failed';
  }
};

async function machineReport(suite: MachineSuite, tests: TestCase[]): Promise<MachineReport> {
  const transitions = definedTransitions(suite.machine).map(labelOf);
  const paths: PathRow[] = [];
  for (const run of suite.runs) {
    for (const path of run.paths) {
      const title = suite.titleOf(path);
      const reason = suite.notDriven?.(path) ?? undefined;
      const test = tests.find((t) => t.title === title && t.titlePath().includes(suite.title) && (!run.label || t.titlePath().includes(run.label)));
      const outcome: Outcome = reason ? 'not driven' : test ? outcomeOf(test) : 'not run';
      paths.push({ ...(run.label ? { run: run.label } : {}), title, outcome, ...(reason ? { reason } : {}), transitions: await transitionsOf(suite, path as never, run.input) });
    }
  }
  const passed = new Set(paths.filter((p) => p.outcome === 'passed' || p.outcome === 'flaky').flatMap((p) => p.transitions));
  const driven = new Set(paths.filter((p) => p.outcome !== 'not driven').flatMap((p) => p.transitions));
  const generated = new Set(paths.flatMap((p) => p.transitions));
  const notDriven = [...generated]
    .filter((t) => !driven.has(t))
    .map((t) => ({ transition: t, reasons: [...new Set(paths.filter((p) => p.reason && p.transitions.includes(t)).map((p) => p.reason!))] }));
  return {
    title: suite.title,
    states: getStateNodes(suite.machine.root).map((n) => n.id),
    transitions,
    paths,
    covered: transitions.filter((t) => passed.has(t)),
    notDriven,
    missing: [...driven].filter((t) => !passed.has(t)),
  };
}

const pct = (n: number, d: number) => (d === 0 ? '—' : `${Math.round((100 * n) / d)}%`);
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cell = (s: string) => s.replace(/\|/g, '\\|');

function markdown(reports: MachineReport[]): string {
  const lines = ['# Transition report', '', '| Machine | States | Transitions | Covered in the browser | Paths passed | Not driven |', '|---|---|---|---|---|---|'];
  for (const r of reports) {
    const driven = r.paths.filter((p) => p.outcome !== 'not driven');
    const ok = driven.filter((p) => p.outcome === 'passed' || p.outcome === 'flaky');
    lines.push(`| ${r.title} | ${r.states.length} | ${r.transitions.length} | ${r.covered.length} (${pct(r.covered.length, r.transitions.length)}) | ${ok.length}/${driven.length} | ${r.paths.length - driven.length} paths |`);
  }
  for (const r of reports) {
    lines.push('', `## ${r.title}`, '', `Covered: ${r.covered.length} of ${r.transitions.length} transitions (${pct(r.covered.length, r.transitions.length)}).`, '');
    lines.push('### States', '', ...r.states.map((s) => `- \`${s}\``), '');
    lines.push('### Transitions', '', '| Transition | Covered |', '|---|---|');
    for (const t of r.transitions) {
      const nd = r.notDriven.find((n) => n.transition === t);
      lines.push(`| \`${cell(t)}\` | ${r.covered.includes(t) ? 'yes' : nd ? 'not driven in the browser' : r.missing.includes(t) ? '**MISSING**' : 'no'} |`);
    }
    lines.push('', '### Paths', '', '| Path | Outcome |', '|---|---|');
    for (const p of r.paths) lines.push(`| ${cell(p.run ? `${p.run}: ${p.title}` : p.title)} | ${p.outcome}${p.reason ? `: ${cell(p.reason)}` : ''} |`);
    if (r.notDriven.length > 0) {
      lines.push('', '### Not driven in the browser', '');
      for (const n of r.notDriven) lines.push(`- \`${n.transition}\`: ${n.reasons.join(' ')}`);
    }
    if (r.missing.length > 0) lines.push('', '### Missing (a path that reaches them did not pass)', '', ...r.missing.map((t) => `- \`${t}\``));
  }
  return `${lines.join('\n')}\n`;
}

function html(reports: MachineReport[]): string {
  const parts = [
    '<!doctype html><html lang="en"><meta charset="utf-8"><title>Transition report</title>',
    '<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:80rem}table{border-collapse:collapse;margin:.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}code{font-size:.9em}.passed,.yes{color:#1e7b34}.failed,.missing{color:#c62828;font-weight:bold}.nd{color:#555;font-style:italic}</style>',
    '<h1>Transition report</h1><table><tr><th>Machine</th><th>States</th><th>Transitions</th><th>Covered in the browser</th><th>Paths passed</th><th>Paths not driven</th></tr>',
  ];
  for (const r of reports) {
    const driven = r.paths.filter((p) => p.outcome !== 'not driven');
    const ok = driven.filter((p) => p.outcome === 'passed' || p.outcome === 'flaky');
    parts.push(`<tr><td><a href="#${encodeURIComponent(r.title)}">${esc(r.title)}</a></td><td>${r.states.length}</td><td>${r.transitions.length}</td><td>${r.covered.length} (${pct(r.covered.length, r.transitions.length)})</td><td>${ok.length}/${driven.length}</td><td>${r.paths.length - driven.length}</td></tr>`);
  }
  parts.push('</table>');
  for (const r of reports) {
    parts.push(`<section id="${encodeURIComponent(r.title)}"><h2>${esc(r.title)}</h2><p>Covered: ${r.covered.length} of ${r.transitions.length} transitions (${pct(r.covered.length, r.transitions.length)}).</p>`);
    parts.push(`<h3>States</h3><ul>${r.states.map((s) => `<li><code>${esc(s)}</code></li>`).join('')}</ul>`);
    parts.push('<h3>Transitions</h3><table><tr><th>Transition</th><th>Covered</th></tr>');
    for (const t of r.transitions) {
      const nd = r.notDriven.find((n) => n.transition === t);
      const [cls, label] = r.covered.includes(t) ? ['yes', 'yes'] : nd ? ['nd', `not driven in the browser: ${nd.reasons.join(' ')}`] : r.missing.includes(t) ? ['missing', 'MISSING'] : ['', 'no'];
      parts.push(`<tr><td><code>${esc(t)}</code></td><td class="${cls}">${esc(label)}</td></tr>`);
    }
    parts.push('</table><h3>Paths</h3><table><tr><th>Path</th><th>Outcome</th></tr>');
    for (const p of r.paths) {
      const cls = p.outcome === 'not driven' ? 'nd' : p.outcome === 'passed' || p.outcome === 'flaky' ? 'passed' : 'failed';
      parts.push(`<tr><td>${esc(p.run ? `${p.run}: ${p.title}` : p.title)}</td><td class="${cls}">${esc(p.outcome)}${p.reason ? `: ${esc(p.reason)}` : ''}</td></tr>`);
    }
    parts.push('</table></section>');
  }
  return `${parts.join('\n')}\n`;
}

export default class TransitionReport implements Reporter {
  private tests: TestCase[] = [];

  onTestEnd(test: TestCase) {
    if (!this.tests.includes(test)) this.tests.push(test);
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const reports: MachineReport[] = [];
    for (const suite of MACHINE_SUITES) reports.push(await machineReport(suite, this.tests));
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(join(OUT_DIR, 'report.md'), markdown(reports));
    writeFileSync(join(OUT_DIR, 'report.html'), html(reports));
    const lines = reports.map((r) => {
      const driven = r.paths.filter((p) => p.outcome !== 'not driven');
      const ok = driven.filter((p) => p.outcome === 'passed' || p.outcome === 'flaky').length;
      return `  ${r.title}: ${r.covered.length}/${r.transitions.length} transitions covered, ${ok}/${driven.length} paths passed, ${r.paths.length - driven.length} not driven`;
    });
    console.log(`\nTransition report: ${join(OUT_DIR, 'report.html')} (and report.md)\n${lines.join('\n')}`);
    const missing = reports.filter((r) => r.missing.length > 0);
    if (missing.length === 0) return undefined;
    for (const r of missing) console.error(`${r.title}: transitions not covered by a path that passed in the browser:\n${r.missing.map((t) => `  ${t}`).join('\n')}`);
    return { status: result.status === 'passed' ? 'failed' : result.status };
  }

  printsToStdio() {
    return false;
  }
}
