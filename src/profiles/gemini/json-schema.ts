// The JSON Schema of Gemini CLI's hook settings (the `hooks` and `hooksConfig` keys of a settings.json,
// or an extension's hooks/hooks.json), for editors: what parseGeminiConfig reads (config.ts).
import { GEMINI_EVENT_SPECS, GEMINI_HOOK_EVENTS } from './events.js';

export function geminiJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Gemini CLI settings: hooks (harness-hooks gemini profile)',
    description: 'Gemini CLI settings (~/.gemini/settings.json, .gemini/settings.json, /etc/gemini-cli/settings.json) or an extension\'s hooks/hooks.json. The hooks and hooksConfig keys are checked; every other key is allowed.',
    type: 'object',
    properties: {
      hooks: {
        type: 'object',
        description: 'Event name -> hook definitions. Gemini skips unknown event names with a warning; enabled, disabled and notifications here are settings.',
        properties: {
          ...Object.fromEntries(
            GEMINI_HOOK_EVENTS.map((event) => {
              const s = GEMINI_EVENT_SPECS[event];
              const what = s.matchField === null ? `${event} has no match value: every definition runs.` : s.matchKind === 'regex' ? `The matcher is an unanchored regular expression on ${s.matchField}.` : `The matcher is compared exactly with ${s.matchField}.`;
              return [event, { $ref: '#/$defs/definitions', description: `${event} hooks. ${what}` }];
            }),
          ),
          enabled: { type: 'boolean' },
          disabled: { type: 'array', items: { type: 'string' } },
          notifications: { type: 'boolean' },
        },
        additionalProperties: { $ref: '#/$defs/definitions' },
      },
      hooksConfig: {
        type: 'object',
        properties: {
          enabled: { type: 'boolean', description: 'false: no hook runs. Default true.' },
          disabled: { type: 'array', items: { type: 'string' }, description: 'Hook names (a hook\'s name, else its command) that do not run.' },
          notifications: { type: 'boolean' },
        },
      },
    },
    $defs: {
      definitions: { type: 'array', items: { $ref: '#/$defs/definition' } },
      definition: {
        type: 'object',
        required: ['hooks'],
        properties: {
          matcher: { type: 'string', description: 'Trimmed; "" or "*" match all.' },
          sequential: { type: 'boolean', description: 'Run the matching hooks one after another, each getting the input the last one changed (if any matching definition says so, all do).' },
          hooks: { type: 'array', items: { $ref: '#/$defs/hook' } },
        },
      },
      hook: {
        type: 'object',
        required: ['type'],
        properties: {
          type: { enum: ['command', 'runtime', 'plugin'], description: 'Config hooks are "command".' },
          command: { type: 'string', description: 'Run with bash -c; $GEMINI_PROJECT_DIR, $GEMINI_CWD, $GEMINI_PLANS_DIR, $GEMINI_SESSION_ID and $CLAUDE_PROJECT_DIR (and an extension\'s ${extensionPath}, ${workspacePath}) become references to variables of the hook\'s environment, so no folder name is read as shell code.' },
          name: { type: 'string', description: 'Shown, listed in hooksConfig.disabled, and with the command the key identical hooks are run once by.' },
          timeout: { type: 'number', minimum: 0, description: 'Milliseconds (not seconds). Default 60000.' },
          description: { type: 'string' },
          env: { type: 'object', additionalProperties: { type: 'string' } },
        },
        allOf: [{ if: { properties: { type: { const: 'command' } }, required: ['type'] }, then: { required: ['command'], properties: { command: { type: 'string', minLength: 1 } } } }],
      },
    },
  };
}
