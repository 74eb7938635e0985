#!/usr/bin/env node
// Proves the lockfile installs on the machines people have (issue 30), not only on this Linux x64 box:
//
// 1. No package that npm must install is tied to one platform. npm refuses a plain (non-optional)
//    dependency whose `os`/`cpu` do not match the machine (EBADPLATFORM), so in package-lock.json
//    every entry with `os` or `cpu` must be `optional` (`devOptional` is not enough: with dev
//    dependencies installed, it is required).
// 2. The lockfile lists every platform binding that a package declares: npm can prune the bindings of
//    other platforms from a lockfile written on one machine, and `npm ci` on a Mac then installs
//    @swc/core without its darwin binary (jest cannot start).
// 3. `npm ci --dry-run` resolves for each target below, run as that platform: npm checks non-optional
//    packages against the real `process.platform`/`process.arch` (its --os/--cpu options only steer
//    optional ones), so a preload makes npm's process report the target, and each native package in
//    the install gets a binding for it.
//
// Usage: node scripts/check-platform-deps.mjs [project dir] [--static]   (default: the repository)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const TARGETS = [
  { os: 'darwin', cpu: 'arm64' },
  { os: 'linux', cpu: 'arm64', libc: 'glibc' },
  { os: 'linux', cpu: 'x64', libc: 'glibc' },
];

const args = process.argv.slice(2);
const staticOnly = args.includes('--static');
const root = resolve(args.find((a) => !a.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const packages = lock.packages ?? {};
const problems = [];

const isPlatformBound = (entry) => Boolean(entry.os || entry.cpu);
const nameOf = (path) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Node's resolution inside the lockfile: `name` as seen from the package at `from`. */
function locate(from, name) {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut < 0 ? '' : base.slice(0, cut);
  }
}

// 1. Platform-bound packages are optional.
for (const [path, entry] of Object.entries(packages)) {
  if (path && isPlatformBound(entry) && entry.optional !== true) {
    problems.push(`${nameOf(path)}@${entry.version} is tied to ${JSON.stringify({ os: entry.os, cpu: entry.cpu })} but is not optional: npm refuses to install it elsewhere (EBADPLATFORM). Depend on the package that lists it as optional instead.`);
  }
}

// 2. Every declared platform binding is in the lockfile.
const families = [];
for (const [path, entry] of Object.entries(packages)) {
  const optional = Object.keys(entry.optionalDependencies ?? {});
  const found = optional.map((name) => [name, locate(path, name)]);
  if (!found.some(([, at]) => at && isPlatformBound(packages[at]))) continue;
  families.push({ path, bindings: found.filter(([, at]) => at).map(([, at]) => at) });
  for (const [name, at] of found) {
    if (!at) problems.push(`${nameOf(path)} lists ${name} as optional, but package-lock.json has no entry for it: npm ci leaves that platform without a binary (regenerate the lock so it keeps every platform's entry).`);
  }
}

/** npm-install-checks' rule: a listed value, or a list of exclusions (`!x`) that spares this one. */
function allows(list, value) {
  if (!list) return true;
  if (list.includes(`!${value}`)) return false;
  return list.includes(value) || list.every((v) => v.startsWith('!'));
}
const matches = (entry, target) => allows(entry.os, target.os) && allows(entry.cpu, target.cpu) && (!target.libc || allows(entry.libc, target.libc));

// 3. npm ci resolves as each target would run it.
function dryRun(target) {
  const dir = mkdtempSync(join(tmpdir(), `platform-${target.os}-${target.cpu}-`));
  try {
    const manifests = ['package.json', 'package-lock.json', ...(lock.packages[''].workspaces ?? []).map((w) => join(w, 'package.json'))];
    for (const file of manifests) if (existsSync(join(root, file))) cpSync(join(root, file), join(dir, file));
    const preload = join(dir, 'as-target.cjs');
    writeFileSync(preload, `Object.defineProperty(process, 'platform', { value: ${JSON.stringify(target.os)} });\nObject.defineProperty(process, 'arch', { value: ${JSON.stringify(target.cpu)} });\n`);
    const flags = ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error', `--os=${target.os}`, `--cpu=${target.cpu}`, ...(target.libc ? [`--libc=${target.libc}`] : [])];
    const run = spawnSync('npm', flags, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${preload}`.trim() },
    });
    const label = `${target.os}-${target.cpu}`;
    if (run.status !== 0) {
      problems.push(`npm ci as ${label} fails:\n${(run.stderr || run.stdout).trim().split('\n').slice(0, 8).join('\n')}`);
      return;
    }
    const added = new Set([...run.stdout.matchAll(/^add (\S+) (\S+)$/gm)].map(([, name, version]) => `${name}@${version}`));
    for (const { path, bindings } of families) {
      const entry = packages[path];
      if (!added.has(`${nameOf(path)}@${entry.version}`)) continue;
      const usable = bindings.filter((at) => matches(packages[at], target));
      if (usable.length === 0) continue; // the package offers nothing for this platform (it has a fallback or none)
      if (!usable.some((at) => added.has(`${nameOf(at)}@${packages[at].version}`))) {
        problems.push(`npm ci as ${label} installs ${nameOf(path)} without a binding for it (expected one of ${usable.map(nameOf).join(', ')}).`);
      }
    }
    console.log(`ok   npm ci --dry-run resolves as ${label} (${added.size} packages, native bindings for ${label} included)`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (problems.length === 0) {
  console.log(`ok   package-lock.json: every platform-bound package is optional; ${families.length} native packages list all their bindings`);
  if (!staticOnly) for (const target of TARGETS) dryRun(target);
}
if (problems.length) {
  console.error(problems.map((p) => `FAIL ${p}`).join('\n'));
  process.exit(1);
}
