// `harness-hooks trust`: which of the project's hooks a trust store has not approved (new, or changed
// since approved, with what was approved before), and `--approve` to approve them.
import { resolve } from 'node:path';
import { COMMON_OPTIONS, EXIT, GATE_HELP, PROFILE_OPTION, SETTINGS_HELP, SETTINGS_OPTIONS, expectPositionals, parseGates, UsageError } from './args.js';
import { configErrorsJson, exitHelp, formatConfigErrors, type CommandDef } from './command.js';
import { resolveInputs, PROJECT_DIR_OPTION, DISCOVERY_HELP } from './discover.js';
import { openSession } from './session.js';

interface Untrusted {
  event: string;
  name: string;
  file: string | undefined;
  path: string;
  status: 'new' | 'changed';
  /** What was approved at that place before, for a changed hook. */
  approved?: string;
  /** Why it cannot be approved (a script too large to pin, a name made at run time): --approve leaves it off. */
  unapprovable?: string;
}

export const trustCommand: CommandDef = {
  name: 'trust',
  summary: 'the project hooks a trust store has not approved (new or changed), and --approve',
  options: { ...COMMON_OPTIONS, ...PROFILE_OPTION, ...SETTINGS_OPTIONS, ...PROJECT_DIR_OPTION, 'trust-store': { type: 'string' }, approve: { type: 'boolean' } },
  help: `Usage: harness-hooks trust --trust-store FILE --settings FILE… [--approve] [--profile claude] [--json]

With a trust store (the registry's \`trustStore\` option), hooks from project, local, skill and agent
configs run only once approved, by a fingerprint of their event, matcher, handler and source. This lists
the hooks of the files you give that are not approved: new ones, and changed ones with what was
approved before. --approve approves them all (the store is written 0600).

Options:
  --trust-store FILE  the trust store (created by --approve when missing)
  --approve           approve every hook listed
  --profile NAME      default, claude, codex, gemini, copilot or cursor
  --json              { trustStore, approved: boolean, hooks: [{ event, name, file, path, status, approved? }] }
  -h, --help          this help

${SETTINGS_HELP}

${DISCOVERY_HELP}

${GATE_HELP}

${exitHelp('hooks are not approved (without --approve)')}`,

  async run(args, io) {
    expectPositionals(args, []);
    const store = args.values['trust-store'];
    if (typeof store !== 'string' || store === '') throw new UsageError('missing --trust-store FILE');
    const { profile, settings, projectDir } = resolveInputs(args, io, 'trust');
    if (settings.length === 0) throw new UsageError('missing --settings FILE (and none of the files the profile reads exists)');
    const trustStore = resolve(io.cwd, store);
    const opened = await openSession({ profile, gates: parseGates(args.values), settings, cwd: io.cwd, trustStore, projectDir });
    if (!opened.ok) {
      io.out(args.values.json === true ? `${JSON.stringify(configErrorsJson(opened.files), null, 2)}\n` : formatConfigErrors(opened.files, io.style));
      return EXIT.config;
    }
    const { session } = opened;
    // (The trust store's own; a harness's own trust — Codex's trusted_hash — is not this command's to approve.)
    const skipped = session.reports.flatMap((r) => r.skipped.filter((s) => s.gate === 'trustStore'));
    // Hooks a gate keeps off (--no-project-hooks) are not checked: say so rather than "approved".
    const gated = session.reports.flatMap((r) => r.skipped.filter((s) => s.gate !== undefined && s.gate !== 'trustStore' && s.gate !== 'harnessTrust')).length;
    const hooks: Untrusted[] = skipped.map((s) => {
      const before = s.trust === 'changed' ? session.registry.trustStore!.approved(s.location!)?.name : undefined;
      const file = s.location!.slice(0, s.location!.lastIndexOf('#'));
      return { event: s.event, name: s.command ?? s.path, file, path: s.path, status: s.trust!, ...(before === undefined ? {} : { approved: before }), ...(s.fingerprint === undefined ? { unapprovable: s.reason } : {}) };
    });
    const approvable = hooks.filter((h) => h.unapprovable === undefined).length;
    const approve = args.values.approve === true && approvable > 0;
    if (approve) session.registry.trustStore!.approve(skipped);
    await session.registry.close();
    if (args.values.json === true) {
      io.out(`${JSON.stringify({ trustStore, approved: approve, hooks, gatedOff: gated }, null, 2)}\n`);
    } else {
      const { style } = io;
      const lines = hooks.map((h) => {
        const head = `${h.status === 'new' ? style.yellow('new    ') : style.red('changed')}  ${h.event}  ${h.name}`;
        const where = style.dim(`         ${h.file} ${h.path}`);
        const why = h.unapprovable === undefined ? '' : `\n${style.red(`         ${h.unapprovable}`)}`;
        return h.approved === undefined ? `${head}\n${where}${why}` : `${head}\n${where}\n${style.dim(`         approved before: ${h.approved}`)}${why}`;
      });
      if (gated > 0) lines.push(style.dim(`${gated} hook${gated === 1 ? ' is' : 's are'} gated off and not checked`));
      if (hooks.length === 0 && gated === 0) lines.push('every project hook is approved');
      else lines.push(approve ? `approved ${approvable} hook${approvable === 1 ? '' : 's'} in ${trustStore}${approvable < hooks.length ? `; ${hooks.length - approvable} cannot be approved` : ''}` : style.dim(`${hooks.length} hook${hooks.length === 1 ? ' is' : 's are'} not approved; --approve approves ${hooks.length === 1 ? 'it' : 'them'}`));
      io.out(`${lines.join('\n')}\n`);
    }
    return hooks.length === 0 || (approve && approvable === hooks.length) ? EXIT.ok : EXIT.failed;
  },
};
