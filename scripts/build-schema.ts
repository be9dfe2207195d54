// Writes schema/hooks.json (default profile) and schema/claude-settings.json (claude profile) from the
// zod config schemas, with zod's own JSON Schema export (src/cli/json-schema.ts).
// `npm run schema` regenerates them; `npm run schema -- --check` exits 1 when a file is out of date.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatJsonSchema, SCHEMA_FILES } from '../src/cli/json-schema.js';

const dir = fileURLToPath(new URL('../schema/', import.meta.url));
const check = process.argv.includes('--check');
let stale = 0;
mkdirSync(dir, { recursive: true });
for (const profile of ['default', 'claude', 'codex', 'gemini', 'copilot', 'cursor'] as const) {
  const file = `${dir}${SCHEMA_FILES[profile]}`;
  const text = formatJsonSchema(profile);
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  if (check) {
    console.error(`schema/${SCHEMA_FILES[profile]} is out of date: run npm run schema`);
    stale++;
  } else {
    writeFileSync(file, text);
    console.log(`wrote schema/${SCHEMA_FILES[profile]}`);
  }
}
process.exitCode = stale > 0 ? 1 : 0;
