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

// What a handler gets as its second argument.
export class EntryContext {
  #controller: AbortController | undefined;
  #expired: Error | undefined;
  readonly #dispatch: DispatchAbort | undefined;

  constructor(dispatch: DispatchAbort | undefined) {
    this.#dispatch = dispatch;
  }

  /** Aborts when the dispatch is aborted or this entry's deadline passes. */
  get signal(): AbortSignal {
    if (this.#controller === undefined) {
      this.#controller = new AbortController();
      // Read after the deadline passed: born aborted.
      if (this.#expired !== undefined) this.#controller.abort(this.#expired);
      else this.#dispatch?.link(this.#controller);
    }
    return this.#controller.signal;
  }

  /** Aborts the signal (if anyone asked for it) because the entry's deadline passed. */
  expire(reason: Error): void {
    this.#expired = reason;
    this.#controller?.abort(reason);
  }
}
