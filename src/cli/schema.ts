// `harness-hooks schema`: prints the JSON Schema of the config (the same text as the shipped schema/ files).
import { COMMON_OPTIONS, EXIT, expectPositionals, PROFILE_OPTION, parseProfile } from './args.js';
import { exitHelp, type CommandDef } from './command.js';
import { formatJsonSchema, SCHEMA_FILES } from './json-schema.js';

export const schemaCommand: CommandDef = {
  name: 'schema',
  summary: 'print the JSON Schema of the config, for editors',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION },
  help: `Usage: harness-hooks schema [--profile NAME]

Prints the JSON Schema (draft 2020-12) of a profile's hooks config: generated from the library's zod
schemas (default, claude), or the profile's own (a harness whose format is not the common one). The
package ships the same text as harness-hooks/schema/<file>: ${Object.entries(SCHEMA_FILES).map(([p, f]) => `${f} (${p})`).join(', ')}.
In a settings file: "$schema": "./node_modules/harness-hooks/schema/${SCHEMA_FILES.claude}".

Options:
  --profile NAME   default, claude, codex, gemini, copilot or cursor
  --json           the output is JSON either way
  -h, --help       this help

${exitHelp()}`,

  async run(args, io) {
    expectPositionals(args, []);
    io.out(formatJsonSchema(parseProfile(args.values.profile)));
    return EXIT.ok;
  },
};
