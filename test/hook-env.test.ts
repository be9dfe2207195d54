// Which environment variables command hooks inherit, per source (src/hook-env.ts; issue 11 item 7).
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../src/index.js';
import { inheritedEnv, looksSecret, validateHookEnv, withheldEnv } from '../src/hook-env.js';
import { makeLogger } from './helpers/logger.js';

const ENV = {
  PATH: '/usr/bin',
  HOME: '/home/me',
  GITHUB_TOKEN: 'x',
  ANTHROPIC_API_KEY: 'x',
  AWS_SECRET_ACCESS_KEY: 'x',
  DB_PASSWORD: 'x',
  INNOCENT: 'ghp_abcdefghijklmnopqrstuvwxyz0123',
  EDITOR: 'vim',
  PWD: '/repo',
  TOKENIZERS_PARALLELISM: 'false',
};

describe('looksSecret', () => {
  it('knows secrets by name or by value, and leaves ordinary variables alone', () => {
    for (const name of ['GITHUB_TOKEN', 'ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'NPM_TOKEN', 'STRIPE_KEY', 'SSH_AUTH_SOCK', 'gh_token']) expect([name, looksSecret(name, 'x')]).toEqual([name, true]);
    for (const value of ['sk-ant-api03-abcdefghijklmnop', 'ghp_abcdefghijklmnopqrstuvwxyz0123', 'AKIAABCDEFGHIJKLMNOP', '-----BEGIN OPENSSH PRIVATE KEY-----']) expect(looksSecret('X', value)).toBe(true);
    for (const name of ['PATH', 'HOME', 'PWD', 'OLDPWD', 'EDITOR', 'TOKENIZERS_PARALLELISM', 'KEYBOARD', 'LANG', 'PASSENGER', 'PATTERN']) expect([name, looksSecret(name, 'plain')]).toEqual([name, false]);
    // Names and values a review found passing:
    for (const name of ['PGPASSWORD', 'MYSQL_PWD', 'DB_PASS', 'DOCKER_PASS', 'CLIENTSECRET', 'DATABASE_URL', 'MONGO_URI', 'GITHUB_PAT', 'CREDS']) expect([name, looksSecret(name, 'x')]).toEqual([name, true]);
    for (const value of ['npm_abcdefghijklmnopqrstuvwxyz0123456789', 'hf_abcdefghijklmnopqrstuvwxyz012345', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', 'Bearer sk-abcdefgh', '  ghp_abcdefghijklmnopqrstuvwxyz0123', 'postgres://app:hunter2@db:5432/x']) expect([value, looksSecret('X', value)]).toEqual([value, true]);
    expect(looksSecret('X', 'https://example.com/path')).toBe(false);
    // The review of issue 23: a key inside a JSON service account, webhook URLs (posting is the secret).
    const serviceAccount = JSON.stringify({ type: 'service_account', private_key: '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n' });
    for (const [name, value] of [['FIREBASE_SERVICE_ACCOUNT', serviceAccount], ['SLACK_HOOK', 'https://hooks.slack.com/services/T000/B000/abcdefghijkl'], ['NOTIFY', 'https://discord.com/api/webhooks/123/abcdefghijkl'], ['SLACK_WEBHOOK_URL', 'x'], ['TEAMS_WEBHOOK', 'x']]) {
      expect([name, looksSecret(name!, value)]).toEqual([name, true]);
    }
    expect(Object.keys(withheldEnv({}, 'project', { ['__proto__']: 'ghp_abcdefghijklmnopqrstuvwxyz0123' } as never)!)).toEqual(['__proto__']);
  });
});

describe('withheldEnv', () => {
  it('by default: user, managed and plugin hooks inherit everything; project, local, skill and agent hooks all but secrets', () => {
    for (const source of ['user', 'managed', 'plugin']) expect(withheldEnv({}, source, ENV)).toBeUndefined();
    for (const source of ['project', 'local', 'skill', 'agent']) {
      expect(Object.keys(withheldEnv({}, source, ENV)!).sort()).toEqual(['ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'GITHUB_TOKEN', 'INNOCENT']);
    }
    expect(withheldEnv({}, undefined, ENV)).toBeUndefined(); // the harness's own entries
  });

  it('follows a rule per source: inherit, allow, deny', () => {
    expect(Object.keys(withheldEnv({ project: { inherit: 'none', allow: ['EDITOR'] } }, 'project', ENV)!).sort()).toEqual(
      ['ANTHROPIC_API_KEY', 'AWS_SECRET_ACCESS_KEY', 'DB_PASSWORD', 'GITHUB_TOKEN', 'INNOCENT', 'PWD', 'TOKENIZERS_PARALLELISM'].sort(),
    );
    expect(withheldEnv({ user: { deny: ['GITHUB_TOKEN'] } }, 'user', ENV)).toEqual({ GITHUB_TOKEN: undefined });
    expect(Object.keys(withheldEnv({ project: { allow: ['GITHUB_TOKEN'] } }, 'project', ENV)!)).not.toContain('GITHUB_TOKEN');
    expect(withheldEnv({ project: { inherit: 'all' } }, 'project', ENV)).toBeUndefined();
  });

  it('rejects a malformed option, naming where', () => {
    expect(() => validateHookEnv({ project: { inherit: 'some' } })).toThrow(/hookEnv\.project\.inherit/);
    expect(() => validateHookEnv({ project: { allow: 'GITHUB_TOKEN' } })).toThrow(/hookEnv\.project\.allow/);
    expect(() => validateHookEnv({ project: { inheritt: 'all' } })).toThrow(/hookEnv\.project\.inheritt/);
    expect(() => new HookRegistry({ hookEnv: 5 as never, logger: makeLogger() })).toThrow(/hookEnv/);
  });
});

describe('inheritedEnv', () => {
  it('is the environment less what the source may not inherit: what a $VAR in its config may resolve to', () => {
    const env = { PATH: '/bin', GITHUB_TOKEN: 'ghp_x', NOTE: 'sk-abcdefghijklmnopqrstuvwx', EMPTY: '' };
    expect(inheritedEnv({}, 'user', env)).toEqual(env);
    expect(inheritedEnv({}, 'project', env)).toEqual({ PATH: '/bin', EMPTY: '' });
    expect(inheritedEnv({ project: { allow: ['GITHUB_TOKEN'] } }, 'project', env)).toEqual({ PATH: '/bin', GITHUB_TOKEN: 'ghp_x', EMPTY: '' });
    expect(inheritedEnv({ user: { deny: ['PATH'] } }, 'user', env)).toEqual({ GITHUB_TOKEN: 'ghp_x', NOTE: 'sk-abcdefghijklmnopqrstuvwx', EMPTY: '' });
  });
});

describe('command hooks get the environment their source may have', () => {
  const printer = `node -e 'process.stdout.write(JSON.stringify({systemMessage:[process.env.HH_TEST_TOKEN ?? "-", process.env.HH_TEST_PLAIN ?? "-"].join(",")}))'`;
  const stop = { hooks: { Stop: [{ hooks: [{ type: 'command', command: printer }] }] } };

  it('claude: a project hook does not see a token the user’s hook sees; explain says which it withholds', async () => {
    process.env.HH_TEST_TOKEN = 'secret';
    process.env.HH_TEST_PLAIN = 'plain';
    try {
      const user = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger: makeLogger() });
      user.addConfig(stop, { source: 'user' });
      expect((await user.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe('secret,plain');
      const project = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger: makeLogger() });
      project.addConfig(stop, { source: 'project' });
      expect((await project.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe('-,plain');
      expect(project.explain('Stop', { stop_hook_active: false })[0]!.envWithheld).toContain('HH_TEST_TOKEN');
      const opened = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, hookEnv: { project: { allow: ['HH_TEST_TOKEN'] } }, logger: makeLogger() });
      opened.addConfig(stop, { source: 'project' });
      expect((await opened.dispatch('Stop', { stop_hook_active: false })).systemMessage).toBe('secret,plain');
    } finally {
      delete process.env.HH_TEST_TOKEN;
      delete process.env.HH_TEST_PLAIN;
    }
  });

  it('default profile: the same rule', async () => {
    process.env.HH_TEST_TOKEN = 'secret';
    try {
      const registry = new HookRegistry({ settings: { enableShellHooks: true, allowProjectHooks: true }, logger: makeLogger() });
      const echo = `node -e 'process.stdout.write(JSON.stringify({decision:"block",reason:process.env.HH_TEST_TOKEN ?? "none"}))'`;
      registry.addConfig({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: echo }] }] } }, { source: 'project' });
      expect((await registry.dispatch('PreToolUse', { toolName: 'bash', toolInput: {} } as never)).reason).toBe('none');
    } finally {
      delete process.env.HH_TEST_TOKEN;
    }
  });
});

describe('de-duplication and the environment', () => {
  it('a project copy of a user’s guard never replaces it to run without the credentials the guard checks with', async () => {
    process.env.HH_SCANNER_TOKEN = 'tok';
    try {
      const guard = { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'if [ -z "$HH_SCANNER_TOKEN" ]; then exit 0; fi; echo denied >&2; exit 2' }] }] } };
      const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger: makeLogger() });
      registry.addConfig(guard, { source: 'user' });
      registry.addConfig(guard, { source: 'project' }); // loaded later: among equals it would win
      const r = await registry.dispatch('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' });
      expect(r.blocked).toBe(true);
      expect(registry.explain('PreToolUse', { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' }).map((row) => [row.source, row.runs])).toEqual([
        ['user', true],
        ['project', false],
      ]);
    } finally {
      delete process.env.HH_SCANNER_TOKEN;
    }
  });
});

describe('CLAUDE_ENV_FILE', () => {
  it('is one file per hook: a project hook does not read what a user hook exported; result.env merges them', async () => {
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true, allowProjectHooks: true }, logger: makeLogger() });
    registry.addConfig({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: 'echo "export FROM_USER=u1" >> "$CLAUDE_ENV_FILE"' }] }] } }, { source: 'user' });
    const reader = 'sleep 0.3; echo "export FROM_PROJECT=p1" >> "$CLAUDE_ENV_FILE"; printf \'{"systemMessage":"%s"}\' "$(tr -d \'\\n\' < "$CLAUDE_ENV_FILE")"';
    registry.addConfig({ hooks: { SessionStart: [{ hooks: [{ type: 'command', command: reader }] }] } }, { source: 'project' });
    const r = await registry.dispatch('SessionStart', { source: 'startup' });
    expect(r.systemMessage).toBe('export FROM_PROJECT=p1');
    expect(r.env).toEqual({ FROM_USER: 'u1', FROM_PROJECT: 'p1' });
  });
});
