// Where the executable hook fixtures live, and a path helper for them.
import { fileURLToPath } from 'node:url';

/** The top-level `fixtures/` directory, absolute, without a trailing slash. */
export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures', import.meta.url));

// The absolute path of one fixture script, e.g. `fixture('exit-2.mjs')`.
export function fixture(name: string): string {
  return `${FIXTURES_DIR}/${name}`;
}
