// The simplest bridge a hook author would write by hand, for scale beside `harness-hooks bridge` in the
// bench: read the host's stdin, run the hook with it as Gemini CLI runs one (`bash -c`), answer the host.
// No translation, no timeout, and nothing ended that the hook left running.
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (d) => (input += d));
process.stdin.on('end', () => {
  const child = require('node:child_process').spawn('bash', ['-c', process.argv[2]], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin.on('error', () => {});
  child.stdin.end(input);
  child.stdout.resume();
  child.stderr.resume();
  child.on('close', (code) => process.stdout.write(code === 2 ? '{"decision":"block"}' : '{}', () => process.exit(0)));
});
