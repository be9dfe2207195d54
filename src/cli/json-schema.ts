// The JSON Schema of a hooks config, for editors: generated from the zod config schemas by zod's own
// JSON Schema export, then given what editors need and zod cannot say by itself: the profile's event
// names (for completion), descriptions, and each handler type's required fields (zod checks those in a
// refinement, which has no JSON Schema form). schema/hooks.json and schema/claude-settings.json are this
// output, written by scripts/build-schema.ts; a test keeps them equal to it.
import { EVENT_SPECS, HOOK_EVENTS, type HookEvent } from '../profiles/default/events.js';
import { CLAUDE_EVENT_SPECS, CLAUDE_HOOK_EVENTS, type ClaudeHookEvent } from '../profiles/claude/events.js';
import type { ProfileName } from '../profiles/index.js';
import { loadZod } from '../lazy.js';
import { codexJsonSchema } from '../profiles/codex/json-schema.js';
import { geminiJsonSchema } from '../profiles/gemini/json-schema.js';
import { copilotJsonSchema } from '../profiles/copilot/json-schema.js';
import { cursorJsonSchema } from '../profiles/cursor/json-schema.js';
import { getConfigSchemas } from '../schemas/config.js';

/** The file each profile's schema ships as, under schema/. */
export const SCHEMA_FILES: Readonly<Record<ProfileName, string>> = { default: 'hooks.json', claude: 'claude-settings.json', codex: 'codex-hooks.json', gemini: 'gemini-settings.json', copilot: 'copilot-hooks.json', cursor: 'cursor-hooks.json' };

type JsonObject = Record<string, unknown>;

const COMMON_DESCRIPTIONS: Readonly<Record<string, string>> = {
  command: 'The shell command (run with /bin/sh -c). It gets the hook input as JSON on stdin; exit 0 with JSON on stdout decides, exit 2 blocks with stderr as the reason.',
  args: 'Exec form: `command` is run directly with these arguments, no shell.',
  shell: '"bash" (the default, /bin/sh -c) or "powershell" (pwsh).',
  if: 'A permission rule, e.g. "Bash(git push*)" or "Edit(src/**/*.ts)": the hook runs only for tool calls that match it (tool events only).',
  once: 'Remove the hook after its first run.',
  statusMessage: 'Shown in the harness while the hook runs.',
  async: 'Start the command in the background; the action does not wait for it.',
  asyncRewake: 'Background, and when it exits 2 its output wakes the model.',
  onFailure: '"block": a hook that crashes, times out, cannot start or returns unreadable output blocks the action. Default "continue".',
  url: 'type "http": the URL the hook input is POSTed to.',
  headers: 'type "http": request headers; $VAR / ${VAR} are substituted for names in allowedEnvVars only.',
  allowedEnvVars: 'type "http": environment variables the headers may use.',
  prompt: 'type "prompt" / "agent": the prompt; $ARGUMENTS is replaced by the hook input JSON.',
  model: 'type "prompt" / "agent": the model to ask.',
  continueOnBlock: 'type "prompt" / "agent": when it blocks, let the turn go on (default false: the turn ends).',
  server: 'type "mcp_tool": the MCP server.',
  tool: 'type "mcp_tool": the tool to call.',
  input: 'type "mcp_tool": the tool input; string values may use ${path} from the hook input, e.g. ${tool_input.file_path}.',
};

const PROFILE_TEXT = {
  default: {
    title: 'harness-hooks hooks config (default profile)',
    description: 'A settings file or a plugin\'s hooks/hooks.json for the harness-hooks default profile: command hooks on the afk events. Other top-level keys are allowed and ignored.',
    type: { description: 'The handler type. The default profile runs only "command"; other types are skipped with a warning.', examples: ['command'] },
    timeout: 'Seconds (as Claude Code writes it); `timeout_ms` wins when positive. Default 30, at most 30.',
    timeout_ms: 'Milliseconds; wins over `timeout` when positive. Default 30000, at most 30000.',
    matcher: 'Tool-name matcher (PreToolUse, PostToolUse, PostToolUseFailure): omitted, "" or "*" all tools; "Bash" or "Edit|Write" names; "/regex/flags"; anything else a regular expression anchored to the whole name.',
  },
  claude: {
    title: 'Claude Code settings: hooks (harness-hooks claude profile)',
    description: 'Claude Code settings (~/.claude/settings.json, .claude/settings.json, .claude/settings.local.json) or a plugin\'s hooks/hooks.json. The hooks block is checked; every other top-level key is allowed.',
    type: { description: 'The handler type: "command", "http", "prompt", "agent" or "mcp_tool".', examples: ['command', 'http', 'prompt', 'agent', 'mcp_tool'] },
    timeout: 'Seconds (never milliseconds). Default 600; UserPromptSubmit 30; prompt 30; agent 60.',
    timeout_ms: 'Not read by the claude profile: use `timeout`, in seconds.',
    matcher: 'Omitted, "" or "*" match all; letters, digits, _ and | are an exact list ("Edit|Write"); anything else is an unanchored regular expression.',
  },
} as const;

/** Each handler type's required fields (zod's refinement, as JSON Schema). */
const REQUIRED_BY_TYPE: readonly [readonly string[], readonly string[]][] = [
  [['command'], ['command']],
  [['http'], ['url']],
  [['prompt', 'agent'], ['prompt']],
  [['mcp_tool'], ['server', 'tool']],
];

// The JSON Schema of a profile's config, as a plain object.
export function buildJsonSchema(profile: ProfileName): JsonObject {
  // A profile whose format is not the common one ships its own schema.
  if (profile === 'codex') return codexJsonSchema();
  if (profile === 'gemini') return geminiJsonSchema();
  if (profile === 'copilot') return copilotJsonSchema();
  if (profile === 'cursor') return cursorJsonSchema();
  // zod's own export, from the zod the schemas were made with (its CommonJS build, loaded by src/lazy.ts:
  // importing 'zod' here as ESM would load a second copy of it into the CLI).
  const root = loadZod().z.toJSONSchema(getConfigSchemas().HooksConfigSchema, { io: 'input', target: 'draft-2020-12' }) as JsonObject;
  const text = PROFILE_TEXT[profile];
  const hooks = (root.properties as Record<string, JsonObject>).hooks!;
  const groups = hooks.additionalProperties as JsonObject;
  const group = groups.items as JsonObject;
  const groupProps = group.properties as Record<string, JsonObject>;
  const handler = groupProps.hooks!.items as JsonObject;
  const handlerProps = handler.properties as Record<string, JsonObject>;

  for (const [key, description] of Object.entries(COMMON_DESCRIPTIONS)) if (handlerProps[key]) handlerProps[key].description = description;
  Object.assign(handlerProps.type!, text.type);
  handlerProps.timeout!.description = text.timeout;
  handlerProps.timeout_ms!.description = text.timeout_ms;
  if (profile === 'claude') handlerProps.timeout_ms!.deprecated = true;
  handler.allOf = REQUIRED_BY_TYPE.map(([types, fields]) => ({
    if: { properties: { type: types.length === 1 ? { const: types[0] } : { enum: types } }, required: ['type'] },
    then: { required: fields, properties: Object.fromEntries(fields.map((f) => [f, { type: 'string', pattern: '\\S' }])) },
  }));
  groupProps.matcher!.description = text.matcher;
  groupProps.hooks!.description = 'The handlers to run when the matcher matches.';
  groupProps.hooks!.items = { $ref: '#/$defs/handler' };
  groups.items = { $ref: '#/$defs/matcherGroup' };
  groups.description = 'Matcher groups, in run order.';

  const events: readonly string[] = profile === 'claude' ? CLAUDE_HOOK_EVENTS : HOOK_EVENTS;
  hooks.description = 'Event name -> matcher groups. Unknown events are allowed and skipped with a warning.';
  hooks.properties = Object.fromEntries(events.map((event) => [event, { $ref: '#/$defs/matcherGroups', description: eventDescription(profile, event) }]));
  hooks.additionalProperties = { $ref: '#/$defs/matcherGroups' };

  const { $schema, ...rest } = root;
  return {
    $schema,
    title: text.title,
    description: text.description,
    ...rest,
    $defs: { matcherGroups: groups, matcherGroup: group, handler },
  };
}

// The schema file's text: two-space JSON and a final newline.
export function formatJsonSchema(profile: ProfileName): string {
  return `${JSON.stringify(buildJsonSchema(profile), null, 2)}\n`;
}

function eventDescription(profile: 'default' | 'claude', event: string): string {
  const field = profile === 'claude' ? CLAUDE_EVENT_SPECS[event as ClaudeHookEvent].matchField : EVENT_SPECS[event as HookEvent].toolMatcher ? 'the tool name' : null;
  if (field === null) return `${event} hooks. ${event} has no matcher: every group runs.`;
  const basename = profile === 'claude' && CLAUDE_EVENT_SPECS[event as ClaudeHookEvent].matchBasename;
  return `${event} hooks. The matcher tests ${basename ? `the basename of ${field}` : field}.`;
}
