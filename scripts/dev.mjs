// `npm run dev`: the API with reload (`node --watch`: it restarts when a file it imports changes,
// the contracts included) on the embedded database unless DATABASE_URL is set, and the portal's
// Vite dev server (hot reload) in front of it, which passes `/api` on to the API. One Ctrl-C or
// SIGTERM stops both.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSupervisor, requireSupportedNode, viteCli } from './processes.mjs';

requireSupportedNode();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portalDir = path.join(root, 'apps/portal');
const apiPort = process.env.PORT || '3000';
// Vite is strict about its port (apps/portal/vite.config.ts), so a second dev server fails loudly.
const portalPort = process.env.PORTAL_PORT || '5173';
const portalUrl = `http://localhost:${portalPort}`;
const supervisor = createSupervisor();

supervisor.run(
  process.execPath,
  ['--watch', '--watch-preserve-output', path.join(root, 'apps/api/src/main.ts')],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PORT: apiPort }, critical: true },
);

// Vite's standard input is a pipe that stays open: Vite exits when it closes, so it also goes away
// if this script is killed outright.
supervisor.run(process.execPath, [viteCli(portalDir), '--port', portalPort], {
  cwd: portalDir,
  stdio: ['pipe', 'inherit', 'inherit'],
  env: { ...process.env, PORTAL_API_TARGET: `http://localhost:${apiPort}` },
  critical: true,
});

/** True once the URL answers HTTP at all. */
async function answers(url) {
  try {
    await fetch(url);
    return true;
  } catch {
    return false;
  }
}

// Say where to go once both servers answer, after their own start-up lines.
const deadline = Date.now() + 120_000;
while (!supervisor.stopping && Date.now() < deadline) {
  if ((await answers(`${portalUrl}/`)) && (await answers(`http://127.0.0.1:${apiPort}/api/health`))) {
    console.log(
      `\n  open ${portalUrl}  (the portal reloads on save; the API on :${apiPort} restarts when its sources change)\n` +
        '  Ctrl-C stops both.\n',
    );
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
