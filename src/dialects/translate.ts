// Reads a host's dispatch into the hub's words and writes it as a dialect's dispatches, from their tables
// (src/dialects/table.ts); reads a dialect's rewrite of a tool's input back into the host's input. Every
// step that cannot be done exactly says why, so the caller can decide the stricter way.
import type { Action, Canonical, CanonicalTool, ToolKind } from './canonical.js';
import type { DialectTable, EventRow, ToolRow, ValueMap } from './table.js';
import { opAsTool, parsePatch, toolAsPatch } from './apply-patch.js';
import { isDeepStrictEqual } from '../node-builtins.js';

/** A table with its lookups made once. */
export interface Compiled {
  readonly table: DialectTable;
  /** Event -> the row a host's dispatch of it is read by. */
  readonly read: ReadonlyMap<string, EventRow>;
  /** Action -> the events written for it, in order. */
  readonly write: ReadonlyMap<Action, readonly EventRow[]>;
  readonly byName: ReadonlyMap<string, readonly ToolRow[]>;
  /** Kind -> the row written for it (never an alias). */
  readonly byKind: ReadonlyMap<ToolKind, ToolRow>;
  /** The actions some of whose events carry a tool call. */
  readonly tooled: ReadonlySet<Action>;
  /** Per event row: its fields and the common ones, each with what it needs worked out once. */
  readonly pairs: ReadonlyMap<EventRow, readonly Pair[]>;
  /** Per tool row: its keys as [hub key, input key] pairs. */
  readonly keys: ReadonlyMap<ToolRow, readonly (readonly [string, string])[]>;
}

/** One field of an event row, compiled. */
interface Pair {
  readonly hub: string;
  readonly key: string;
  /** 1: the tool's name; 2: its input; 3: one key of the hub's input (`sub`); 0: a field. */
  readonly kind: 0 | 1 | 2 | 3;
  readonly sub: string;
  readonly dotted: boolean;
  readonly values: ValueMap | undefined;
  readonly exact: boolean;
  readonly mint: boolean;
}

export function compile(table: DialectTable): Compiled {
  const read = new Map<string, EventRow>();
  const write = new Map<Action, EventRow[]>();
  for (const row of table.events) {
    if (row.writeOnly !== true && !read.has(row.event)) read.set(row.event, row);
    const list = write.get(row.action) ?? [];
    list.push(row);
    write.set(row.action, list);
  }
  const byName = new Map<string, ToolRow[]>();
  const byKind = new Map<ToolKind, ToolRow>();
  for (const row of table.tools) {
    const list = byName.get(row.name) ?? [];
    list.push(row);
    byName.set(row.name, list);
    if (row.alias !== true && !byKind.has(row.kind)) byKind.set(row.kind, row);
  }
  const tooled = new Set(table.events.filter((r) => r.fields.tool_name !== undefined || r.tools !== undefined).map((r) => r.action));
  const pair = (r: EventRow, hub: string, key: string): Pair => ({
    hub,
    key,
    kind: hub === 'tool_name' ? 1 : hub === 'tool_input' ? 2 : hub.startsWith('tool_input.') ? 3 : 0,
    sub: hub.startsWith('tool_input.') ? hub.slice(11) : '',
    dotted: key.includes('.'),
    values: table.values?.[hub],
    exact: r.exact?.includes(hub) === true,
    mint: r.mint?.includes(hub) === true,
  });
  const pairs = new Map(table.events.map((r) => [r, [...Object.entries(table.common), ...Object.entries(r.fields)].map(([hub, key]) => pair(r, hub, key))] as const));
  const keys = new Map(table.tools.map((r) => [r, Object.entries(r.keys ?? {})] as const));
  return { table, read, write, byName, byKind, tooled, pairs, keys };
}

/** A host's tool call as read: the hub's view, the row it was read by, and the input as the host gave it. */
export interface HostTool {
  readonly hub: CanonicalTool | undefined;
  readonly name: string;
  readonly row: ToolRow | undefined;
  readonly own: unknown;
}

/** A host's dispatch in the hub's words. */
export interface HostRead extends Canonical {
  readonly call?: HostTool;
}

const get = (o: unknown, path: string): unknown => {
  if (!path.includes('.')) return (o as Record<string, unknown>)?.[path];
  let v: unknown = o;
  for (const k of path.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
};
const set = (o: Record<string, unknown>, path: string, value: unknown): void => {
  if (!path.includes('.')) {
    o[path] = value;
    return;
  }
  const keys = path.split('.');
  let at = o;
  for (const k of keys.slice(0, -1)) at = (at[k] !== null && typeof at[k] === 'object' ? at[k] : (at[k] = {})) as Record<string, unknown>;
  at[keys[keys.length - 1]!] = value;
};
const own = (o: object, k: string): boolean => Object.prototype.hasOwnProperty.call(o, k);

const NONE = Symbol('no counterpart');

function toOwnValue(map: ValueMap | undefined, v: unknown): unknown {
  if (map === undefined || typeof v !== 'string') return v;
  for (const [hub, own] of map) if (hub === v) return own;
  return NONE;
}

function fromOwnValue(map: ValueMap | undefined, v: unknown): unknown {
  if (map === undefined || typeof v !== 'string') return v;
  for (const [hub, own] of map) if (own === v) return hub;
  return v;
}

/** A host's dispatch in the hub's words, or undefined when the event has no action in the hub. */
export function readHost(t: Compiled, event: string, payload: Readonly<Record<string, unknown>>, aliases?: Readonly<Record<string, readonly string[]>>): HostRead | undefined {
  const row = t.read.get(event);
  if (row === undefined) return undefined;
  const fields: Record<string, unknown> = {};
  for (const p of t.pairs.get(row)!) {
    if (p.kind !== 0) continue;
    const v = p.dotted ? get(payload, p.key) : payload[p.key];
    if (v !== undefined) fields[p.hub] = fromOwnValue(p.values, v);
  }
  const nameKey = row.fields.tool_name;
  if (nameKey === undefined) return { action: row.action, fields };
  const name = String(payload[nameKey] ?? '');
  const input = payload[row.fields.tool_input ?? ''];
  // A host whose tools a harness aliases (the afk reference's `toolAliases`): an alias is read as its tool.
  let own = name;
  if (aliases !== undefined && !t.byName.has(name)) for (const canonical in aliases) if (aliases[canonical]!.includes(name) && t.byName.has(canonical)) own = canonical;
  const call = readTool(t, own, input);
  return call.hub === undefined ? { action: row.action, fields, call } : { action: row.action, fields, tool: call.hub, call };
}

// The URL a fetch prompt carries (Gemini's web_fetch has no url key).
const URL_RE = /https?:\/\/[^\s"'<>]+/;

function readTool(t: Compiled, name: string, input: unknown): HostTool {
  const rows = t.byName.get(name);
  if (rows === undefined) {
    const mcp = mcpName(t.table.mcp, name);
    return mcp === undefined ? { hub: undefined, name, row: undefined, own: input } : { hub: { kind: 'mcp', input: objectOf(input), mcp }, name, row: undefined, own: input };
  }
  const obj = objectOf(input);
  let row: ToolRow | undefined;
  for (const r of rows) {
    if (r.when === undefined || own(obj, r.when)) {
      row = r;
      break;
    }
  }
  if (row === undefined) return { hub: undefined, name, row: undefined, own: input };
  let hubInput: Record<string, unknown>;
  if (row.codec === 'patch-object' || row.codec === 'patch-string') {
    const text = typeof input === 'string' ? input : obj.command ?? obj.patch ?? obj.input;
    hubInput = { patch: typeof text === 'string' ? text : '' };
  } else if (row.codec === 'url-in-prompt') {
    const prompt = typeof obj.prompt === 'string' ? obj.prompt : '';
    hubInput = { prompt, url: URL_RE.exec(prompt)?.[0] ?? '' };
  } else if (row.keys === undefined) {
    hubInput = { ...obj };
  } else {
    hubInput = {};
    for (const [hub, key] of t.keys.get(row)!) if (own(obj, key)) hubInput[hub] = obj[key];
  }
  return { hub: { kind: row.kind, input: hubInput }, name, row, own: input };
}

function objectOf(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function mcpName(scheme: DialectTable['mcp'], name: string): { server: string | undefined; name: string } | undefined {
  if (scheme === 'cursor') return name.startsWith('MCP:') ? { server: undefined, name: name.slice(4) } : undefined;
  if (scheme === 'gemini') {
    const m = /^mcp_([^_]+)_(.+)$/.exec(name);
    return m === null ? undefined : { server: m[1], name: m[2]! };
  }
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m === null ? undefined : { server: m[1], name: m[2]! };
}

function mcpNameIn(scheme: DialectTable['mcp'], mcp: { server: string | undefined; name: string }): string | undefined {
  if (scheme === 'cursor') return `MCP:${mcp.name}`;
  // A harness that names the server cannot be told a call whose server was not said.
  if (mcp.server === undefined) return undefined;
  return scheme === 'gemini' ? `mcp_${mcp.server}_${mcp.name}` : `mcp__${mcp.server}__${mcp.name}`;
}

/** The start of a reason a dialect's hooks cannot be shown a call that they would see in their harness: the call is blocked. */
export const REFUSED = 'refused: ';
/** The most calls one patch becomes for a harness with per-file tools. */
export const MAX_PATCH_CALLS = 64;

/** One tool call as a dialect sees it. */
export interface DialectCall {
  readonly kind: ToolKind;
  readonly name: string;
  readonly row: ToolRow | undefined;
  /** The hub's input this call was made from (one operation's, for a patch split into several). */
  readonly hub: CanonicalTool;
  /** The input as the dialect's hook gets it. */
  readonly input: unknown;
  /** How many calls the host's one call became (a patch of several files is one call per file). */
  readonly of: number;
  /** How the host's call was reshaped for it: a patch split into operations, or an edit made into a patch. */
  readonly via?: 'split' | 'patch';
}

/** The tool a harness writes a call of `kind` with: its own, else (a file operation) its patch tool, else none. */
export function rowForKind(t: Compiled, kind: ToolKind): ToolRow | undefined {
  return t.byKind.get(kind) ?? (FILE_OPERATIONS.has(kind) ? t.byKind.get('patch') : undefined);
}
const FILE_OPERATIONS: ReadonlySet<ToolKind> = new Set(['write', 'edit', 'multi_edit', 'delete']);

/** The dialect's calls for a host's tool call, or why it has none. */
export function dialectCalls(t: Compiled, tool: CanonicalTool): DialectCall[] | string {
  if (tool.kind === 'mcp') {
    const name = tool.mcp === undefined ? undefined : mcpNameIn(t.table.mcp, tool.mcp);
    return name === undefined ? `the MCP tool's server is not known, and ${t.table.profile} names tools by server` : [{ kind: 'mcp', name, row: undefined, hub: tool, input: tool.input, of: 1 }];
  }
  const direct = t.byKind.get(tool.kind);
  if (direct !== undefined) return [{ kind: tool.kind, name: direct.name, row: direct, hub: tool, input: writeInput(direct, tool.input, t.keys.get(direct)), of: 1 }];
  const patch = t.byKind.get('patch');
  if (patch !== undefined && tool.kind !== 'patch') {
    const text = toolAsPatch(tool);
    if (text !== undefined) return [{ kind: 'patch', name: patch.name, row: patch, hub: tool, input: writeInput(patch, { patch: text }), of: 1, via: 'patch' }];
  }
  if (tool.kind === 'patch') {
    const ops = parsePatch(String(tool.input.patch ?? ''));
    // A patch its own harness would apply but this one cannot read, or one of more files than are run one
    // guard call each: refused (the caller blocks where the dialect has hooks), never skipped.
    if (ops === undefined) return `${REFUSED}the patch could not be read, and ${t.table.profile} has no patch tool to show it to its hooks as it is`;
    if (ops.length > MAX_PATCH_CALLS) return `${REFUSED}a patch of ${ops.length} files would be ${ops.length} calls for ${t.table.profile}'s hooks (at most ${MAX_PATCH_CALLS})`;
    const calls: DialectCall[] = [];
    for (const op of ops) {
      const hub = opAsTool(op);
      const row = hub && t.byKind.get(hub.kind);
      if (hub !== undefined && row !== undefined) calls.push({ kind: hub.kind, name: row.name, row, hub, input: writeInput(row, hub.input), of: ops.length, via: 'split' });
    }
    return calls.length > 0 ? calls : `${t.table.profile} has no tool for the patch's operations`;
  }
  return `${t.table.profile} has no ${tool.kind} tool`;
}

function writeInput(row: ToolRow, hub: Readonly<Record<string, unknown>>, keys: readonly (readonly [string, string])[] = Object.entries(row.keys ?? {})): unknown {
  if (row.codec === 'patch-object') return { command: hub.patch };
  if (row.codec === 'patch-string') return hub.patch;
  if (row.codec === 'url-in-prompt') {
    const url = typeof hub.url === 'string' && hub.url !== '' ? hub.url : undefined;
    const prompt = typeof hub.prompt === 'string' ? hub.prompt : '';
    return { prompt: url === undefined || prompt.includes(url) ? prompt : prompt === '' ? url : `${url}\n${prompt}` };
  }
  if (row.keys === undefined) return { ...hub };
  const out: Record<string, unknown> = {};
  for (const [k, key] of keys) if (own(hub, k)) out[key] = hub[k];
  return out;
}

/** One dispatch of a dialect for a host's dispatch. */
export interface Written {
  readonly event: string;
  readonly row: EventRow;
  readonly payload: Record<string, unknown>;
  readonly call: DialectCall | undefined;
}

/**
 * The dispatches a dialect makes of a host's action: one per event it fires for it (and per call, for a
 * patch split into files), or why none. `mint` makes an id for a field the host did not say.
 */
export function writeDialect(t: Compiled, c: Canonical, mint: (field: string) => string, earlier?: (field: string) => unknown): Written[] | string {
  const rows = t.write.get(c.action);
  if (rows === undefined) return `${t.table.profile} has no event for ${c.action}`;
  let calls: (DialectCall | undefined)[] = [undefined];
  if (t.tooled.has(c.action)) {
    if (c.tool === undefined) return `the tool has no counterpart in ${t.table.profile}`;
    const made = dialectCalls(t, c.tool);
    if (typeof made === 'string') return made;
    calls = made;
  }
  const out: Written[] = [];
  let why: string | undefined;
  for (const row of rows) {
    for (const call of calls) {
      if (row.tools !== undefined && (call === undefined || !row.tools.includes(call.hub.kind))) continue;
      const payload = writePayload(t, row, c, call, mint, earlier);
      if (typeof payload === 'string') why ??= payload;
      else out.push({ event: row.event, row, payload, call });
    }
  }
  return out.length > 0 ? out : (why ?? `${t.table.profile} fires nothing for this ${c.action}`);
}

function writePayload(t: Compiled, row: EventRow, c: Canonical, call: DialectCall | undefined, mint: (field: string) => string, earlier: ((field: string) => unknown) | undefined): Record<string, unknown> | string {
  const payload: Record<string, unknown> = {};
  for (const p of t.pairs.get(row)!) {
    const hub = p.hub;
    let v: unknown;
    if (p.kind === 1) v = call?.name;
    else if (p.kind === 2) v = call?.input;
    else if (p.kind === 3) v = call?.hub.input[p.sub];
    else v = c.fields[hub] ?? earlier?.(hub);
    if (v === undefined) {
      // (A field the host does not say at all takes the row's default, where it has one.)
      if (p.exact && (row.defaults === undefined || !(p.key in row.defaults))) return `the host did not say ${hub}, which ${t.table.profile}'s ${row.event} needs`;
      if (p.mint) set(payload, p.key, mint(hub));
      continue;
    }
    const value = p.kind === 0 ? toOwnValue(p.values, v) : v;
    if (value === NONE) {
      if (p.exact) return `${hub} ${JSON.stringify(v)} has no counterpart in ${t.table.profile}'s ${row.event}`;
      continue;
    }
    if (p.dotted) set(payload, p.key, value);
    else payload[p.key] = value;
  }
  for (const key in row.defaults) if (get(payload, key) === undefined) set(payload, key, row.defaults[key]);
  const common = t.table.commonDefaults;
  if (common !== undefined) for (const key in common) if (payload[key] === undefined) payload[key] = common[key];
  return payload;
}

/**
 * A dialect's replacement of a tool's input (in the dialect's keys) as the host's replacement (in the
 * host's), or why it cannot be stated exactly there.
 */
export function rewriteInHost(hostCall: HostTool, dialect: Compiled, call: DialectCall, updated: unknown): Record<string, unknown> | string {
  if (call.of > 1) return `the host's one call was ${call.of} calls for ${dialect.table.profile}; a rewrite of one of them cannot be stated as the host's`;
  // The dialect's input -> the hub's.
  let hub: CanonicalTool | undefined;
  if (call.row === undefined) {
    hub = { kind: call.kind, input: objectOf(updated), ...(call.hub.mcp === undefined ? {} : { mcp: call.hub.mcp }) };
  } else {
    const read = readTool(dialect, call.name, updated).hub;
    if (read === undefined) return `the rewritten input is not a ${call.name} input`;
    if (call.row.keys !== undefined) {
      const sent = objectOf(call.input);
      for (const k of Object.keys(objectOf(updated))) {
        if (!Object.values(call.row.keys).includes(k) && !isDeepStrictEqual(objectOf(updated)[k], sent[k])) return `the rewrite sets ${dialect.table.profile}'s ${call.name} key "${k}", which the host's tool has no counterpart for`;
      }
    }
    hub = read;
    if (call.via === 'patch') {
      const ops = parsePatch(String(read.input.patch ?? ''));
      const op = ops?.length === 1 ? opAsTool(ops[0]!) : undefined;
      if (op === undefined || op.kind !== call.hub.kind) return `the rewritten patch is not one ${call.hub.kind} of one file`;
      hub = op;
    }
  }
  // The hub's -> the host's.
  const row = hostCall.row;
  if (row === undefined) return hub.kind === 'mcp' ? { ...hub.input } : `the host's tool has no row to state a rewrite in`;
  if (row.codec === 'patch-object' || row.codec === 'patch-string') {
    const text = hub.kind === 'patch' ? String(hub.input.patch ?? '') : toolAsPatch(hub);
    if (text === undefined) return `the rewrite cannot be written as a patch`;
    return row.codec === 'patch-object' ? { ...objectOf(hostCall.own), command: text } : { patch: text };
  }
  if (hub.kind !== row.kind) return `the rewrite turned a ${row.kind} into a ${hub.kind}`;
  const stated = writeInput(row, hub.input) as Record<string, unknown>;
  // Keys the host's tool has and the dialect never saw are kept; the ones it saw are as it left them.
  // (What the dialect saw: its tool's keys, or, through a codec, what the codec carries.)
  const saw = (k: string): boolean => (call.row?.codec !== undefined ? own(hub.input, k) : call.row?.keys === undefined || own(call.row.keys, k));
  if (row.keys === undefined) {
    // A host tool without a key table (the afk reference's) has the hub's keys: the same rule, key by key
    // (spread, not assigned: a `__proto__` key stays a key).
    return { ...Object.fromEntries(Object.entries(objectOf(hostCall.own)).filter(([k]) => !saw(k))), ...stated };
  }
  const out: Record<string, unknown> = { ...objectOf(hostCall.own) };
  for (const k in row.keys) if (saw(k)) delete out[row.keys[k]!];
  for (const k of Object.keys(hub.input)) if (!own(row.keys, k) && !isDeepStrictEqual(hub.input[k], hostCall.hub?.input[k])) return `the rewrite sets "${k}", which the host's ${hostCall.name} has no key for`;
  return Object.assign(out, stated);
}
