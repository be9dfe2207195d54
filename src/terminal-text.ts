// Hook text a harness shows in its terminal (`statusMessage`, `systemMessage`) is text, not terminal
// control: escape sequences (an OSC 52 clipboard write, a title change, cursor moves) and other control
// characters are removed, tabs and newlines kept. `terminalSequence`, which exists to reach the terminal,
// keeps only what is on an allowlist: a bell, and OSC 9 / OSC 777 desktop notifications (OSC 9 not
// followed by `<digits>;`, which some terminals read as commands).

// ESC-introduced sequences: CSI (ESC [ … final), OSC/DCS/APC/PM/SOS (ESC ] … BEL or ST), and two-byte ones.
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]|.?)/gs;
// Other C0 controls (but tab and newline), DEL and the C1 range (which some terminals also obey), and
// bidirectional overrides and isolates (which reorder what is shown: `\u202egnp.exe` reads as `exe.png`).
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

export function stripTerminalControls(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, '');
}

// OSC 9 only as a plain notification: `9;<digits>;…` are other terminals' commands (ConEmu's GuiMacro, progress).
const ALLOWED_SEQUENCE = /^(?:\x07|\x1b\](?:9;(?!\d+;)|777;notify;)[^\x00-\x1f\x7f-\x9f]*(?:\x07|\x1b\\))+$/;

// The sequence when every part of it is on the allowlist, else undefined.
export function allowedTerminalSequence(sequence: string): string | undefined {
  return ALLOWED_SEQUENCE.test(sequence) ? sequence : undefined;
}

// What a person reads to decide (the CLI's text: a command shown right before `trust --approve`) is shown
// with its controls escaped, not removed: removing them hides that they were there, escaping shows the
// real command — `curl … | sh #\r\x1b[2Knpm test` reads as that, not as `npm test`. Bidirectional
// overrides and isolates (which reorder what is shown) and DEL are escaped too; tabs and newlines are kept.
const SHOWN_CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
const NAMED_CONTROLS: Readonly<Record<string, string>> = { '\r': '\\r', '\x1b': '\\x1b', '\b': '\\b', '\f': '\\f', '\v': '\\v', '\0': '\\0' };

// `text` with each control as a visible escape: `\r`, `\x1b`, `\x07`, `\u202e`. `keep`: sequences that
// are the writer's own (the CLI's colours), matched at an ESC and passed through unescaped.
export function escapeTerminalControls(text: string, keep?: RegExp): string {
  return text.replace(SHOWN_CONTROLS, (c, at: number) => {
    if (keep !== undefined && c === '\x1b') {
      keep.lastIndex = at;
      if (keep.test(text)) return c;
    }
    return NAMED_CONTROLS[c] ?? `\\${c.charCodeAt(0) < 0x100 ? `x${c.charCodeAt(0).toString(16).padStart(2, '0')}` : `u${c.charCodeAt(0).toString(16).padStart(4, '0')}`}`;
  });
}

// JSON text (JSON.stringify's) with what it leaves raw and a terminal may still obey — DEL, the C1 range,
// bidirectional overrides — written as `\u` escapes: the same JSON value, safe to print. (JSON.stringify
// already escapes every C0 control: `\r`, `\u001b`.)
export function escapeJsonText(json: string): string {
  return json.replace(/[\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
