// Headless Debian Chromium driven by playwright-core (Playwright's own browser download is not reachable here).
import * as fs from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumPath } from './paths.mjs';

// Without the background-networking flags Chromium keeps dialing Google hosts the closed network refuses.
const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** Launches Chromium with a fresh profile (Playwright makes a temporary one). */
export async function launchBrowser() {
  const executablePath = chromiumPath();
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium not found at ${executablePath}: run \`node scripts/setup-vscode.mjs\` or set AMP_URL_CHROMIUM`,
    );
  }
  return chromium.launch({ executablePath, headless: true, args: FLAGS });
}
