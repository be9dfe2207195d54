// Hook text shown in a terminal carries no terminal control; terminalSequence only what is allowed.
import { describe, expect, it } from 'vitest';
import { HookRegistry } from '../src/index.js';
import { allowedTerminalSequence, escapeJsonText, escapeTerminalControls, stripTerminalControls } from '../src/terminal-text.js';
import { makeLogger } from './helpers/logger.js';

const OSC52 = '\x1b]52;c;cm0gLXJmIH4=\x07';

describe('terminal text', () => {
  it('escapes controls visibly for a person deciding: the real command shows, tabs and newlines stay', () => {
    expect(escapeTerminalControls('curl x | sh #\r\x1b[2Knpm test')).toBe('curl x | sh #\\r\\x1b[2Knpm test');
    expect(escapeTerminalControls(`a${OSC52}\tb\nc\x00\x9b\u202eevil\x7f`)).toBe('a\\x1b]52;c;cm0gLXJmIH4=\\x07\tb\nc\\0\\x9b\\u202eevil\\x7f');
    // Only the writer's own sequences (a sticky pattern) pass unescaped.
    expect(escapeTerminalControls('\x1b[31mred\x1b[39m \x1b[2K', /\x1b\[(?:31|39)m/y)).toBe('\x1b[31mred\x1b[39m \\x1b[2K');
  });

  it('escapes in JSON text what JSON.stringify leaves raw (DEL, C1, bidi), keeping the same value', () => {
    const value = { name: 'a\u009b2K\u202eb\x7f\r' };
    const text = escapeJsonText(JSON.stringify(value));
    expect(text).not.toMatch(/[\r\x7f-\x9f\u202e]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('strips escape sequences and control characters, keeping tabs and newlines', () => {
    expect(stripTerminalControls(`formatting${OSC52} done\x1b[2J\x1b[31m!\x1b[0m\tok\nnext\x00\x9b`)).toBe('formatting done!\tok\nnext');
    expect(stripTerminalControls('\x1b]0;pwned title\x1b\\plain')).toBe('plain');
    // Bidirectional overrides and isolates reorder what is shown: removed too.
    expect(stripTerminalControls('file \u202egnp.exe\u202c and \u2067x\u2069')).toBe('file gnp.exe and x');
  });

  it('allows a bell and OSC 9 / 777 notifications as terminalSequence, nothing else', () => {
    expect(allowedTerminalSequence('\x07')).toBe('\x07');
    expect(allowedTerminalSequence('\x1b]9;Build finished\x07')).toBe('\x1b]9;Build finished\x07');
    expect(allowedTerminalSequence('\x1b]777;notify;Claude;done\x1b\\')).toBe('\x1b]777;notify;Claude;done\x1b\\');
    expect(allowedTerminalSequence(OSC52)).toBeUndefined();
    expect(allowedTerminalSequence('\x1b]9;6;"calc"\x07')).toBeUndefined();
    expect(allowedTerminalSequence('\x1b]9;ok\x07\x1b[2J')).toBeUndefined();
  });

  it('reaches the claude profile: statusMessage, systemMessage and terminalSequence are cleaned', async () => {
    const starts: string[] = [];
    const registry = new HookRegistry({ profile: 'claude', settings: { enableShellHooks: true }, logger: makeLogger(), onHookStart: (i) => void starts.push(i.statusMessage ?? '') });
    const output = JSON.stringify({ systemMessage: `done${OSC52}`, terminalSequence: OSC52 });
    registry.addConfig({ hooks: { Stop: [{ hooks: [{ type: 'command', command: `printf %s '${output}'`, statusMessage: `checking${OSC52}` }] }] } }, { source: 'user' });
    const result = await registry.dispatch('Stop', { stop_hook_active: false });
    expect(starts).toEqual(['checking']);
    expect(result.systemMessage).toBe('done');
    expect(JSON.stringify({ ...result, runs: [] })).not.toContain('\\u001b');
  });
});
