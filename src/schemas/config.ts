// The hook config file format, as zod schemas: the single source of its runtime checks and its types.
// Built on first use (zod loads lazily, see src/lazy.ts).
import type { z } from 'zod';
import { loadZod } from '../lazy.js';

function makeSchemas(zod: typeof z) {
  const timeout = (unit: string) =>
    zod
      .number({ error: (i) => `expected a number of ${unit}, got ${i.input === null ? 'null' : typeof i.input}` })
      .finite()
      .nonnegative({ error: `must not be negative (${unit})` })
      .optional();

  // One handler of a matcher group. Only `type: 'command'` runs here; other types are skipped with a
  // warning at registration, so their fields are not checked beyond `type`.
  const HookHandlerSchema = zod
    .looseObject({
      type: zod.string({ error: 'expected a handler type string, e.g. "command"' }),
      command: zod.string({ error: 'expected the command to be a string' }).optional(),
      /** Milliseconds; wins over `timeout` when positive. */
      timeout_ms: timeout('milliseconds'),
      /** Seconds, as Claude Code writes it. */
      timeout: timeout('seconds'),
      // Claude Code's handler fields (the claude profile reads them; the default profile ignores them).
      /** Exec form: `command` is spawned directly with these arguments, no shell. */
      args: zod.array(zod.string(), { error: 'expected `args` to be an array of strings' }).optional(),
      shell: zod.enum(['bash', 'powershell'], { error: 'expected `shell` to be "bash" or "powershell"' }).optional(),
      /** A permission rule, e.g. `Bash(git push*)`: the hook runs only for tool calls that match it. */
      if: zod.string({ error: 'expected `if` to be a permission rule string, e.g. "Bash(git *)"' }).optional(),
      /** Removed after its first run. */
      once: zod.boolean({ error: 'expected `once` to be a boolean' }).optional(),
      /** Shown in the harness's spinner while the hook runs. */
      statusMessage: zod.string({ error: 'expected `statusMessage` to be a string' }).optional(),
      async: zod.boolean({ error: 'expected `async` to be a boolean' }).optional(),
      asyncRewake: zod.boolean({ error: 'expected `asyncRewake` to be a boolean' }).optional(),
      /** `'block'`: a hook that crashes, times out, cannot start or returns garbage blocks the action. */
      onFailure: zod.enum(['continue', 'block'], { error: 'expected `onFailure` to be "continue" or "block"' }).optional(),
      // type: "http"
      url: zod.string({ error: 'expected `url` to be a string' }).optional(),
      headers: zod.record(zod.string(), zod.string(), { error: 'expected `headers` to map names to strings' }).optional(),
      allowedEnvVars: zod.array(zod.string(), { error: 'expected `allowedEnvVars` to be an array of names' }).optional(),
      // type: "prompt" | "agent"
      prompt: zod.string({ error: 'expected `prompt` to be a string' }).optional(),
      model: zod.string({ error: 'expected `model` to be a string' }).optional(),
      continueOnBlock: zod.boolean({ error: 'expected `continueOnBlock` to be a boolean' }).optional(),
      // type: "mcp_tool"
      server: zod.string({ error: 'expected `server` to be a string' }).optional(),
      tool: zod.string({ error: 'expected `tool` to be a string' }).optional(),
      input: zod.record(zod.string(), zod.unknown(), { error: 'expected `input` to be an object' }).optional(),
    })
    .superRefine((hook, ctx) => {
      // Each handler type's required fields (other types are skipped at registration with a warning).
      const need = (field: 'command' | 'url' | 'prompt' | 'server' | 'tool', what: string): void => {
        const value = hook[field];
        if (value === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `a ${hook.type} hook needs ${what}` });
        else if (value.trim() === '') ctx.addIssue({ code: 'custom', path: [field], message: `the ${field} is empty` });
      };
      if (hook.type === 'command') need('command', 'a `command` string');
      else if (hook.type === 'http') {
        need('url', 'a `url`');
        if (hook.url !== undefined && hook.url.trim() !== '' && !URL.canParse(hook.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: `not a valid URL: ${JSON.stringify(hook.url)}` });
      } else if (hook.type === 'prompt' || hook.type === 'agent') need('prompt', 'a `prompt` string');
      else if (hook.type === 'mcp_tool') {
        need('server', 'a `server` name');
        need('tool', 'a `tool` name');
      }
    });

  const MatcherGroupSchema = zod.looseObject({
    matcher: zod.string({ error: 'expected the matcher to be a string' }).optional(),
    hooks: zod.array(HookHandlerSchema, { error: 'expected `hooks` to be an array of handlers' }),
  });

  const strings = (key: string) => zod.array(zod.string(), { error: `expected \`${key}\` to be an array of strings` }).optional();
  // A settings file or a plugin's hooks/hooks.json: other top-level keys are allowed and ignored, but for
  // the hook settings keys Claude Code reads (the claude profile applies them; see its policy.ts).
  const HooksConfigSchema = zod.looseObject({
    disableAllHooks: zod.boolean({ error: 'expected `disableAllHooks` to be a boolean' }).optional(),
    allowManagedHooksOnly: zod.boolean({ error: 'expected `allowManagedHooksOnly` to be a boolean' }).optional(),
    allowedHttpHookUrls: strings('allowedHttpHookUrls'),
    httpHookAllowedEnvVars: strings('httpHookAllowedEnvVars'),
    hooks: zod
      .record(zod.string(), zod.array(MatcherGroupSchema, { error: 'expected an array of matcher groups' }), {
        error: 'expected `hooks` to be an object mapping event names to matcher groups',
      })
      .optional(),
  });

  return { HookHandlerSchema, MatcherGroupSchema, HooksConfigSchema };
}

export type ConfigSchemas = ReturnType<typeof makeSchemas>;
export type HooksConfig = z.infer<ConfigSchemas['HooksConfigSchema']>;
export type MatcherGroup = z.infer<ConfigSchemas['MatcherGroupSchema']>;
export type HookHandlerConfig = z.infer<ConfigSchemas['HookHandlerSchema']>;

let schemas: ConfigSchemas | undefined;

// The config schemas (loads zod on first call).
export function getConfigSchemas(): ConfigSchemas {
  return (schemas ??= makeSchemas(loadZod().z));
}
