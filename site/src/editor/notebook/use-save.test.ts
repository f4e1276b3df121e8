import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { parseDocument } from "../core/index.ts";
import { t } from "../texts.ts";
import { useSave } from "./use-save.ts";

const TEXT = "---\ntitle: Un titre\n---\n\nLe texte.\n";

/** The hook around a write the test lets finish when it chooses. */
function harness() {
  let finish: () => void = () => undefined;
  const write = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const say = vi.fn();
  const onSaved = vi.fn();
  const doc = parseDocument("content/pages/a-propos.md", TEXT);
  const { result } = renderHook(() =>
    useSave({ doc, text: TEXT, write, checkNow: async () => [], written: async () => undefined, say, onSaved }),
  );
  return { result, write, say, onSaved, finish: () => finish() };
}

describe("« Enregistrer »", () => {
  it("asked again while the file is being written (« Proposer » right after), waits for that save and gets its answer", async () => {
    const { result, write, say, onSaved, finish } = harness();
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      // The same moment, before any render: the button and then « Proposer ».
      first = result.current.save();
      second = result.current.save();
    });
    expect(result.current.saving).toBe(true);
    // And after a render, the button showing « Enregistrement… ».
    const third = result.current.save();
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    await act(async () => finish());
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    await expect(third).resolves.toBe(true);
    expect(write).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(say).toHaveBeenCalledWith(t("saved"));
    expect(result.current.saving).toBe(false);
  });

  it("writes the file again when asked after a save has ended", async () => {
    const { result, write, finish } = harness();
    let saved!: Promise<boolean>;
    act(() => {
      saved = result.current.save();
    });
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1));
    await act(async () => finish());
    await expect(saved).resolves.toBe(true);
    act(() => {
      saved = result.current.save();
    });
    await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(2));
    await act(async () => finish());
    await expect(saved).resolves.toBe(true);
  });
});
