// Error classes with stable codes. Callers branch on `code`, not on message text.

export type HookErrorCode =
  | 'HOOKS_ERR_EVENT_NOT_SUPPORTED'
  | 'HOOKS_ERR_HANDLER_NOT_FN'
  | 'HOOKS_ERR_PAYLOAD_INVALID'
  | 'HOOKS_ERR_OPTION_INVALID'
  | 'HOOKS_ERR_CONFIG_INVALID'
  | 'HOOKS_ERR_CONFIG_READ'
  | 'HOOKS_ERR_CLOSED';

// A TypeError with a code: bad arguments from the caller (unknown event, handler not a function,
// payload missing a field, an invalid option). It stays a TypeError so `instanceof TypeError` holds.
export class HookTypeError extends TypeError {
  override name = 'HookTypeError';
  readonly code: HookErrorCode;
  constructor(code: HookErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

// A dispatch on a registry that was closed: nothing runs (a closed registry must not start processes).
export class HookClosedError extends Error {
  override name = 'HookClosedError';
  readonly code: HookErrorCode = 'HOOKS_ERR_CLOSED';
}

export interface HookConfigIssue {
  /** Where the problem is, e.g. `hooks.PreToolUse[0].hooks[1].timeout`. */
  path: string;
  message: string;
}

// A config that cannot be used at all: every problem is listed with its path, and nothing was registered.
export class HookConfigError extends Error {
  override name = 'HookConfigError';
  readonly code: HookErrorCode;
  readonly issues: readonly HookConfigIssue[];
  readonly file: string | undefined;
  constructor(issues: readonly HookConfigIssue[], options: { file?: string; cause?: unknown; code?: HookErrorCode } = {}) {
    const where = options.file ? ` in ${options.file}` : '';
    const list = issues.map((i) => `  - ${i.path || '(root)'}: ${i.message}`).join('\n');
    super(`Invalid hook config${where}:\n${list}`, { cause: options.cause });
    this.code = options.code ?? 'HOOKS_ERR_CONFIG_INVALID';
    this.issues = issues;
    this.file = options.file;
  }
}

// Describes a value for an error message: `-1 (number)`, `"x" (string)`.
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return `${JSON.stringify(value)} (string)`;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `${String(value)} (${typeof value})`;
}
