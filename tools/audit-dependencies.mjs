// The dependency check CI runs (pnpm audit:deps). Two questions about what we ship (production
// dependencies of every workspace package, transitive ones included):
//
// 1. Known advisories: `pnpm audit --prod --audit-level high`. Fails on a high or critical one.
//    When the advisory endpoint cannot be reached (a registry mirror that does not serve it
//    answers 405), the check says NOT CHECKED, loudly, and does not count as passed: with
//    `--require-advisories` that is a failure too.
// 2. Deprecated packages, from the registry's own metadata (which every mirror serves): a
//    deprecated direct dependency fails; a deprecated transitive one is listed.
//
// Exit status: 0 when nothing was found, 1 on a finding, 2 when the advisories were required
// and could not be checked. Run with --use-system-ca (pnpm audit:deps does) so that a registry
// behind a proxy with its own certificate authority is trusted as npm trusts it.
import { execFileSync } from 'node:child_process';

const REGISTRY = (process.env.npm_config_registry ?? 'https://registry.npmjs.org/').replace(/\/?$/, '/');
const requireAdvisories = process.argv.includes('--require-advisories');

function pnpm(args) {
  try {
    return execFileSync('pnpm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 << 20 });
  } catch (error) {
    // pnpm audit exits non-zero on findings and on endpoint errors alike; its JSON tells which.
    if (typeof error.stdout === 'string' && error.stdout.trim() !== '') return error.stdout;
    throw error;
  }
}

function advisories() {
  const report = JSON.parse(pnpm(['audit', '--prod', '--audit-level', 'high', '--json']));
  if (report.error) return { checked: false, reason: report.error.message ?? report.error.code };
  const found = Object.values(report.advisories ?? {}).filter((a) => ['high', 'critical'].includes(a.severity));
  return {
    checked: true,
    found: found.map((a) => `${a.module_name} ${a.vulnerable_versions} (${a.severity}): ${a.title} ${a.url}`),
  };
}

/** Every production package@version, and the names the workspace packages depend on directly. */
function productionTree() {
  const projects = JSON.parse(pnpm(['ls', '-r', '--prod', '--json', '--depth', 'Infinity']));
  const all = new Map();
  const direct = new Set();
  const walk = (deps, isDirect) => {
    for (const [name, dep] of Object.entries(deps ?? {})) {
      if (String(dep.version).startsWith('link:')) continue;
      if (isDirect) direct.add(name);
      const key = `${name}@${dep.version}`;
      if (all.has(key)) continue;
      all.set(key, { name, version: dep.version });
      walk(dep.dependencies, false);
    }
  };
  for (const project of projects) walk(project.dependencies, true);
  return { packages: [...all.values()], direct };
}

async function deprecations({ packages, direct }) {
  const found = [];
  const queue = [...packages];
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      const { name, version } = next;
      const url = `${REGISTRY}${name.replace('/', '%2f')}/${version}`;
      const response = await fetch(url).catch((error) => {
        throw new Error(`the registry could not be reached (${url}): ${error.cause?.message ?? error.message}`);
      });
      if (!response.ok) throw new Error(`${name}@${version}: the registry answered ${response.status}`);
      const manifest = await response.json();
      if (manifest.deprecated) found.push({ name, version, direct: direct.has(name), why: manifest.deprecated });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

const tree = productionTree();
const advisory = advisories();
let deprecated;
try {
  deprecated = await deprecations(tree);
} catch (error) {
  console.log(`Deprecated: NOT CHECKED, ${error.message}`);
  process.exit(1);
}

console.log(`Production packages: ${tree.packages.length} (${tree.direct.size} direct)`);
if (advisory.checked) {
  console.log(`Advisories (high or critical): ${advisory.found.length}`);
  for (const line of advisory.found) console.log(`  ${line}`);
} else {
  console.log(`Advisories: NOT CHECKED. The advisory endpoint could not be reached: ${advisory.reason}`);
  console.log('  Run `pnpm audit --prod --audit-level high` where registry.npmjs.org answers it.');
}
const failing = deprecated.filter((d) => d.direct);
console.log(`Deprecated: ${failing.length} direct, ${deprecated.length - failing.length} transitive`);
for (const d of deprecated) console.log(`  ${d.direct ? 'direct' : 'transitive'} ${d.name}@${d.version}: ${d.why}`);

if ((advisory.checked && advisory.found.length > 0) || failing.length > 0) process.exit(1);
if (!advisory.checked && requireAdvisories) process.exit(2);
