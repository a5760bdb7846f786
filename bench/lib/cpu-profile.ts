/**
 * Reads a V8 `.cpuprofile` (node --cpu-prof) into the two views a flame graph gives at a glance:
 * self time per function (where the CPU was when sampled) and total time per function (the share of
 * samples with that function anywhere on the stack, i.e. the width of its bar in a flame graph).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

export interface FrameShare {
  frame: string;
  share: number;
}

/** `name (package/file:line)`: the package for node_modules frames, the file for ours. */
function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  const file = url.replace(/^file:\/\//, '');
  const inModules = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(file);
  // The bench bundle lives under node_modules/.bench-server-*/: that is our code, not a package.
  const where = inModules && !inModules[1]!.startsWith('.bench-server') ? `${inModules[1]}/${path.basename(inModules[2]!)}` : path.basename(file);
  return `${name} (${where}:${lineNumber + 1})`;
}

export function summarise(file: string, top = 15): { self: FrameShare[]; total: FrameShare[]; samples: number } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const counted = profile.samples.filter((id) => byId.get(id)!.callFrame.functionName !== '(idle)');
  for (const id of counted) {
    const name = frameName(byId.get(id)!);
    self.set(name, (self.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frameName(byId.get(at)!);
      if (seen.has(frame)) continue;
      seen.add(frame);
      total.set(frame, (total.get(frame) ?? 0) + 1);
    }
  }
  const rank = (map: Map<string, number>) =>
    [...map.entries()]
      .filter(([frame]) => !['(root)', '(program)'].includes(frame) || map === self)
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, count]) => ({ frame, share: count / counted.length }));
  return { self: rank(self), total: rank(total), samples: counted.length };
}
