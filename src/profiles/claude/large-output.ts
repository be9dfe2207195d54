// Hook text too long to hand the model inline, as Claude Code 2.1.328 handles it (issue 10 rule 12;
// observed: fixtures/claude/oracle/conformance/12-*): up to 10,000 characters stay inline; a longer
// `additionalContext`, `systemMessage` or plain-stdout context is saved to a file (mode 0600) and replaced
// by a `<persisted-output>` block with the size, the file's path and the first 2,000 characters. The
// folder is this user's alone (checked at each save), the file new (O_EXCL) and never reached by a link.
import { chmodSync, closeSync, constants, lstatSync, mkdirSync, openSync, writeSync } from '../../node-builtins.js';
import { tmpdir } from '../../node-builtins.js';
import { join } from 'node:path';
import { randomHex } from '../../random-hex.js';
import type { HookLogger } from '../../types.js';

/** Characters a hook's text may have inline. */
export const MAX_INLINE_CHARS = 10_000;
const PREVIEW_CHARS = 2_000;

/** The default folder: `<os tmpdir>/harness-hooks-output-<uid>`, one per user. */
export const defaultLargeOutputDir = (): string => join(tmpdir(), `harness-hooks-output-${process.getuid?.() ?? 'user'}`);

// The folder, made if missing (0700), and only if it is a real folder of this user that no one else can
// write: another local user's folder, or a link planted in its place, could swap the saved text.
function privateFolder(dir: string): string {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a folder (a link or a file is in its place)`);
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) throw new Error(`${dir} belongs to another user (uid ${st.uid})`);
  if ((st.mode & 0o077) !== 0) chmodSync(dir, 0o700);
  return dir;
}

/** Replaces a too-long text by Claude Code's `<persisted-output>` block (saving the text), or returns it as is. */
export type LimitText = (text: string, field: string, id: string | undefined) => string;

export function makeLimitText(dir: () => string, logger: HookLogger): LimitText {
  return (text, field, id) => {
    if (text.length <= MAX_INLINE_CHARS) return text;
    const kb = `${(Buffer.byteLength(text) / 1024).toFixed(1)}KB`;
    // (Not ending on the first half of a surrogate pair.)
    const cut = /[\uD800-\uDBFF]/.test(text.charAt(PREVIEW_CHARS - 1)) ? PREVIEW_CHARS - 1 : PREVIEW_CHARS;
    const preview = `Preview (first 2KB):\n${text.slice(0, cut)}\n...`;
    let where: string;
    try {
      const folder = privateFolder(dir());
      const file = join(folder, `hook-${safeName(id ?? globalThis.crypto.randomUUID())}-${randomHex(16)}-${safeName(field)}.txt`);
      // A new file only (O_EXCL), never through a link planted in the folder.
      const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
      try {
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
      where = `Full output saved to: ${file}`;
    } catch (error) {
      logger.warn(`harness-hooks: a hook's ${field} of ${text.length} characters could not be saved (${(error as Error).message}); only its first 2,000 characters are kept`);
      where = 'The full output could not be saved';
    }
    return `<persisted-output>\nOutput too large (${kb}). ${where}\n\n${preview}\n</persisted-output>`;
  };
}

const safeName = (s: string): string => s.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 120);
