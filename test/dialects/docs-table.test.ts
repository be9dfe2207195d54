// docs/dialects.md's tables are the translation tables (src/profiles/<name>/dialect.ts) as they are: this
// renders them and compares. `UPDATE_DOCS=1 npx vitest run test/dialects/docs-table.test.ts` rewrites them.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { PROFILES } from '../../src/profiles/index.js';
import type { Action, ToolKind } from '../../src/dialects/canonical.js';
import type { DialectTable } from '../../src/dialects/table.js';

const DOC = fileURLToPath(new URL('../../docs/dialects.md', import.meta.url));
const tables = Object.values(PROFILES).map((p) => p.dialect!) as DialectTable[];
const ACTIONS: Action[] = ['tool.before', 'tool.after', 'tool.failed', 'tool.permission', 'prompt', 'stop', 'subagent.start', 'subagent.stop', 'session.start', 'session.end', 'compact.before', 'compact.after', 'notification'];
const KINDS: ToolKind[] = ['shell', 'read', 'write', 'edit', 'multi_edit', 'patch', 'delete', 'glob', 'grep', 'ls', 'web_fetch', 'web_search', 'agent', 'todo', 'ask_user'];
const code = (s: string) => `\`${s}\``;

function render(): string {
  const head = `| | ${tables.map((t) => t.profile).join(' | ')} |\n| --- | ${tables.map(() => '---').join(' | ')} |`;
  const events = ACTIONS.map((a) => {
    const cells = tables.map((t) => {
      const rows = t.events.filter((r) => r.action === a);
      return rows.length === 0 ? '—' : rows.map((r) => (r.writeOnly ? `+ ${code(r.event)}${r.tools ? ` (${r.tools.join(', ')})` : ''}` : code(r.event))).join('<br>');
    });
    return `| ${a} | ${cells.join(' | ')} |`;
  });
  const tools = KINDS.map((k) => {
    const cells = tables.map((t) => {
      const rows = t.tools.filter((r) => r.kind === k);
      if (rows.length === 0) return t.tools.some((r) => r.kind === 'patch') && ['write', 'edit', 'multi_edit', 'delete'].includes(k) ? 'as a patch' : '—';
      return rows.map((r) => (r.alias ? `(${code(r.name)})` : code(r.name))).join(' ');
    });
    return `| ${k} | ${cells.join(' | ')} |`;
  });
  const never = tables.map((host) => {
    const hostActions = new Set(host.events.filter((r) => !r.writeOnly).map((r) => r.action));
    const cells = tables.map((d) => {
      if (d === host) return '(host)';
      const lost = [...new Set(d.events.map((r) => r.event))].filter((e) => d.events.every((r) => r.event !== e || !hostActions.has(r.action)));
      return lost.length === 0 ? 'all fire' : lost.map(code).join(', ');
    });
    return `| ${host.profile} | ${cells.join(' | ')} |`;
  });
  return [
    '**Events, by what they mean** (`+`: a second event the harness fires for the same action, for those tools only)',
    '',
    head,
    ...events,
    '',
    '**Tools, by what they do, as each harness names them** (in parentheses: other names it reads; "as a patch": its one file tool, `apply_patch`, carries it)',
    '',
    head,
    ...tools,
    '',
    "**A dialect's events a host never fires** (rows: the host; columns: the dialect; each such hook is listed with `never` and explained)",
    '',
    `| host \\ dialect | ${tables.map((t) => t.profile).join(' | ')} |\n| --- | ${tables.map(() => '---').join(' | ')} |`,
    ...never,
    '',
    "**Events no other harness has** (their hooks run only in a registry of their own harness):",
    '',
    ...tables.map((t) => {
      const mapped = new Set(t.events.map((r) => r.event));
      const own = PROFILES[t.profile as keyof typeof PROFILES].events.filter((e) => !mapped.has(e));
      return `- ${t.profile}: ${own.length === 0 ? 'none' : own.map(code).join(', ')}`;
    }),
  ].join('\n');
}

it("docs/dialects.md's tables are the translation tables", () => {
  const text = readFileSync(DOC, 'utf8');
  const start = '<!-- tables:start -->';
  const end = '<!-- tables:end -->';
  expect(text).toContain(start);
  const next = text.replace(new RegExp(`${start}[\\s\\S]*${end}`), () => `${start}\n${render()}\n${end}`);
  if (process.env.UPDATE_DOCS === '1') writeFileSync(DOC, next);
  expect(text).toBe(next);
});

it('every row of every table cites its source', () => {
  for (const t of tables) for (const row of [...t.events, ...t.tools]) expect(row.source, `${t.profile} ${'event' in row ? row.event : row.name}`).toMatch(/\S/);
});
