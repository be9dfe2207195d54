// The per-entry context and the dispatch's abort state. Both create AbortControllers only when a handler
// reads `context.signal`: a handler that never looks at its signal costs no controller and no listener.

// Tracks one dispatch's caller signal: whether it aborted, the wait to cut short, the controllers to abort.
export class DispatchAbort {
  aborted = false;
  reason: unknown;
  /** Resolves the entry currently awaited, if any. */
  interrupt: (() => void) | undefined;
  #controllers: AbortController[] | undefined;
  readonly #signal: AbortSignal;
  readonly #onAbort = (): void => this.#abort();

  constructor(signal: AbortSignal) {
    this.#signal = signal;
    if (signal.aborted) this.#abort();
    else signal.addEventListener('abort', this.#onAbort, { once: true });
  }

  link(controller: AbortController): void {
    if (this.aborted) controller.abort(this.reason);
    else (this.#controllers ??= []).push(controller);
  }

  dispose(): void {
    this.#signal.removeEventListener('abort', this.#onAbort);
  }

  #abort(): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = this.#signal.reason;
    const controllers = this.#controllers;
    this.#controllers = undefined;
    if (controllers) for (const c of controllers) c.abort(this.reason);
    this.interrupt?.();
  }
}

// What a handler gets as its second argument. One field (fast path: a context is made per entry per
// dispatch): the dispatch's abort state until someone asks for the signal, then the signal's controller;
// or, if the entry's deadline passed before anyone asked, why.
export class EntryContext {
  #state: DispatchAbort | AbortController | Error | undefined;

  constructor(dispatch: DispatchAbort | undefined) {
    this.#state = dispatch;
  }

  /** Aborts when the dispatch is aborted or this entry's deadline passes. */
  get signal(): AbortSignal {
    const state = this.#state;
    if (isController(state)) return state.signal;
    const controller = new AbortController();
    this.#state = controller;
    // Read after the deadline passed: born aborted.
    if (state instanceof Error) controller.abort(state);
    else state?.link(controller);
    return controller.signal;
  }

  /** Aborts the signal (if anyone asked for it) because the entry's deadline passed. */
  expire(reason: Error): void {
    const state = this.#state;
    if (isController(state)) state.abort(reason);
    else this.#state = reason;
  }
}

// The context's state once someone asked for the signal. Told apart by our own class and Error, not by the
// global AbortController (which an app may replace).
function isController(state: DispatchAbort | AbortController | Error | undefined): state is AbortController {
  return state !== undefined && !(state instanceof DispatchAbort) && !(state instanceof Error);
}
