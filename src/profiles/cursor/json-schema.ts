// The JSON Schema of Cursor's hooks.json (.cursor/hooks.json, ~/.cursor/hooks.json, the enterprise file, a
// plugin's hooks/hooks.json), for editors: the rules parseCursorConfig applies (config.ts), written out.
import { CURSOR_DEFAULT_LOOP_LIMIT, CURSOR_DEFAULT_TIMEOUT_SEC, CURSOR_EVENT_SPECS, CURSOR_HOOK_EVENTS } from './events.js';

export function cursorJsonSchema(): Record<string, unknown> {
  const nonEmpty = { type: 'string', pattern: '\\S' };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Cursor hooks.json (harness-hooks cursor profile)',
    description: 'Cursor agent hooks: <project>/.cursor/hooks.json, ~/.cursor/hooks.json, the enterprise hooks.json or a plugin\'s hooks/hooks.json. Every source\'s hooks run.',
    type: 'object',
    properties: {
      $schema: { type: 'string' },
      version: { type: 'number', description: 'Schema version: 1 (a missing one reads as 1; another is warned about).' },
      hooks: {
        type: 'object',
        description: 'Event name -> a flat list of hooks; all matching hooks run at once. Unknown names are skipped with a warning.',
        properties: Object.fromEntries(
          CURSOR_HOOK_EVENTS.map((event) => {
            const spec = CURSOR_EVENT_SPECS[event];
            const subject = spec.matchField ?? (spec.matchConstant === null ? null : `the constant "${spec.matchConstant}"`);
            const match = subject === null ? 'Matchers are ignored.' : `A matcher is an unanchored regular expression on ${subject}.`;
            return [event, { $ref: '#/$defs/hooks', description: `${event} hooks${spec.gate ? ' (can block the action)' : ''}. ${match}` }];
          }),
        ),
        additionalProperties: { $ref: '#/$defs/hooks' },
      },
    },
    $defs: {
      hooks: { type: 'array', items: { $ref: '#/$defs/hook' } },
      hook: {
        type: 'object',
        properties: {
          type: { enum: ['command', 'prompt'], description: 'Default "command". The cursor profile runs command hooks only.' },
          command: { ...nonEmpty, description: 'A shell command, absolute path or relative path; project hooks run from the project root, user and enterprise hooks from the file\'s folder, plugin hooks from the plugin root. The hook input is JSON on stdin.' },
          prompt: { ...nonEmpty, description: 'type "prompt": what Cursor\'s model evaluates ($ARGUMENTS is the hook input).' },
          model: { type: 'string', description: 'type "prompt": the model.' },
          matcher: { type: 'string', description: 'An unanchored regular expression (e.g. "curl|wget", "^advisor-subagent$"); none matches everything.' },
          timeout: { type: 'number', exclusiveMinimum: 0, description: `Seconds (not milliseconds). Default ${CURSOR_DEFAULT_TIMEOUT_SEC}.` },
          failClosed: { type: 'boolean', description: 'Block the action when the hook crashes, times out, or gives no decision (gate events). Default false.' },
          loop_limit: { anyOf: [{ type: 'integer', minimum: 0 }, { type: 'null' }], description: `stop / subagentStop: automatic follow-ups this hook may trigger; null for no limit. Default ${CURSOR_DEFAULT_LOOP_LIMIT}.` },
        },
        allOf: [
          { if: { properties: { type: { const: 'prompt' } }, required: ['type'] }, then: { required: ['prompt'], properties: { prompt: nonEmpty } }, else: { required: ['command'], properties: { command: nonEmpty } } },
        ],
      },
    },
  };
}
