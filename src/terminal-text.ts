// Hook text a harness shows in its terminal (`statusMessage`, `systemMessage`) is text, not terminal
// control: escape sequences (an OSC 52 clipboard write, a title change, cursor moves) and other control
// characters are removed, tabs and newlines kept. `terminalSequence`, which exists to reach the terminal,
// keeps only what is on an allowlist: a bell, and OSC 9 / OSC 777 desktop notifications (OSC 9 not
// followed by `<digits>;`, which some terminals read as commands).

// ESC-introduced sequences: CSI (ESC [ … final), OSC/DCS/APC/PM/SOS (ESC ] … BEL or ST), and two-byte ones.
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_]|.?)/gs;
// Other C0 controls (but tab and newline), DEL and the C1 range (which some terminals also obey).
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function stripTerminalControls(text: string): string {
  return text.replace(ESCAPES, '').replace(CONTROLS, '');
}

// OSC 9 only as a plain notification: `9;<digits>;…` are other terminals' commands (ConEmu's GuiMacro, progress).
const ALLOWED_SEQUENCE = /^(?:\x07|\x1b\](?:9;(?!\d+;)|777;notify;)[^\x00-\x1f\x7f-\x9f]*(?:\x07|\x1b\\))+$/;

// The sequence when every part of it is on the allowlist, else undefined.
export function allowedTerminalSequence(sequence: string): string | undefined {
  return ALLOWED_SEQUENCE.test(sequence) ? sequence : undefined;
}
