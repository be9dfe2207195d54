// The JSON Schema of Codex's hooks.json, for editors: the same rules parseCodexConfig applies (config.ts),
// written out (Codex's format is checked by hand-written rules, not zod, so there is no schema to export).
import { CODEX_EVENT_SPECS, CODEX_HOOK_EVENTS } from './events.js';

export function codexJsonSchema(): Record<string, unknown> {
  const seconds = { type: 'integer', minimum: 0, description: 'Whole seconds (a fraction drops the whole file in Codex). Default 600; 0 runs as 1.' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Codex hooks.json (harness-hooks codex profile)',
    description: 'Codex CLI hooks: ~/.codex/hooks.json, <project>/.codex/hooks.json, /etc/codex/hooks.json or a plugin\'s hooks/hooks.json. Only `description` and `hooks` at the top; any other key drops the file in Codex 0.169.0.',
    type: 'object',
    additionalProperties: false,
    required: ['hooks'],
    properties: {
      $schema: { type: 'string' },
      description: { type: 'string' },
      hooks: {
        type: 'object',
        description: 'Event name -> matcher groups. Codex ignores unknown event names.',
        properties: Object.fromEntries(
          CODEX_HOOK_EVENTS.map((event) => {
            const field = CODEX_EVENT_SPECS[event].matchField;
            return [event, { $ref: '#/$defs/matcherGroups', description: field === null ? `${event} hooks. ${event} ignores matchers: every group runs.` : `${event} hooks. The matcher tests ${field}.` }];
          }),
        ),
        additionalProperties: { $ref: '#/$defs/matcherGroups' },
      },
    },
    $defs: {
      matcherGroups: { type: 'array', items: { $ref: '#/$defs/matcherGroup' }, description: 'Matcher groups; all their hooks start at once.' },
      matcherGroup: {
        type: 'object',
        required: ['hooks'],
        properties: {
          matcher: { type: 'string', description: 'Omitted, "" or "*" match all; only letters, digits, _ and | is an exact list ("Edit|Write"); anything else an unanchored regular expression (an invalid one skips the group).' },
          hooks: { type: 'array', items: { $ref: '#/$defs/handler' } },
        },
      },
      handler: {
        type: 'object',
        required: ['type'],
        properties: { type: { enum: ['command', 'prompt', 'agent', 'mcp_tool'], description: 'Codex 0.169.0 runs "command" (and "mcp_tool"); "prompt" and "agent" are skipped ("not supported yet").' } },
        allOf: [
          {
            if: { properties: { type: { const: 'command' } }, required: ['type'] },
            then: {
              required: ['command'],
              additionalProperties: false,
              properties: {
                type: { const: 'command' },
                command: { type: 'string', description: 'Run with the user\'s shell (`$SHELL -lc` in Codex). The hook input is JSON on stdin.' },
                commandWindows: { type: 'string', description: 'Replaces `command` on Windows.' },
                command_windows: { type: 'string' },
                timeout: seconds,
                timeoutSec: seconds,
                async: { type: 'boolean', description: 'Start it in the background; the action does not wait.' },
                statusMessage: { type: 'string' },
                additionalContextLimit: { type: 'integer', minimum: 0 },
              },
            },
          },
        ],
      },
    },
  };
}
