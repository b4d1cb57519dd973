import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What dominates a cost, from a V8 CPU profile (`node --cpu-prof`, or Chromium's profiler): the
 * functions with the most self time, as shares of the samples. Benchmarks write it under a
 * missed goal (bench/README.md: from a profile, not a guess).
 */

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
}

export interface Hotspot {
  readonly name: string;
  /** Where it lives: a path relative to the repository, a package, or "(native)". */
  readonly where: string;
  /** Share of all samples, in per cent. */
  readonly selfPercent: number;
}

/** Shortens a script URL: node_modules packages by name, our files from the repo root. */
function place(url: string, line: number): string {
  if (url === '') return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  const ours = /\/(apps|packages|bench)\/.*$/.exec(url);
  return `${ours ? ours[0].slice(1) : url}:${line + 1}`;
}

/** The top `count` functions by self time in one profile. */
export function hotspots(profile: CpuProfile, count = 8): Hotspot[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, { name: string; where: string; samples: number }>();
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const where = place(url, lineNumber);
    const key = `${name}@${where}`;
    const entry = self.get(key) ?? { name, where, samples: 0 };
    entry.samples += 1;
    self.set(key, entry);
  }
  const total = profile.samples.length || 1;
  return [...self.values()]
    .sort((a, b) => b.samples - a.samples)
    .slice(0, count)
    .map(({ name, where, samples }) => ({
      name,
      where,
      selfPercent: Math.round((samples / total) * 1000) / 10,
    }));
}

/** The hotspots of every `.cpuprofile` in a directory (node --cpu-prof-dir), merged. */
export async function hotspotsOfDir(dir: string, count = 8): Promise<Hotspot[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.cpuprofile'));
  const nodes: ProfileNode[] = [];
  const samples: number[] = [];
  for (const [index, file] of files.entries()) {
    const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
    // Ids are per file: offset them so the profiles merge.
    const offset = index * 1_000_000;
    for (const node of profile.nodes) nodes.push({ ...node, id: node.id + offset });
    for (const id of profile.samples) samples.push(id + offset);
  }
  return hotspots({ nodes, samples }, count);
}

/** One line for RESULTS.md: "42.1 % pg (native) · 10.3 % serialize apps/server/…". */
export function describeHotspots(spots: readonly Hotspot[]): string {
  return spots.map((spot) => `${spot.selfPercent} % ${spot.name} (${spot.where})`).join(' · ');
}
