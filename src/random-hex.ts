// Random hex for file names that must not be guessed (Web Crypto: nothing more to load at import).
export const randomHex = (bytes: number): string => Array.from(globalThis.crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');
