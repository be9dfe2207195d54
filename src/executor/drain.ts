// Past the output cap, the rest of a stream is drained by a `cat` child instead of this process. Node frees
// pipe read buffers only when GC runs, so draining 1 GiB in-process peaks at ~35 MB of RSS even when every
// chunk is dropped at once; a child reading the same pipe into /dev/null keeps this process flat and
// costs one spawn, paid only by hooks that overflow the cap.
import type { ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { requireBuiltin } from '../node-builtins.js';

export interface Drainer {
  /** Ends the drainer now (the run was cut short). */
  kill(): void;
}

// Stops reading `stream` here and hands its pipe to `cat >/dev/null`; `onEnd` is called once, when the
// pipe reached EOF (or, if no drainer could start, when the stream ends after draining it here).
export function drainElsewhere(stream: Readable, onData: (chunk: Buffer) => void, onEnd: () => void): Drainer {
  stream.off('data', onData);
  stream.off('end', onEnd);
  stream.pause();
  let child: ChildProcess | undefined;
  let done = false;
  const finish = (): void => {
    if (done) return;
    done = true;
    stream.destroy();
    onEnd();
  };
  // The fallback: drain in-process after all.
  const drainHere = (): void => {
    if (done) return;
    stream.on('data', onData).on('end', onEnd);
    stream.resume();
    done = true;
  };
  try {
    // child_process loads here, not at package import (it is the costliest builtin to load).
    const { spawn } = requireBuiltin('node:child_process') as typeof import('node:child_process');
    child = spawn('cat', [], { stdio: [stream, 'ignore', 'ignore'] });
  } catch {
    drainHere();
    return { kill() {} };
  }
  child.on('error', drainHere);
  child.on('exit', finish);
  return {
    kill() {
      if (!done && child?.exitCode === null) child.kill('SIGKILL');
    },
  };
}
