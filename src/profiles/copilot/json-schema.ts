// The JSON Schema of a Copilot hooks file (.github/hooks/*.json, ~/.copilot/hooks/*.json, policy.d), for
// editors: the rules parseCopilotConfig applies (config.ts), written out.
import { COPILOT_EVENT_SPECS, COPILOT_HOOK_EVENTS } from './events.js';

export function copilotJsonSchema(): Record<string, unknown> {
  const seconds = { type: 'number', exclusiveMinimum: 0, description: 'Seconds. Default 30.' };
  const events: [string, string][] = COPILOT_HOOK_EVENTS.flatMap((event) => {
    const spec = COPILOT_EVENT_SPECS[event];
    const match = spec.matchField === null ? 'Matchers are ignored.' : `A matcher is a full-match regular expression on ${spec.matchField}.`;
    const rows: [string, string][] = [[event, `${event} hooks: camelCase stdin (toolArgs an object, timestamp in ms). ${match}`]];
    if (spec.pascal !== null) rows.push([spec.pascal, `${event} hooks with the VS Code compatible snake_case stdin${spec.tool ? ', Claude tool names and Claude matcher semantics' : ''}.`]);
    return rows;
  });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'GitHub Copilot hooks (harness-hooks copilot profile)',
    description: 'A Copilot CLI hooks file: .github/hooks/*.json, ~/.copilot/hooks/*.json or /etc/github-copilot/policy.d/*.json; also the `hooks` key of Copilot settings.json.',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      version: { const: 1, description: 'Optional; when present it must be 1.' },
      disableAllHooks: { type: 'boolean', description: 'Skip this file\'s hooks (policy hooks ignore it).' },
      hooks: {
        type: 'object',
        description: 'Event name -> hook entries, run in order. The spelling chooses the stdin form: camelCase or PascalCase. Unknown names are skipped with a warning.',
        properties: Object.fromEntries(events.map(([name, description]) => [name, { $ref: '#/$defs/entries', description }])),
        additionalProperties: { $ref: '#/$defs/entries' },
      },
    },
    $defs: {
      entries: { type: 'array', items: { anyOf: [{ $ref: '#/$defs/group' }, { $ref: '#/$defs/handler' }] } },
      group: {
        type: 'object',
        required: ['hooks'],
        description: 'The Claude shape, one level deep: the matcher applies to its hooks.',
        properties: { matcher: { type: 'string' }, hooks: { type: 'array', items: { $ref: '#/$defs/handler' } } },
      },
      handler: {
        type: 'object',
        properties: {
          type: { enum: ['command', 'http', 'prompt'], description: 'Default "command". The copilot profile runs command and http hooks (not prompt hooks).' },
          bash: { type: 'string', description: 'Run with bash on Linux and macOS. The hook input is JSON on stdin.' },
          powershell: { type: 'string', description: 'Run with PowerShell on Windows.' },
          command: { type: 'string', description: 'Cross-platform fallback where bash / powershell is absent.' },
          linux: { type: 'string', description: 'VS Code per-OS key: read on Linux after bash, before command (UNCERTAIN for the CLI).' },
          osx: { type: 'string', description: 'VS Code per-OS key: read on macOS after bash, before command (UNCERTAIN for the CLI).' },
          windows: { type: 'string', description: 'VS Code per-OS key: read on Windows after powershell, before command (UNCERTAIN for the CLI).' },
          exec: { type: 'string', description: 'A program run directly, no shell (not with bash / powershell / command).' },
          args: { type: 'array', items: { type: 'string' }, description: 'With exec only.' },
          cwd: { type: 'string', description: 'Relative to the repo root, or absolute. Default the repo root.' },
          env: { type: 'object', additionalProperties: { type: 'string' }, description: 'Merged over the inherited environment.' },
          timeoutSec: seconds,
          timeout: { ...seconds, description: 'Alias of timeoutSec (used when timeoutSec is absent).' },
          // No minLength: "matcher cannot be empty" is a camelCase and PascalCase-tool-event rule; elsewhere "" is unobserved.
          matcher: { type: 'string', description: 'camelCase: a full-match regular expression, not empty ("*" is no regex: never matches); PascalCase: Claude semantics ("*" matches all; "" on a tool event is dropped, as Copilot drops it).' },
          onFailure: { enum: ['block', 'continue'], description: 'Overrides the failure mode: preToolUse fails closed by default.' },
          url: { type: 'string', description: 'type "http": https (http://localhost, 127.* or [::1] only with COPILOT_HOOK_ALLOW_LOCALHOST=1, and never on preToolUse / permissionRequest or with allowedEnvVars).' },
          headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'type "http": request headers; $VAR / ${VAR} of allowedEnvVars only.' },
          allowedEnvVars: { type: 'array', items: { type: 'string' }, description: 'type "http": the variables headers may expand (the URL must be https).' },
          prompt: { type: 'string', description: 'type "prompt": sessionStart only.' },
        },
      },
    },
  };
}
