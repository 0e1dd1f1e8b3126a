#!/usr/bin/env node
// Server benchmark: starts the reference server on loopback (a temporary data folder, the clock
// pinned), signs in, then for each operation keeps a fixed number of requests in flight for a
// bounded time and request count, and prints requests, throughput, p50/p99 latency and errors.
//
// Then the budget (README "Budgets"), measured side by side in the same run: GET voti_plain at a fixed
// arrival rate (default 1,000 req/s, open loop: each latency counts from when the request was due,
// so a stall is not hidden by the client waiting), against a bare Fastify route answering the same
// JSON from memory in a process of its own (scripts/bench-bare-server.mjs), in alternating rounds so
// both see the same machine. Mean latency must stay within 1.5× the bare route's, p99 within 2×.
// On a shared machine the figures move from run to run: compare the ratios, not the milliseconds.
//
// Exits 1 when any request failed, the server could not start, or the budget is missed.
// No packages beyond Node's fetch (and Fastify for the bare route).
//
//   npm run bench:server [-- --duration=5 --concurrency=16 --max-requests=50000 --warmup=1 --rate=1000 --rounds=4]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';
const PORTAL_NOW = '2026-11-20T09:00:00+01:00';
const USER = { mastercom: 'DEMO01', utente: 'genitore.demo', password: 'Demo.2026!' };

function options(argv) {
  const defaults = { duration: 5, concurrency: 16, 'max-requests': 50_000, warmup: 1, rate: 1000, rounds: 4 };
  for (const arg of argv) {
    const match = /^--([a-z-]+)=(\d+(?:\.\d+)?)$/.exec(arg);
    if (!match || !(match[1] in defaults)) {
      console.error(`unknown option ${arg}; known: ${Object.keys(defaults).map((k) => `--${k}=<n>`).join(' ')}`);
      process.exit(2);
    }
    defaults[match[1]] = Number(match[2]);
  }
  return {
    durationMs: defaults.duration * 1000,
    concurrency: Math.max(1, Math.floor(defaults.concurrency)),
    maxRequests: Math.max(1, Math.floor(defaults['max-requests'])),
    warmupMs: defaults.warmup * 1000,
    rate: Math.max(1, defaults.rate),
    rounds: Math.max(1, Math.floor(defaults.rounds)),
  };
}

/** A port nobody listens on right now (the server refuses PORT=0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The budget (README "Budgets"): voti_plain against the bare route, at the fixed rate. */
const BUDGET = { mean: 1.5, p99: 2 };

function startServer(port, dataDir) {
  // One process (no npx or tsx wrapper in between), so SIGTERM reaches the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      PORTAL_NOW,
      LOGIN_RATE_MAX: '100000',
      ACCESS_TOKEN_TTL: '3600',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

function startBareServer(port, bodyFile) {
  const child = spawn(process.execPath, ['scripts/bench-bare-server.mjs'], {
    cwd: REPO,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST, BODY_FILE: bodyFile },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited, output: () => output };
}

async function waitUntilUp(base, server, timeoutMs = 90_000, path = '/version.txt') {
  const deadline = Date.now() + timeoutMs;
  let exitedEarly = false;
  void server.exited.then(() => (exitedEarly = true));
  while (Date.now() < deadline && !exitedEarly) {
    try {
      const res = await fetch(`${base}${path}`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start${exitedEarly ? ' (it exited)' : ' in time'}:\n${server.output()}`);
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 5_000);
  await server.exited;
  clearTimeout(timer);
}

async function json(res) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text}`);
  return JSON.parse(text);
}

/** Keeps `concurrency` requests in flight until the time or the request budget runs out. */
async function load(request, { durationMs, concurrency, maxRequests }) {
  const latencies = [];
  const failures = new Map();
  let issued = 0;
  const started = performance.now();
  const end = started + durationMs;
  async function worker() {
    while (issued < maxRequests && performance.now() < end) {
      issued++;
      const t0 = performance.now();
      let failure;
      try {
        const res = await request();
        await res.arrayBuffer();
        if (res.status !== 200) failure = `HTTP ${res.status}`;
      } catch (err) {
        failure = err?.cause?.code ?? err?.name ?? 'error';
      }
      latencies.push(performance.now() - t0);
      if (failure) failures.set(failure, (failures.get(failure) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const percentile = (p) => latencies[Math.min(latencies.length - 1, Math.max(0, Math.ceil((p / 100) * latencies.length) - 1))] ?? NaN;
  const errors = [...failures.values()].reduce((a, b) => a + b, 0);
  return {
    requests: latencies.length,
    seconds: elapsedMs / 1000,
    throughput: latencies.length / (elapsedMs / 1000),
    p50: percentile(50),
    p99: percentile(99),
    max: latencies.at(-1) ?? NaN,
    errors,
    failures: Object.fromEntries(failures),
  };
}

/**
 * Open loop at a fixed rate: request i is due at start + i / rate, sent then (or as soon as the
 * client can), and its latency counts from when it was due.
 */
async function paced(request, { rate, durationMs }) {
  const latencies = [];
  let errors = 0;
  const total = Math.round((rate * durationMs) / 1000);
  const interval = 1000 / rate;
  const started = performance.now();
  const inFlight = [];
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / interval) + 1);
      for (; sent < due; sent++) {
        const dueAt = started + sent * interval;
        inFlight.push(
          request()
            .then(async (res) => {
              await res.arrayBuffer();
              if (res.status !== 200) errors++;
            })
            .catch(() => void errors++)
            .finally(() => latencies.push(performance.now() - dueAt)),
        );
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

function summary(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { n: sorted.length, mean: sorted.reduce((a, b) => a + b, 0) / sorted.length, p50: at(50), p99: at(99), max: sorted.at(-1) ?? NaN };
}

function printTable(rows, settings) {
  console.log(
    `\nconcurrency ${settings.concurrency}, at most ${settings.durationMs / 1000} s and ${settings.maxRequests} requests per operation` +
      ` (after ${settings.warmupMs / 1000} s of warm-up), Node ${process.version}, loopback\n`,
  );
  const header = ['operation', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors'];
  const lines = rows.map(({ name, r }) => [
    name,
    String(r.requests),
    r.throughput.toFixed(0),
    r.p50.toFixed(2),
    r.p99.toFixed(2),
    r.max.toFixed(2),
    r.errors ? `${r.errors} ${JSON.stringify(r.failures)}` : '0',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
}

async function main() {
  const settings = options(process.argv.slice(2));
  const dataDir = mkdtempSync(join(tmpdir(), 'portale-bench-'));
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const server = startServer(port, dataDir);
  let bare;
  const cleanUp = async () => {
    if (bare) await stopServer(bare);
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => void cleanUp().then(() => process.exit(130)));
  }

  let failed = false;
  try {
    const startedAt = performance.now();
    await waitUntilUp(base, server);
    console.log(`server up on ${base} in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (data in ${dataDir})`);

    const login = await json(
      await fetch(`${base}/api/v4/utenti/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(USER),
      }),
    );
    const student = login.studenti[0];
    const headers = { authorization: `JWT ${login.token}` };
    const studentBase = `${base}/api/v3/scuole/${student.id_scuola}/studenti/${student.id}/${student.anno_corrente}`;
    const grades = await json(await fetch(`${studentBase}/voti_plain`, { headers }));
    if (!grades.length) throw new Error('the student has no grades');
    const gradeId = grades[0].id_voto;

    const operations = [
      { name: 'GET voti_plain', request: () => fetch(`${studentBase}/voti_plain`, { headers }) },
      {
        name: 'PUT presa_visione_voti/{id}',
        request: () => fetch(`${studentBase}/presa_visione_voti/${gradeId}`, { method: 'PUT', headers }),
      },
    ];
    const rows = [];
    let warmupErrors = 0;
    for (const op of operations) {
      if (settings.warmupMs > 0) warmupErrors += (await load(op.request, { ...settings, durationMs: settings.warmupMs })).errors;
      rows.push({ name: op.name, r: await load(op.request, settings) });
    }
    printTable(rows, settings);
    if (warmupErrors) console.error(`\n${warmupErrors} requests failed during the warm-up`);
    failed = warmupErrors > 0 || rows.some(({ r }) => r.errors > 0 || r.requests === 0);
    if (failed) console.error('\nsome requests failed');

    // ---- the floor comparison (README "Budgets")
    const bodyFile = join(dataDir, 'voti_plain.json');
    writeFileSync(bodyFile, JSON.stringify(grades));
    const barePort = await freePort();
    const bareBase = `http://${HOST}:${barePort}`;
    bare = startBareServer(barePort, bodyFile);
    await waitUntilUp(bareBase, bare, 30_000, '/voti_plain');
    const targets = [
      { name: 'portal GET voti_plain', request: () => fetch(`${studentBase}/voti_plain`, { headers }) },
      { name: 'bare Fastify, same JSON', request: () => fetch(`${bareBase}/voti_plain`) },
    ];
    const roundMs = settings.durationMs / settings.rounds;
    for (const t of targets) await paced(t.request, { rate: settings.rate, durationMs: settings.warmupMs });
    const samples = targets.map(() => ({ latencies: [], errors: 0 }));
    for (let round = 0; round < settings.rounds; round++) {
      // Alternate which goes first, so neither always follows the other's garbage collection.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const r = await paced(targets[i].request, { rate: settings.rate, durationMs: roundMs });
        samples[i].latencies.push(...r.latencies);
        samples[i].errors += r.errors;
      }
    }
    const [portal, floor] = samples.map((x) => summary(x.latencies));
    console.log(
      `\nfixed rate ${settings.rate} req/s, ${settings.rounds} alternating rounds of ${(roundMs / 1000).toFixed(2)} s each, latency from when each request was due\n`,
    );
    const header = ['target', 'requests', 'mean ms', 'p50 ms', 'p99 ms', 'max ms', 'errors'];
    const lines = targets.map((t, i) => {
      const x = [portal, floor][i];
      return [t.name, String(x.n), x.mean.toFixed(2), x.p50.toFixed(2), x.p99.toFixed(2), x.max.toFixed(2), String(samples[i].errors)];
    });
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
    console.log(format(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const line of lines) console.log(format(line));
    const meanRatio = portal.mean / floor.mean;
    const p99Ratio = portal.p99 / floor.p99;
    const meanOk = meanRatio <= BUDGET.mean;
    const p99Ok = p99Ratio <= BUDGET.p99;
    console.log(`\n${meanOk ? 'ok  ' : 'FAIL'} mean ${meanRatio.toFixed(2)}× the bare route (budget ${BUDGET.mean}×)`);
    console.log(`${p99Ok ? 'ok  ' : 'FAIL'} p99  ${p99Ratio.toFixed(2)}× the bare route (budget ${BUDGET.p99}×)`);
    if (samples.some((x) => x.errors > 0)) console.error('some requests of the fixed-rate comparison failed');
    failed ||= !meanOk || !p99Ok || samples.some((x) => x.errors > 0);
  } catch (err) {
    failed = true;
    console.error(err instanceof Error ? err.message : err);
  } finally {
    await cleanUp();
  }
  process.exitCode = failed ? 1 : 0;
}

await main();
