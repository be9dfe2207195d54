// What the harness supplies for the handler types a library cannot run by itself (a model call, an
// agent, an MCP server), and what background hooks hand back. Types only.
import type { ClaudeHookOutput } from './payloads.js';

/** A `prompt` or `agent` hook to evaluate. `$ARGUMENTS` in the configured prompt is already the input JSON. */
export interface PromptHookRequest {
  kind: 'prompt' | 'agent';
  prompt: string;
  /** The configured model, if any (else the harness's small fast model). */
  model?: string;
  /** 30 s for prompt, 60 s for agent, unless the hook sets `timeout`. */
  timeoutMs: number;
  /** Aborts at the timeout or when the dispatch aborts. */
  signal: AbortSignal;
  event: string;
  /** The hook input. */
  input: unknown;
}

/** `ok: false` blocks, with `reason`. */
export interface PromptHookResponse {
  ok: boolean;
  reason?: string;
}

export interface McpToolRequest {
  server: string;
  tool: string;
  /** The configured input, `${path}` references in its strings filled from the hook input. */
  input: Record<string, unknown>;
  signal: AbortSignal;
  timeoutMs: number;
}

/** The tool's result as text, or as an MCP result whose text parts are joined. */
export type McpToolResponse = string | { content?: ReadonlyArray<{ type: string; text?: string }>; isError?: boolean };

export interface HookAdapters {
  prompt?(request: PromptHookRequest): Promise<PromptHookResponse>;
  agent?(request: PromptHookRequest): Promise<PromptHookResponse>;
  mcpTool?(request: McpToolRequest): Promise<McpToolResponse>;
}

/** A background (async) hook that finished. */
export interface AsyncHookResult {
  event: string;
  name: string;
  exitCode: number | null;
  /** The JSON output it printed, if any. */
  output?: ClaudeHookOutput;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  durationMs: number;
  /** An asyncRewake hook that exited 2: hand `message` to the model. */
  rewake: boolean;
  message?: string;
}
