// What a source's switch-off setting speaks for (src/source-scope.ts): its own source and those below.
import { describe, expect, it } from 'vitest';
import { switchesOff, switchOffTargets } from '../src/source-scope.js';

describe('switchesOff', () => {
  it('lets a source switch off its own hooks and those below, never those above', () => {
    expect(switchesOff('project', 'project')).toBe(true);
    for (const higher of ['user', 'local', 'managed', 'system', 'plugin', 'session']) expect(switchesOff('project', higher)).toBe(false);
    expect(switchesOff('local', 'project')).toBe(true);
    expect(switchesOff('local', 'user')).toBe(false);
    expect(switchesOff('user', 'plugin')).toBe(true);
    expect(switchesOff('user', 'managed')).toBe(false);
    expect(switchesOff('user', 'system')).toBe(false);
    expect(switchesOff('system', 'managed')).toBe(true);
    expect(switchesOff('managed', 'system')).toBe(true);
  });

  it('gives a plugin, a skill or an agent nothing to switch off', () => {
    for (const source of ['plugin', 'skill', 'agent', 'code', '__proto__']) expect(switchOffTargets(source)).toBeUndefined();
  });
});
