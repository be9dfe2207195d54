// Caps what is kept of stdout/stderr: the first `maxBytes` bytes, as received. Past the cap the stream
// is still read and dropped, so the hook never stalls on a full pipe and memory stays flat.

export class OutputCollector {
  readonly #maxBytes: number;
  readonly #chunks: Buffer[] = [];
  #bytes = 0;
  /** Whether bytes past the cap were dropped. */
  truncated = false;
  /** Called once, when the first byte past the cap arrives. */
  onOverflow: (() => void) | undefined;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  #overflow(): void {
    if (this.truncated) return;
    this.truncated = true;
    this.onOverflow?.();
  }

  /** A `'data'` listener (an arrow, so it can be passed as is). */
  readonly push = (chunk: Buffer): void => {
    const room = this.#maxBytes - this.#bytes;
    if (room <= 0) {
      if (chunk.length > 0) this.#overflow();
      return;
    }
    if (chunk.length > room) {
      // A view, not a copy: the rest of the chunk is unreferenced once the text is built.
      this.#chunks.push(chunk.subarray(0, room));
      this.#bytes += room;
      this.#overflow();
      return;
    }
    this.#chunks.push(chunk);
    this.#bytes += chunk.length;
  };

  /** Bytes kept so far. */
  get bytes(): number {
    return this.#bytes;
  }

  // The kept bytes (or their first `limit`) decoded as UTF-8. When a cap cut a multi-byte character, its
  // partial bytes are dropped rather than decoded to U+FFFD.
  text(limit = Infinity): string {
    const chunks = this.#chunks;
    if (chunks.length === 0) return '';
    const buf = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#bytes);
    if (limit < buf.length) return buf.toString('utf8', 0, completeUtf8Length(buf.subarray(0, limit)));
    const end = this.truncated ? completeUtf8Length(buf) : buf.length;
    return buf.toString('utf8', 0, end);
  }
}

// The length of `buf` without a trailing incomplete UTF-8 sequence (a lead byte followed by fewer
// continuation bytes than it announces).
export function completeUtf8Length(buf: Uint8Array): number {
  const end = buf.length;
  let i = end - 1;
  // Walk back over at most 3 continuation bytes (10xxxxxx) to the sequence's lead byte.
  while (i >= 0 && end - i <= 3 && (buf[i]! & 0xc0) === 0x80) i--;
  if (i < 0) return end;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return i + need > end ? i : end;
}
