#!/usr/bin/env node
// Browser tests use Debian's Chromium (Playwright cannot download its own browser here): the full
// browser, and its headless shell, which the suites drive when it is there (playwright.config.ts).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shell = process.env.HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
const missing = [
  ...(existsSync(chromium) ? [] : ['chromium', 'fonts-dejavu-core']),
  ...(existsSync(shell) ? [] : ['chromium-headless-shell']),
];
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0) {
  const how = `sudo apt-get install -y ${missing.join(' ')}`;
  if (!existsSync(chromium)) {
    console.error(`Chromium not found at ${chromium}. Install it with: ${how} (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
  console.warn(`The browser tests run in the full Chromium, slower than its headless shell: ${how}`);
  process.exit(0);
}
console.log(`Installing Debian's ${missing.join(', ')} for the browser tests…`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
