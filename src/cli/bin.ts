// The executable: dist/cli.js (scripts/build.mjs adds the #!/usr/bin/env node line). Runs main() with the process's
// streams and exits with its code once stdout has been written. `bridge`, which a harness runs as a hook on
// every call, loads only what it needs, and exits as soon as its answer is written.

// A reader that closes the pipe early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const argv = process.argv.slice(2);
if (argv[0] === 'bridge') {
  let code: number;
  try {
    const { bridge } = await import('./bridge.js');
    code = await bridge(argv.slice(1), { stdin: process.stdin, stdout: (t) => void process.stdout.write(t), stderr: (t) => void process.stderr.write(t), env: process.env, cwd: process.cwd() });
  } catch (error) {
    // The bridge itself could not load (a damaged install): node's own exit 1 would be an allow to most
    // hosts. Exit 2 with the reason on stderr is a block to every host that can block.
    process.stderr.write(`harness-hooks bridge: could not run: ${error instanceof Error ? error.message : String(error)}\n`);
    code = 2;
  }
  // The bridge has ended what its hook started (registry.close()) and has nothing left to do: once its
  // answer is written, exit at once. Letting the process wind down by itself also frees the whole heap
  // first, ≈20 ms more of every bridged call (measured; the host waits for it).
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
} else {
  const { main } = await import('./main.js');
  process.exitCode = await main(argv, { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd(), env: process.env });
}
