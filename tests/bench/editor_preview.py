"""Keystroke → preview in the notebook editor (issue 21), for the « editor » section of the
bench: `contenu dev` on the 4,000-article site, the editor (/editeur/) open on an article in
Chromium, a word put into its prose cell by one input event; the page records (same clock,
performance.now) the input event and the moment the prose cell's preview shows the word.
The preview is the pipeline's rendering asked of `contenu dev` after the notebook's wait."""

from __future__ import annotations

import re
import statistics
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote

from playwright.sync_api import Page, sync_playwright
from preview import ARGS, CHROMIUM, _start, _stop  # tests/bench/preview.py

CARNET = re.compile(r"Carnet \(éditeur du contenu\)\s*:\s*(http://localhost:\d+/\S*)")
WATCH = """([marker, region]) => {
  window.__inputAt = null; window.__seenAt = null;
  document.addEventListener("input", () => { window.__inputAt ??= performance.now(); },
    { capture: true, once: true });
  const target = document.querySelector(region);
  const observer = new MutationObserver(() => {
    if (!target.innerText.includes(marker)) return;
    observer.disconnect();
    window.__seenAt = performance.now();
  });
  observer.observe(target, { childList: true, subtree: true, characterData: true });
}"""


def measure_preview(root: Path, rel: str, samples: int = 20) -> dict[str, Any]:
    process, _ = _start(root, root / "dev.log")
    try:
        deadline = time.monotonic() + 120
        found = None
        while found is None and time.monotonic() < deadline:
            found = CARNET.search((root / "dev.log").read_text(errors="replace"))
            time.sleep(0.2)
        assert found, (root / "dev.log").read_text(errors="replace")[-2000:]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{found[1]}#fichier={quote(rel, safe='')}")
            times = keystrokes_to_preview(page, samples, open_timeout=120_000)
            browser.close()
    finally:
        _stop(process)
    return summary(times, samples)


def keystrokes_to_preview(page: Page, samples: int, open_timeout: float) -> list[float]:
    """Milliseconds from each word's input event to its showing in the first prose cell's
    preview, for ``samples`` words typed at the end of that cell (the carnet already open)."""
    prose = page.get_by_role("group", name="Texte", exact=True).first
    box = prose.get_by_role("textbox")
    region = prose.get_by_role("region", name="Aperçu")
    box.wait_for(timeout=open_timeout)
    region.evaluate("node => node.setAttribute('data-bench', 'preview')")
    times: list[float] = []
    for n in range(samples):
        marker = f"zqbench{n}"
        page.evaluate(WATCH, [marker, "[data-bench=preview]"])
        box.focus()
        page.keyboard.press("Control+End")
        page.keyboard.insert_text(f" {marker}")
        page.wait_for_function("() => window.__seenAt !== null", timeout=30_000)
        times.append(page.evaluate("() => window.__seenAt - window.__inputAt"))
    return times


def summary(times: list[float], samples: int) -> dict[str, Any]:
    """Median, p90 and max of the keystroke → preview times, in ms."""
    ordered = sorted(times)
    return {
        "samples": samples,
        "median": round(statistics.median(ordered), 1),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 1),
        "max": round(ordered[-1], 1),
    }
