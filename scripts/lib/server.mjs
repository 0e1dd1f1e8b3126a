// The reference server as the benchmarks need it: a production build on a free loopback port, a
// data folder of its own, the demo data at the pinned instant the tests use.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const HOST = '127.0.0.1';

export function freePort() {
  return new Promise((res, rej) => {
    const probe = createServer();
    probe.once('error', rej);
    probe.listen(0, HOST, () => {
      const { port } = probe.address();
      probe.close(() => res(port));
    });
  });
}

export async function startServer(port, dataDir, { repo, dist }) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repo,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST,
      DATA_DIR: dataDir,
      STATIC_DIR: dist,
      PORTAL_NOW: '2026-11-20T09:00:00+01:00',
      LOGIN_RATE_MAX: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => (output += c));
  child.stderr.on('data', (c) => (output += c));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`http://${HOST}:${port}/version.txt`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not start:\n${output}`);
}
