// The hook input of a codex dispatch: the event's stdin keys in Codex's order, the common ones from the
// session when the payload has none, nothing else (a hook's stdin carries exactly what Codex sends).
// Fast path [tapable]: one function per event, compiled once, that reads and writes each key by its
// constant name in a fixed order (every input of an event shares one hidden class); where code generation
// from strings is disallowed, the same as a loop.
import type { HookSession } from '../../types.js';
import type { CodexEventSpec } from './events.js';

export type InputBuilder = (payload: Record<string, unknown>, session: Readonly<HookSession>) => Record<string, unknown>;

type Mode = '' | '?' | '!';

// What a key falls back to when the payload has none, as an expression over `s` (the session) and `d` (the
// event's defaults); undefined: nothing.
const FALLBACK: Readonly<Record<string, string>> = {
  session_id: 's.sessionId',
  cwd: '(s.cwd ?? process.cwd())',
  transcript_path: '(s.transcriptPath ?? undefined)',
};

export function compileInputBuilder(spec: CodexEventSpec): InputBuilder {
  const keys = spec.stdin.map((k): [string, Mode] => (k.endsWith('?') || k.endsWith('!') ? [k.slice(0, -1), k.slice(-1) as Mode] : [k, '']));
  const defaults = spec.defaults ?? {};
  const lines = keys.map(([key, mode]) => {
    const name = JSON.stringify(key);
    if (key === 'hook_event_name') return `o[${name}] = ${JSON.stringify(spec.name)};`;
    const fallbacks = [FALLBACK[key], Object.hasOwn(defaults, key) ? `d[${name}]` : undefined].filter((f) => f !== undefined);
    const read = [`v = p[${name}];`, ...fallbacks.map((f) => `if (v === undefined) v = ${f};`)].join(' ');
    return mode === '!' ? `${read} o[${name}] = v === undefined ? null : v;` : `${read} if (v !== undefined) o[${name}] = v;`;
  });
  try {
    const make = new Function('d', `return function (p, s) { const o = {}; let v; ${lines.join(' ')} return o; };`) as (d: unknown) => InputBuilder;
    return make(defaults);
  } catch {
    return (p, s) => {
      const o: Record<string, unknown> = {};
      for (const [key, mode] of keys) {
        let v = key === 'hook_event_name' ? spec.name : p[key];
        if (v === undefined) v = key === 'session_id' ? s.sessionId : key === 'cwd' ? (s.cwd ?? process.cwd()) : key === 'transcript_path' ? (s.transcriptPath ?? undefined) : defaults[key];
        if (v === undefined && mode !== '!') continue;
        o[key] = v === undefined ? null : v;
      }
      return o;
    };
  }
}
