// A string as one POSIX shell word: as it is when it needs no quoting, else single-quoted.
export const shellWord = (s: string): string => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
