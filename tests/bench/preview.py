"""Section « preview » of the bench: with `contenu dev` running on the largest generated site,
the time from saving a file to seeing the change in the browser (Chromium, Playwright),
over 20 saves: an article's text, and a text of the settings (site.md) shown on every page.

The page records, with a MutationObserver, the moment the new text appears; the save time is
read from the same clock (performance.now) just before the file is written."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))
from content_factory import article_name, generate_site  # noqa: E402

CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
ADDRESS = re.compile(r"Aperçu du site\s*:\s*(http://localhost:\d+/\S*)")
WATCH = """marker => new Promise(resolve => {
  const seen = () => document.body.innerText.includes(marker);
  if (seen()) return resolve(performance.now());
  const observer = new MutationObserver(() => {
    if (seen()) { observer.disconnect(); window.__seenAt = performance.now(); }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  resolve(null);
})"""


def _start(root: Path, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    command = ["contenu", "dev", "--content", str(root / "content"), "--out", str(root / "apercu"),
               "--sans-navigateur"]  # fmt: skip
    with log.open("wb") as out:
        process = subprocess.Popen(
            command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            env={**os.environ, "SITE_URL": ""},
        )  # fmt: skip
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        found = ADDRESS.search(log.read_text(errors="replace"))
        if found:
            return process, found[1]
        if process.poll() is not None:
            break
        time.sleep(0.2)
    raise RuntimeError(f"contenu dev did not start:\n{log.read_text(errors='replace')[-3000:]}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=20)


#: When the page last received the preview's event (src/dev/LivePreview.tsx marks it).
EVENT_AT = """() => {
  const marks = performance.getEntriesByName("renouer:content", "mark");
  return marks.length ? marks[marks.length - 1].startTime : null;
}"""


def _rounds(page: Any, file: Path, edit: Any, rounds: int) -> tuple[list[float], list[float]]:
    """Milliseconds from each save of ``file`` (``edit(text, marker)``) to the marker shown,
    and of those, from the save to the page receiving the preview's event."""
    original = file.read_text(encoding="utf-8")
    times, events = [], []
    try:
        for n in range(rounds):
            marker = f"Banc{n}x{time.monotonic_ns() % 100000}"
            page.evaluate("window.__seenAt = null; performance.clearMarks()")
            page.evaluate(WATCH, marker)
            saved = page.evaluate("performance.now()")
            file.write_text(edit(original, marker), encoding="utf-8")
            page.wait_for_function("window.__seenAt !== null", timeout=30_000)
            times.append(page.evaluate("window.__seenAt") - saved)
            event = page.evaluate(EVENT_AT)
            if event is not None:
                events.append(event - saved)
            time.sleep(0.3)  # let the preview settle, as between two real saves
    finally:
        file.write_text(original, encoding="utf-8")
    return times, events


def _stats(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median": statistics.median(ordered),
        "p90": ordered[max(0, round(0.9 * len(ordered)) - 1)],
        "min": ordered[0],
        "max": ordered[-1],
    }


def section_preview(bench: Any) -> str:
    size = max(bench.args.sizes)
    root = generate_site(bench.tmp / "preview", size, bench.args.words)
    process, url = _start(root, bench.tmp / "preview.log")
    article = root / "content" / "articles" / article_name(7)
    settings = root / "content" / "reglages" / "site.md"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page()
            page.goto(url + "blog/" + article.stem)
            page.wait_for_selector("h1")
            rounds = bench.args.rounds
            article_ms, article_event = _rounds(
                page, article, lambda text, m: text + f"\n\nPhrase ajoutée {m}.\n", rounds
            )
            settings_ms, settings_event = _rounds(
                page, settings,
                lambda text, m: text.replace("Écrivez-nous", f"Écrivez-nous {m}", 1), rounds,
            )  # fmt: skip
            browser.close()
    finally:
        _stop(process)
    figures: dict[str, Any] = {
        "articles": size,
        "article": _stats(article_ms),
        "settings": _stats(settings_ms),
        # save → the page has the event (watcher, contenu, Vite); the rest is the page's
        "article_event": _stats(article_event) if article_event else None,
        "settings_event": _stats(settings_event) if settings_event else None,
    }
    bench.data["preview"] = figures

    def row(label: str, key: str) -> str:
        s, event = figures[key], figures[f"{key}_event"]
        split = f"{event['median']:.0f} ms" if event else "—"
        return (
            f"| {label} | {s['median']:.0f} ms | {s['p90']:.0f} ms "
            f"| {s['min']:.0f}–{s['max']:.0f} ms | {split} |"
        )

    return "\n".join([
        "## Aperçu en direct : de l’enregistrement à l’affichage",
        "",
        f"`contenu dev` sur le site de {size} articles, page d’un article ouverte dans Chromium ; "
        f"{bench.args.rounds} enregistrements de chaque sorte, mesurés dans la page.",
        "",
        "| Modification | médiane | p90 | min–max | dont enregistrement → événement reçu |",
        "|---|---|---|---|---|",
        row("Texte d’un article", "article"),
        row("Texte des réglages (pied de page)", "settings"),
        "",
    ])  # fmt: skip
