/**
 * `contenu check`'s verdict on a document, given by a Web Worker (validation-worker.ts): the
 * page's thread only sends the text and receives the diagnostics. One request at a time is
 * read; a newer text replaces one still waiting, and a reading that has not answered after
 * ABANDON_MS while a newer text waits is abandoned (the worker is started again), so that no
 * text can keep the verdict of the next one away. Without workers (the unit tests' DOM), or
 * when the worker cannot start, the verdict is computed on the page's thread.
 */
import { parseDocument } from "./document.ts";
import { indexContext, validateDocument, type EditorDiagnostic, type ValidationContext } from "./validate.ts";

/** What the page sends: `context` only when it changed since the last request. */
export interface ValidatorRequest {
  id: number;
  path: string;
  text: string;
  context?: ValidationContext;
}

export interface ValidatorReply {
  id: number;
  diagnostics: EditorDiagnostic[];
}

const ABANDON_MS = 2000;

interface Waiting {
  request: ValidatorRequest;
  context: ValidationContext;
  resolve: (found: EditorDiagnostic[] | null) => void;
}

export class Validator {
  private worker: Worker | null = null;
  private sentContext: ValidationContext | null = null;
  private running: (Waiting & { since: number }) | null = null;
  private waiting: Waiting | null = null;
  private nextId = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private start: (() => Worker) | null = defaultWorker()) {}

  /** The diagnostics of `text` as the file `path`, or null when a newer text replaced it
   * before it was read. */
  validate(path: string, text: string, context: ValidationContext): Promise<EditorDiagnostic[] | null> {
    if (!this.start) return Promise.resolve().then(() => here(path, text, context));
    return new Promise((resolve) => {
      this.waiting?.resolve(null);
      this.waiting = { request: { id: this.nextId++, path, text }, context, resolve };
      this.pump();
    });
  }

  /** Stops the worker; what waits gets null. */
  dispose(): void {
    this.waiting?.resolve(null);
    this.running?.resolve(null);
    this.waiting = this.running = null;
    this.stopWorker();
  }

  private pump(): void {
    if (this.running) {
      // A reading still going while a newer text waits: abandoned after ABANDON_MS.
      const left = ABANDON_MS - (Date.now() - this.running.since);
      if (left <= 0) this.abandon();
      else this.timer ??= setTimeout(() => ((this.timer = null), this.pump()), left);
      return;
    }
    const next = this.waiting;
    if (!next) return;
    this.waiting = null;
    const worker = this.ensureWorker();
    const request = next.context === this.sentContext ? next.request : { ...next.request, context: next.context };
    this.sentContext = next.context;
    this.running = { ...next, since: Date.now() };
    worker.postMessage(request);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start!();
    // A worker that cannot start or fails: the page's thread gives the verdicts from now on.
    worker.onerror = () => {
      this.start = null;
      const { running, waiting } = this;
      this.running = this.waiting = null;
      this.stopWorker();
      for (const job of [running, waiting]) {
        if (job) job.resolve(here(job.request.path, job.request.text, job.context));
      }
    };
    worker.onmessage = ({ data }: MessageEvent<ValidatorReply>) => {
      if (!this.running || this.running.request.id !== data.id) return;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      this.running.resolve(data.diagnostics);
      this.running = null;
      this.pump();
    };
    this.worker = worker;
    this.sentContext = null;
    return worker;
  }

  private abandon(): void {
    this.running?.resolve(null);
    this.running = null;
    this.stopWorker();
    this.pump();
  }

  private stopWorker(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.worker?.terminate();
    this.worker = null;
    this.sentContext = null;
  }
}

function here(path: string, text: string, context: ValidationContext): EditorDiagnostic[] {
  return validateDocument(parseDocument(path, text), indexContext(context));
}

function defaultWorker(): (() => Worker) | null {
  if (typeof Worker === "undefined") return null;
  return () => new Worker(new URL("./validation-worker.ts", import.meta.url), { type: "module" });
}
