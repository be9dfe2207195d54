// The executable: dist/cli.cjs (scripts/build.mjs builds it as CommonJS, with its #!/usr/bin/env node line).
// `bridge`, which a harness starts on every tool call, runs dist/bridge.cjs with a V8 code cache and exits
// as soon as its answer is written; every other command loads the CLI (dist/main.js) and exits with its
// code once stdout has been written. CommonJS because an ES module entry costs a fresh process ≈7 ms more
// (Node's ES module loader; measured), and a bridged call pays it on every tool call.
import { fileURLToPath } from 'node:url';
import { codeCacheDir, loadCached } from './code-cache.js';

// The build's hash of dist/bridge.cjs (scripts/build.mjs defines it), which names its code cache.
declare const HARNESS_HOOKS_BRIDGE_BUILD: string | undefined;
const BRIDGE_BUILD = typeof HARNESS_HOOKS_BRIDGE_BUILD === 'string' ? HARNESS_HOOKS_BRIDGE_BUILD : 'source';

// A reader that closes the pipe early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const argv = process.argv.slice(2);
if (argv[0] === 'bridge') void runBridge(argv.slice(1));
else void runMain(argv);

async function runBridge(args: string[]): Promise<void> {
  let code: number;
  let save: (() => void) | undefined;
  try {
    const bridgeFile = fileURLToPath(new URL('./bridge.cjs', import.meta.url));
    const cached = loadCached<typeof import('./bridge.js')>(bridgeFile, codeCacheDir(process.env), BRIDGE_BUILD);
    save = cached.save;
    code = await cached.exports.bridge(args, { stdin: process.stdin, stdout: (t) => void process.stdout.write(t), stderr: (t) => void process.stderr.write(t), env: process.env, cwd: process.cwd() });
  } catch (error) {
    // The bridge itself could not load (a damaged install): node's own exit 1 would be an allow to most
    // hosts. Exit 2 with the reason on stderr is a block to every host that can block.
    process.stderr.write(`harness-hooks bridge: could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 2;
  }
  // The bridge has ended what its hook started (registry.close()) and has nothing left to do: once its
  // answer is written, the code cache is written where there was none, and the process exits at once.
  // Letting it wind down by itself also frees the whole heap first, ≈20 ms more of every bridged call
  // (measured; the host waits for it).
  process.stdout.write('', () =>
    process.stderr.write('', () => {
      save?.();
      process.exit(code);
    }),
  );
}

async function runMain(args: string[]): Promise<void> {
  const { main } = await import('./main.js');
  process.exitCode = await main(args, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd(), env: process.env });
}
