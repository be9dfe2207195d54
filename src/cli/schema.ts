// `harness-hooks schema`: prints the JSON Schema of the config (the same text as the shipped schema/ files).
import { COMMON_OPTIONS, EXIT, expectPositionals, PROFILE_OPTION, parseProfile } from './args.js';
import { exitHelp, type CommandDef } from './command.js';
import { formatJsonSchema, SCHEMA_FILES } from './json-schema.js';

export const schemaCommand: CommandDef = {
  name: 'schema',
  summary: 'print the JSON Schema of the config, for editors',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION },
  help: `Usage: harness-hooks schema [--profile claude]

Prints the JSON Schema (draft 2020-12) of a hooks config, generated from the library's zod schemas.
The package ships the same text as harness-hooks/schema/${SCHEMA_FILES.default} (default profile) and
harness-hooks/schema/${SCHEMA_FILES.claude} (--profile claude: Claude Code settings, any other
top-level key allowed). In a settings file: "$schema": "./node_modules/harness-hooks/schema/${SCHEMA_FILES.claude}".

Options:
  --profile NAME   default, claude or codex
  --json           the output is JSON either way
  -h, --help       this help

${exitHelp()}`,

  async run(args, io) {
    expectPositionals(args, []);
    io.out(formatJsonSchema(parseProfile(args.values.profile)));
    return EXIT.ok;
  },
};
