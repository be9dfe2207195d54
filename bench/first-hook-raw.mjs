// The baseline: what a harness writes by hand in a fresh process — read the same settings file, spawn its
// one command with the hook input on stdin (its own process group), parse what it prints.
// argv: <user settings folder> <project folder>.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const [userDir, projectDir] = process.argv.slice(2);
const settings = JSON.parse(readFileSync(`${userDir}/settings.json`, 'utf8'));
const command = settings.hooks.PreToolUse[0].hooks[0].command;
const input = { session_id: 'bench', transcript_path: '', cwd: projectDir, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't1' };
const out = await new Promise((resolve, reject) => {
  const child = spawn('/bin/sh', ['-c', command], { detached: true, cwd: projectDir });
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.resume();
  child.on('error', reject);
  child.on('close', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
  child.stdin.on('error', () => {});
  child.stdin.end(JSON.stringify(input));
});
process.stdout.write(`${JSON.stringify({ decision: out.hookSpecificOutput?.permissionDecision ?? null })}\n`);
