// Each profile's `encodeOutput` is the inverse of its own reading of a hook's output: for every decision a
// profile can read on an event, the stdout and exit code it writes, printed by a real hook and read back by
// that profile's own registry, give the same decision; where the event cannot be told it, what is read back
// is the stricter one, and the notes say so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HookRegistry } from '../../src/index.js';
import { PROFILES } from '../../src/profiles/index.js';
import { compile, writeDialect } from '../../src/dialects/translate.js';
import { statedOf, type StatedDecision } from '../../src/dialects/stated.js';
import type { Canonical } from '../../src/dialects/canonical.js';
import { PROFILE_NAMES_FOR_TESTS, type Dialect } from '../profiles/contract-dialects.js';
import { scriptedHook } from '../helpers/scripted-hook.js';

const root = mkdtempSync(join(tmpdir(), 'hh-encode-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const SETTINGS = { enableShellHooks: true, allowProjectHooks: true, enablePluginHooks: true };

const FIELDS = { session_id: 's1', cwd: root, prompt: 'fix it', stop_hook_active: false, source: 'startup', agent_id: 'a1', agent_type: 'worker', trigger: 'manual', last_assistant_message: 'done' };
const ACTIONS: Canonical[] = [
  { action: 'tool.before', fields: FIELDS, tool: { kind: 'shell', input: { command: 'ls' } } },
  { action: 'tool.after', fields: { ...FIELDS, tool_response: 'ok' }, tool: { kind: 'shell', input: { command: 'ls' } } },
  { action: 'prompt', fields: FIELDS },
  { action: 'stop', fields: FIELDS },
  { action: 'session.start', fields: FIELDS },
];
const DECISIONS: StatedDecision[] = [{ block: 'no, because' }, { ask: 'sure?' }, { updatedInput: { command: 'echo safe' } }, { context: 'some context' }, { stop: 'halt' }, { allow: true }];

// A command hook in a profile's own config format, on one event.
const config = (d: Dialect, event: string, command: string) => d.config(event, [d.commandHook(command)]);

describe.each(PROFILE_NAMES_FOR_TESTS)('%s', (name, dialect) => {
  const profile = PROFILES[name as keyof typeof PROFILES];
  const table = compile(profile.dialect!);
  const cases: [string, Record<string, unknown>, StatedDecision][] = [];
  for (const c of ACTIONS) {
    const written = writeDialect(table, c, () => 'id1');
    if (typeof written === 'string') continue;
    for (const w of written.filter((x) => !x.row.writeOnly)) for (const d of DECISIONS) cases.push([w.event, w.payload, d]);
  }

  it.each(cases)('%s (payload %j) %j: read back as itself, or stricter where the notes say', async (event, payload, decision) => {
    const encoded = profile.encodeOutput!(event, decision);
    const command = scriptedHook(root, { stdout: encoded.stdout, stderr: encoded.stderr, exit: encoded.exitCode });
    const r = new HookRegistry({ profile: name as 'claude', ...(dialect.options ?? {}), settings: SETTINGS, session: { sessionId: 's1', cwd: root }, projectDir: root } as never) as any;
    try {
      r.addConfig(config(dialect, event, command), { source: dialect.userSource });
      const back = statedOf(await r.dispatch(event, payload));
      if (encoded.notes.length === 0) {
        for (const [k, v] of Object.entries(decision)) expect(back, `${event}: ${k}`).toHaveProperty(k, v);
        if (decision.allow === undefined) expect(back.allow).toBeUndefined();
        if (decision.updatedInput === undefined) expect(back.updatedInput).toBeUndefined();
      } else if (decision.block !== undefined || decision.ask !== undefined || decision.stop !== undefined || decision.updatedInput !== undefined) {
        // The stricter: a decision that would hold the action back holds it back, unless the event is not
        // read at all (its notes say so: nothing is said).
        const said = encoded.notes.some((n) => /not said|not read/.test(n));
        if (!said) expect(back.block !== undefined || back.stop !== undefined || back.ask !== undefined, `${event} ${JSON.stringify(decision)} → ${JSON.stringify(back)}; notes ${encoded.notes}`).toBe(true);
        expect(back.updatedInput).toBeUndefined();
      }
    } finally {
      await r.close();
    }
  });
});
