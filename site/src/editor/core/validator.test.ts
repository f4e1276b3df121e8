// The validator's worker protocol, with a stand-in worker: verdicts arrive in order, a newer
// text replaces one still waiting, and a reading that never answers is abandoned for the
// newest text (the worker started again), so no document can keep the verdicts away.
import { afterEach, describe, expect, it, vi } from "vitest";
import type { EditorDiagnostic } from "./validate.ts";
import { Validator, type ValidatorReply, type ValidatorRequest } from "./validator.ts";

class StandIn {
  static started: StandIn[] = [];
  received: ValidatorRequest[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<ValidatorReply>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor() {
    StandIn.started.push(this);
  }
  postMessage(request: ValidatorRequest) {
    this.received.push(request);
  }
  answer(diagnostics: EditorDiagnostic[] = []) {
    const request = this.received[this.received.length - 1]!;
    this.onmessage?.({ data: { id: request.id, diagnostics } } as MessageEvent<ValidatorReply>);
  }
  terminate() {
    this.terminated = true;
  }
}

const context = { routes: ["/"], files: [] };
const start = () => new StandIn() as unknown as Worker;
const one = (message: string): EditorDiagnostic[] => [{ target: null, path: [], field: "", message, severity: "error" }];

afterEach(() => {
  StandIn.started = [];
  vi.useRealTimers();
});

describe("the validator off the page's thread", () => {
  it("sends the tree once and each text, and gives each verdict", async () => {
    const validator = new Validator(start);
    const first = validator.validate("articles/a.md", "A", context);
    const worker = StandIn.started[0]!;
    expect(worker.received[0]).toMatchObject({ path: "articles/a.md", text: "A", context });
    worker.answer(one("a"));
    expect(await first).toEqual(one("a"));
    const second = validator.validate("articles/a.md", "AB", context);
    expect(worker.received[1]).not.toHaveProperty("context");
    worker.answer(one("ab"));
    expect(await second).toEqual(one("ab"));
  });

  it("reads only the newest of the texts typed while it works", async () => {
    const validator = new Validator(start);
    const first = validator.validate("articles/a.md", "A", context);
    const skipped = validator.validate("articles/a.md", "AB", context);
    const newest = validator.validate("articles/a.md", "ABC", context);
    expect(await skipped).toBeNull();
    const worker = StandIn.started[0]!;
    worker.answer(one("a"));
    expect(await first).toEqual(one("a"));
    expect(worker.received.map((r) => r.text)).toEqual(["A", "ABC"]);
    worker.answer(one("abc"));
    expect(await newest).toEqual(one("abc"));
  });

  it("abandons a reading that does not answer when a newer text waits", async () => {
    vi.useFakeTimers();
    const validator = new Validator(start);
    const stuck = validator.validate("articles/a.md", "lent", context);
    const newer = validator.validate("articles/a.md", "lent mais corrigé", context);
    await vi.advanceTimersByTimeAsync(2500);
    expect(await stuck).toBeNull();
    const [old, fresh] = StandIn.started;
    expect(old!.terminated).toBe(true);
    expect(fresh!.received).toEqual([expect.objectContaining({ text: "lent mais corrigé", context })]);
    fresh!.answer(one("ok"));
    expect(await newer).toEqual(one("ok"));
  });

  it("validates on the page's thread when the worker fails to start", async () => {
    const validator = new Validator(start);
    const pending = validator.validate("articles/a.md", "Juste du texte.\n", context);
    StandIn.started[0]!.onerror?.(new Event("error"));
    expect((await pending)?.map((d) => d.field)).toEqual([""]);
    expect(StandIn.started[0]!.terminated).toBe(true);
    expect(await validator.validate("articles/a.md", "Juste du texte.\n", context)).toHaveLength(1);
    expect(StandIn.started).toHaveLength(1);
  });

  it("validates on the page's thread where there is no worker", async () => {
    const found = await new Validator(null).validate("articles/a.md", "Juste du texte.\n", context);
    expect(found?.map((d) => d.field)).toEqual([""]);
  });
});
