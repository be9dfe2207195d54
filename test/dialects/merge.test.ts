// The merge of dialects' results into the host's (src/dialects/merge.ts), on results as the runs give them.
import { describe, expect, it } from 'vitest';
import { mergeForeign, type ForeignResult } from '../../src/dialects/merge.js';

const host = { blocked: false, aborted: false, runs: [] };
const rewriting = (dialect: string, rewrite: Record<string, unknown>): ForeignResult => ({ dialect, event: 'E', result: { blocked: false, aborted: false, runs: [], updatedInput: rewrite }, rewrite });

describe('mergeForeign', () => {
  it('two rewrites that say the same input in another key order are one rewrite, applied', () => {
    const r = mergeForeign('claude', 'PreToolUse', { permission: true, rewrite: true }, host, [rewriting('gemini', { command: 'ls', timeout: 5 }), rewriting('cursor', { timeout: 5, command: 'ls' })]);
    expect(r).toMatchObject({ blocked: false, updatedInput: { command: 'ls', timeout: 5 } });
  });

  it('two rewrites that differ block, and neither is applied', () => {
    const r = mergeForeign('claude', 'PreToolUse', { permission: true, rewrite: true }, host, [rewriting('gemini', { command: 'ls' }), rewriting('cursor', { command: 'ls -la' })]);
    expect(r).toMatchObject({ blocked: true, permissionDecision: 'deny' });
    expect(r.updatedInput).toBeUndefined();
  });
});
