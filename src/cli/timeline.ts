// `harness-hooks timeline RECORD.jsonl -o timeline.html`: one self-contained HTML page of a recorded
// session (no network, no CDN): a lane per hook with a bar per run, from its start to its end, coloured by
// outcome; the decision and reason on hover and on click; the dispatches per event with their merged
// decision; and a summary (slowest hooks, failures, hooks that never ran when --settings names the config).
// Above the hook lanes, each session's status lane (timeline-status.ts).
// The page draws itself from the JSON it embeds, in the browser.
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { COMMON_OPTIONS, EXIT, PROFILE_OPTION, SETTINGS_OPTIONS, expectPositionals, parseGates, parseProfile } from './args.js';
import { configErrorsJson, exitHelp, formatConfigErrors, type CommandDef } from './command.js';
import { resolveInputs } from './discover.js';
import { readRecord, type RecordedDispatch } from './record.js';
import { misfiledHooks, openSession } from './session.js';
import { statusLanes, type SessionStatusLane } from './timeline-status.js';

/** What the page is drawn from. */
export interface TimelineData {
  title: string;
  dispatches: {
    line: number;
    event: string;
    /** ms since the first dispatch. */
    at: number;
    durationMs: number;
    blocked: boolean;
    decision?: string;
    reason?: string;
    runs: { hook: string; kind: string; outcome: string; start: number; durationMs: number; decision?: string; reason?: string; message?: string }[];
  }[];
  /** Configured hooks that no dispatch ran (when --settings was given), else undefined. */
  neverRan?: string[];
  /** The profile the status lane is read with. */
  profile: string;
  /** Each session's status intervals (the lane above the hooks), by the session status machine. */
  status: SessionStatusLane[];
}

export const timelineCommand: CommandDef = {
  name: 'timeline',
  summary: 'one self-contained HTML page of a recorded session: a lane per hook, a bar per run',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION, ...SETTINGS_OPTIONS, output: { type: 'string', short: 'o' } },
  help: `Usage: harness-hooks timeline RECORD [-o timeline.html] [--settings FILE…] [--json]

Draws a recorded session (the registry's \`record\` option, or \`harness-hooks run --record\`) as one HTML
page with everything inside it (no network): one lane per hook, a bar per run from its start to its end
coloured by outcome (ok, block, error, timeout, aborted), the decision and reason on hover or click, the
dispatches per event with their merged decision, and a summary: the slowest hooks, the failures, and —
with --settings — the configured hooks that never ran. Above the hook lanes, a status lane per session:
its status (waiting, working, input, completed) over time, from the recorded events stepped through the
session status machine by the profile's table (--profile), at their recorded times.

Options:
  -o, --output FILE   where to write the page (default timeline.html)
  --settings FILE…    the settings the session ran with, to list hooks that never ran
  --profile NAME      default, claude, codex, gemini, copilot or cursor (also the status lane's)
  --json              { output, dispatches, runs, profile, status } instead of the usual line
  -h, --help          this help

${exitHelp()}`,

  async run(args, io) {
    const [file] = expectPositionals(args, ['RECORD']);
    // A line without its payload (a `redact` that dropped it, or threw) is still a dispatch to draw.
    const recorded = await readRecord(file!, { payload: 'optional' });
    let configured: string[] | undefined;
    // The status lane's profile: --profile, else the one the settings are read with, else default.
    let statusProfile: string = parseProfile(args.values.profile);
    if (args.settings.length > 0) {
      const { profile, settings, projectDir } = resolveInputs(args, io, 'timeline', { discover: false });
      const opened = await openSession({ profile, gates: parseGates(args.values), settings, cwd: io.cwd, projectDir });
      if (!opened.ok) {
        io.out(args.values.json === true ? `${JSON.stringify(configErrorsJson(opened.files), null, 2)}\n` : formatConfigErrors(opened.files, io.style));
        return EXIT.config;
      }
      configured = [...new Set(opened.session.registry.listHooks().filter((h) => h.gatedBy === undefined).map((h) => laneName(h.name, h.dialect)))];
      // Hooks filed under a misspelt event never ran either: listed with why, and the event they nearly spell.
      for (const h of misfiledHooks(opened.session)) configured.push(`${h.path} in ${h.file}: ${h.reason}`);
      await opened.session.registry.close();
      statusProfile = profile;
    }
    const data = timelineData(file!, recorded, configured, statusProfile);
    const output = resolve(io.cwd, typeof args.values.output === 'string' ? args.values.output : 'timeline.html');
    await writeFile(output, timelineHtml(data));
    const runs = data.dispatches.reduce((n, d) => n + d.runs.length, 0);
    io.out(args.values.json === true ? `${JSON.stringify({ output, dispatches: data.dispatches.length, runs, profile: data.profile, status: data.status }, null, 2)}\n` : `wrote ${output}: ${data.dispatches.length} dispatches, ${runs} runs\n`);
    return EXIT.ok;
  },
};

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
// A record is read as hostile: a number is kept only when it is a finite, non-negative one.
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined);

// The page's data from the record's lines.
export function timelineData(title: string, recorded: readonly RecordedDispatch[], configured?: readonly string[], profile = 'default'): TimelineData {
  const times = recorded.map((d) => (d.time === undefined ? Number.NaN : Date.parse(d.time)));
  // (A loop, not Math.min(...times): a spread of 150,000 values overflows the stack.)
  let first = Number.POSITIVE_INFINITY;
  for (const t of times) if (Number.isFinite(t) && t < first) first = t;
  let cursor = 0;
  const dispatches = recorded.map((d, i) => {
    // A line without a time follows the one before it.
    const at = Number.isFinite(times[i]!) && Number.isFinite(first) ? times[i]! - first : cursor;
    let sequential = 0;
    const runs = (d.runs ?? []).map((r) => {
      const durationMs = num(r.durationMs) ?? 0;
      // An older record has no start: each run where the one before it ended.
      const start = num(r.startMs) ?? sequential;
      sequential += durationMs;
      return {
        // A foreign hook's lane names its harness (a registry with dialects: the run's `dialect`).
        hook: laneName(r.name, str(r.dialect)),
        kind: str(r.kind) ?? 'hook',
        outcome: str(r.outcome) ?? 'ok',
        start,
        durationMs,
        ...(str(r.decision?.decision) === undefined ? {} : { decision: str(r.decision?.decision)! }),
        ...(str(r.decision?.reason) === undefined ? {} : { reason: str(r.decision?.reason)! }),
        ...(str(r.message) === undefined ? {} : { message: str(r.message)! }),
      };
    });
    let end = 0;
    for (const r of runs) end = Math.max(end, r.start + r.durationMs);
    const durationMs = num(d.durationMs) ?? end;
    cursor = at + durationMs;
    return {
      line: d.line,
      event: d.event,
      at,
      durationMs,
      blocked: d.result?.blocked === true,
      ...(str(d.result?.decision) === undefined ? {} : { decision: str(d.result?.decision)! }),
      ...(str(d.result?.reason) === undefined ? {} : { reason: str(d.result?.reason)! }),
      runs,
    };
  });
  const ran = new Set(dispatches.flatMap((d) => d.runs.map((r) => r.hook)));
  let end = 0;
  for (const d of dispatches) end = Math.max(end, d.at + d.durationMs);
  const status = statusLanes(dispatches.map((d, i) => ({ event: d.event, payload: recorded[i]!.payload, line: d.line, at: d.at })), profile, end);
  return { title, dispatches, ...(configured === undefined ? {} : { neverRan: configured.filter((h) => !ran.has(h)) }), profile, status };
}

// A hook's lane: its name, after its harness when it is a dialect's.
const laneName = (name: string, dialect: string | undefined): string => (dialect === undefined ? name : `[${dialect}] ${name}`);

// The page: the data as JSON (with `<` escaped, so no string in it can end the script), the styles, and
// the script that draws the lanes, the dispatch tables and the summary.
export function timelineHtml(data: TimelineData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>harness-hooks timeline</title>
<style>
  body { font: 13px/1.4 system-ui, sans-serif; margin: 16px; color: #222; }
  h1 { font-size: 18px; margin: 0 0 8px; } h2 { font-size: 15px; margin: 20px 0 6px; }
  .lane-label { font: 12px ui-monospace, monospace; fill: #333; }
  .bar { cursor: pointer; } .bar:hover { stroke: #000; stroke-width: 1; }
  .ok { fill: #3a9d5d; } .block { fill: #d64541; } .error { fill: #f39c12; } .timeout { fill: #8e44ad; } .aborted { fill: #95a5a6; }
  .dispatch { fill: #dfe6ee; } .dispatch.blocked { fill: #f5c6c4; }
  .status:hover { stroke: #000; stroke-width: 1; }
  .st-waiting { fill: #aab7b8; } .st-working { fill: #2e86c1; } .st-input { fill: #f1c40f; } .st-completed { fill: #1e8449; }
  .legend .st-waiting { background: #aab7b8; } .legend .st-working { background: #2e86c1; } .legend .st-input { background: #f1c40f; color: #222; } .legend .st-completed { background: #1e8449; }
  .legend span { display: inline-block; padding: 1px 8px; margin-right: 6px; color: #fff; border-radius: 3px; }
  .legend .ok { background: #3a9d5d; } .legend .block { background: #d64541; } .legend .error { background: #f39c12; } .legend .timeout { background: #8e44ad; } .legend .aborted { background: #95a5a6; }
  table { border-collapse: collapse; margin-bottom: 8px; } td, th { border-bottom: 1px solid #eee; padding: 2px 8px; text-align: left; }
  #detail { position: sticky; top: 0; background: #fffbe6; border: 1px solid #e6d98c; padding: 6px 10px; min-height: 1.4em; white-space: pre-wrap; font: 12px ui-monospace, monospace; }
</style>
</head>
<body>
<h1>Hook timeline</h1>
<div id="meta"></div>
<section id="summary"><h2>Summary</h2></section>
<h2>Runs</h2>
<div class="legend">status: <span class="st-waiting">waiting</span><span class="st-working">working</span><span class="st-input">input</span><span class="st-completed">completed</span></div>
<div class="legend"><span class="ok">ok</span><span class="block">block</span><span class="error">error</span><span class="timeout">timeout</span><span class="aborted">aborted</span></div>
<div id="detail">Click a bar for its decision and reason.</div>
<div id="lanes"></div>
<section id="dispatches"><h2>Dispatches by event</h2></section>
<script id="data" type="application/json">${json}</script>
<script>
(() => {
  const data = JSON.parse(document.getElementById('data').textContent);
  const svgNs = 'http://www.w3.org/2000/svg';
  const el = (tag, attrs, text) => { const e = document.createElement(tag); for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v); if (text !== undefined) e.textContent = text; return e; };
  const svgEl = (tag, attrs) => { const e = document.createElementNS(svgNs, tag); for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v)); return e; };
  const ms = (n) => (n >= 1000 ? (n / 1000).toFixed(2) + ' s' : n.toFixed(n < 10 ? 2 : 0) + ' ms');
  const runs = data.dispatches.flatMap((d) => d.runs.map((r) => Object.assign({}, r, { event: d.event, line: d.line, t: d.at + r.start })));
  document.getElementById('meta').textContent = data.title + ': ' + data.dispatches.length + ' dispatches, ' + runs.length + ' runs';

  // Lanes: one per hook, in the order hooks first ran (a Map: linear in the runs, however many hooks).
  const lane = new Map();
  const byHook = new Map();
  for (const r of runs) {
    if (!lane.has(r.hook)) { lane.set(r.hook, lane.size); byHook.set(r.hook, []); }
    byHook.get(r.hook).push(r);
  }
  const hooks = [...lane.keys()];
  let end = 1;
  for (const d of data.dispatches) end = Math.max(end, d.at + d.durationMs);
  // The status lanes (one per session) sit between the dispatches and the hooks.
  const statusLanes = data.status || [];
  const labelW = 280, plotW = 900, laneH = 22, statusTop = 28, top = statusTop + statusLanes.length * laneH;
  const x = (t) => labelW + (t / end) * plotW;
  const svg = svgEl('svg', { width: labelW + plotW + 20, height: top + (hooks.length + 1) * laneH + 10, role: 'img' });
  statusLanes.forEach((s, i) => {
    const y = statusTop + i * laneH;
    const name = 'status' + (s.sessionId ? ' · ' + s.sessionId : '');
    const label = svgEl('text', { x: 4, y: y + 15, class: 'lane-label status-label' });
    label.textContent = name.length > 42 ? name.slice(0, 41) + '…' : name;
    label.appendChild(svgEl('title', {})).textContent = name + ' (' + data.profile + ' profile)';
    svg.appendChild(label);
    for (const iv of s.intervals) {
      const bar = svgEl('rect', { x: x(iv.start), y: y + 3, width: Math.max(2, x(iv.end) - x(iv.start)), height: laneH - 6, class: 'status st-' + iv.status });
      const detail = iv.status + ' from ' + ms(iv.start) + ' to ' + ms(iv.end) + '\\n' + iv.reason;
      bar.appendChild(svgEl('title', {})).textContent = detail;
      bar.addEventListener('click', () => { document.getElementById('detail').textContent = detail; });
      svg.appendChild(bar);
    }
  });
  svg.appendChild(svgEl('text', { x: 4, y: 18, class: 'lane-label' })).textContent = 'dispatches';
  for (const d of data.dispatches) {
    const r = svgEl('rect', { x: x(d.at), y: 6, width: Math.max(2, x(d.at + d.durationMs) - x(d.at)), height: 16, class: 'dispatch' + (d.blocked ? ' blocked' : '') });
    r.appendChild(svgEl('title', {})).textContent = d.event + ' (line ' + d.line + '): ' + (d.blocked ? 'blocked' : 'allowed') + (d.reason ? ' — ' + d.reason : '');
    svg.appendChild(r);
  }
  hooks.forEach((hook, i) => {
    const y = top + i * laneH;
    const label = svgEl('text', { x: 4, y: y + 15, class: 'lane-label' });
    label.textContent = hook.length > 42 ? hook.slice(0, 41) + '…' : hook;
    label.appendChild(svgEl('title', {})).textContent = hook;
    svg.appendChild(label);
    svg.appendChild(svgEl('line', { x1: labelW, x2: labelW + plotW, y1: y + laneH - 1, y2: y + laneH - 1, stroke: '#eee' }));
  });
  for (const r of runs) {
    const y = top + lane.get(r.hook) * laneH + 3;
    const bar = svgEl('rect', { x: x(r.t), y, width: Math.max(2, x(r.t + r.durationMs) - x(r.t)), height: laneH - 6, class: 'bar ' + r.outcome, 'data-hook': r.hook });
    const detail = r.event + ' (line ' + r.line + ') · ' + r.hook + '\\n' + r.outcome + ' in ' + ms(r.durationMs) + (r.decision ? '\\ndecision: ' + r.decision : '') + (r.reason ? '\\nreason: ' + r.reason : '') + (r.message ? '\\n' + r.message : '');
    bar.appendChild(svgEl('title', {})).textContent = detail;
    bar.addEventListener('click', () => { document.getElementById('detail').textContent = detail; });
    svg.appendChild(bar);
  }
  document.getElementById('lanes').appendChild(svg);

  // Dispatches per event, with the merged decision.
  const section = document.getElementById('dispatches');
  const byEvent = new Map();
  for (const d of data.dispatches) { if (!byEvent.has(d.event)) byEvent.set(d.event, []); byEvent.get(d.event).push(d); }
  for (const [event, list] of byEvent) {
    section.appendChild(el('h3', {}, event));
    const table = el('table', { class: 'event' });
    table.appendChild(el('tr')).append(el('th', {}, 'line'), el('th', {}, 'at'), el('th', {}, 'decision'), el('th', {}, 'reason'), el('th', {}, 'runs'));
    for (const d of list) {
      table.appendChild(el('tr', { class: 'dispatch-row' })).append(el('td', {}, String(d.line)), el('td', {}, ms(d.at)), el('td', {}, d.blocked ? 'blocked' : d.decision || 'allowed'), el('td', {}, d.reason || ''), el('td', {}, String(d.runs.length)));
    }
    section.appendChild(table);
  }

  // The summary: slowest hooks, failures, hooks that never ran.
  const summary = document.getElementById('summary');
  const slowest = hooks.map((h) => ({ h, max: byHook.get(h).reduce((m, r) => Math.max(m, r.durationMs), 0) })).sort((a, b) => b.max - a.max).slice(0, 5);
  const list = (title, items) => { summary.appendChild(el('h3', {}, title)); const ul = summary.appendChild(el('ul', { class: 'list' })); for (const i of items) ul.appendChild(el('li', {}, i)); if (items.length === 0) ul.appendChild(el('li', {}, 'none')); };
  list('Slowest hooks', slowest.map((s) => s.h + ': ' + ms(s.max)));
  list('Failures', runs.filter((r) => r.outcome === 'error' || r.outcome === 'timeout' || r.outcome === 'aborted').map((r) => r.hook + ' (' + r.outcome + ' on ' + r.event + ', line ' + r.line + ')' + (r.message ? ': ' + r.message : '')));
  if (data.neverRan) list('Hooks that never ran', data.neverRan);
  else list('Hooks that never ran', ['(pass --settings to list them)']);
  document.body.setAttribute('data-drawn', String(runs.length));
})();
</script>
</body>
</html>
`;
}
