// The executable: dist/cli.js (tsup adds the #!/usr/bin/env node line). Runs main() with the process's
// streams and exits with its code once stdout has been written.
import { main } from './main.js';

// A reader that closes the pipe early (`| head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

const code = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, cwd: process.cwd(), env: process.env });
process.exitCode = code;
