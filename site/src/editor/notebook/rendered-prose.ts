// Changed prose as the pipeline renders it (Markdown → HTML), asked as the coach types.
//
// No fixed wait: the first keystroke is sent at once, and while one request is under way the
// next keystrokes only mark the text as wanted; when the answer comes, the newest text is
// sent. A fast typist gets one request per round trip (a few milliseconds to the local
// renderer), never one per keystroke, and a single keystroke is shown after one round trip
// instead of a timer plus one. The answer for a text the coach has since changed is kept
// too: it is the cell's last drawing until the newest one arrives, so the preview never
// falls back to the saved version mid-sentence.
import { useEffect, useMemo, useRef, useState } from "react";

export interface ProseToRender {
  /** The cell's place in the document: where its last drawing is kept. */
  index: number;
  markdown: string;
}

export interface RenderedProse {
  /** The HTML of this exact text, or the cell's last drawing (`stale`), or nothing yet. */
  htmlOf(index: number, markdown: string): { html: string; stale: boolean } | null;
}

export function useRenderedProse(
  wanted: readonly ProseToRender[],
  render: ((markdown: string) => Promise<string | null>) | undefined,
): RenderedProse {
  // Drawings by text, for one renderer: a new one (the settings' variables were read) draws
  // every text again.
  const [drawings, setDrawings] = useState<{ by: typeof render; html: ReadonlyMap<string, string> }>({ by: render, html: new Map() });
  const rendered = useMemo(() => (drawings.by === render ? drawings.html : new Map<string, string>()), [drawings, render]);
  const [last, setLast] = useState<ReadonlyMap<number, string>>(new Map());
  const busy = useRef(false);
  const failed = useRef(new Set<string>()); // texts the renderer refused: not asked again
  const latest = useRef(wanted);
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    latest.current = wanted;
  }, [wanted]);

  useEffect(() => {
    if (!render || busy.current) return;
    const todo = [...new Set(wanted.map((item) => item.markdown))].filter(
      (markdown) => !rendered.has(markdown) && !failed.current.has(markdown),
    );
    if (!todo.length) return;
    busy.current = true;
    const ask = async (markdown: string) => {
      try {
        return [markdown, await render(markdown)] as const;
      } catch {
        return [markdown, null] as const;
      }
    };
    // Never rejects; its answer always sets a new map, which runs this effect again for the
    // text typed meanwhile.
    void Promise.all(todo.map(ask)).then((pairs) => {
      busy.current = false;
      if (!mounted.current) return;
      const current = new Set(latest.current.map((item) => item.markdown));
      const next = new Map([...rendered].filter(([markdown]) => current.has(markdown)));
      for (const [markdown, html] of pairs) {
        if (typeof html === "string") next.set(markdown, html);
        else failed.current.add(markdown);
      }
      setDrawings({ by: render, html: next });
      setLast((previous) => {
        const drawn = new Map(previous);
        for (const [markdown, html] of pairs) {
          if (typeof html !== "string") continue;
          for (const item of wanted) if (item.markdown === markdown) drawn.set(item.index, html);
        }
        return drawn;
      });
    });
  }, [wanted, rendered, render]);

  return {
    htmlOf(index, markdown) {
      const html = rendered.get(markdown);
      if (html !== undefined) return { html, stale: false };
      const previous = last.get(index);
      return previous === undefined ? null : { html: previous, stale: true };
    },
  };
}
