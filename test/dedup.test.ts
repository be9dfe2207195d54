// Which copy of identical hooks runs (src/dedup.ts): never a weaker one, never a lower source's in place of the administrator's.
import { describe, expect, it } from 'vitest';
import { dedupWinners, guardStrength } from '../src/dedup.js';

const copy = (source: string, rank: number, order?: number) => ({ dedupKey: 'k', dedupRank: rank, ...(order === undefined ? {} : { dedupOrder: order }), meta: { source } });

describe('dedupWinners', () => {
  it('keeps an administrator\'s copy whatever the order and rank of the others', () => {
    const managed = copy('managed', 1);
    expect(dedupWinners([managed, copy('project', 9)]).get('k')).toBe(managed);
    const system = copy('system', 1);
    expect(dedupWinners([copy('user', 9), system, copy('project', 9)]).get('k')).toBe(system);
  });

  it('among the rest: the stronger, then the higher order, then the last registered', () => {
    const strong = copy('project', 5);
    expect(dedupWinners([copy('user', 4), strong, copy('local', 3)]).get('k')).toBe(strong);
    const first = copy('user', 5, 2);
    expect(dedupWinners([first, copy('project', 5, 1)]).get('k')).toBe(first);
    const last = copy('local', 5);
    expect(dedupWinners([copy('user', 5), last]).get('k')).toBe(last);
  });
});

describe('guardStrength', () => {
  it('ranks the whole environment over foreground over fail-closed over a longer timeout', () => {
    const base = { wholeEnv: false, background: false, failClosed: false, timeoutMs: 1000 };
    expect(guardStrength({ ...base, wholeEnv: true, background: true, timeoutMs: 1 })).toBeGreaterThan(guardStrength({ ...base, failClosed: true, timeoutMs: 9e12 }));
    expect(guardStrength({ ...base, timeoutMs: 1 })).toBeGreaterThan(guardStrength({ ...base, background: true, failClosed: true }));
    expect(guardStrength({ ...base, failClosed: true, timeoutMs: 1 })).toBeGreaterThan(guardStrength({ ...base, timeoutMs: 9e12 }));
    expect(guardStrength({ ...base, timeoutMs: 2000 })).toBeGreaterThan(guardStrength(base));
  });
});
