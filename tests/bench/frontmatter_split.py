"""Why the pipeline reads front matter itself instead of with python-frontmatter: the
measurement behind docs/decisions.md (« Front matter is read by the pipeline »).

Not part of the test suite or of `nox -s bench` (python-frontmatter is not a dependency):
    pip install python-frontmatter && python tests/bench/frontmatter_split.py

It prints, as Markdown, (1) what each reader says about inputs coaches really write and
(2) the time to read the shipped content and a synthetic content of 2,000 articles.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import frontmatter

from contenu.pipeline.discover import Source, classify, discover
from contenu.pipeline.load import load, read_yaml

ROOT = Path(__file__).resolve().parents[2]

CASES: dict[str, str] = {
    "leading blank line": "\n---\ntitle: Bonjour\n---\nTexte.\n",
    "unclosed header": "---\ntitle: Bonjour\nTexte sans fin d’en-tête.\n",
    "yes / no": "---\ntitle: yes\n---\n",
    "date": "---\ndate: 2024-02-30\n---\n",
    "duplicate key": "---\ntitle: Un\ntitle: Deux\n---\n",
    "alias": "---\na: &x [1, 2]\nb: *x\n---\n",
    "body line of a heading": "---\ntitle: T\n---\n\n\n## Intertitre\n",
}


def _source(rel: str = "articles/essai.md") -> Source:
    kind, folder, name = classify(rel)
    return Source(Path("/bench") / rel, rel, f"content/{rel}", kind, folder, name)


def python_frontmatter(text: str) -> str:
    try:
        metadata, body = frontmatter.parse(text)
    except Exception as exc:  # the point is to show what happens
        return f"exception {type(exc).__name__}"
    first = next((i for i, line in enumerate(body.split("\n"), 1) if line.strip()), None)
    return f"{metadata!r}, body line {first} of the body (file line unknown)"


def pipeline(text: str) -> str:
    loaded = load(_source(), text.encode())
    if loaded.diagnostics:
        d = loaded.diagnostics[0]
        return f"diagnostic line {d.line}: {d.message}"
    data = loaded.frontmatter.data if loaded.frontmatter else None
    where = loaded.frontmatter.positions if loaded.frontmatter else {}
    first = loaded.cells[0].line if loaded.cells else None
    return f"{data!r}, key lines {sorted(v[0] for v in where.values())}, body at file line {first}"


def _best_of(runs: int, work: Callable[[], Any]) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def timings(texts: list[bytes]) -> dict[str, float]:
    decoded = [t.decode("utf-8") for t in texts]
    source = _source()
    handler = frontmatter.default_handlers.YAMLHandler()

    def split_then_ours() -> None:  # python-frontmatter to split, our positions-aware YAML
        for text in decoded:
            yaml_text, _ = handler.split(text)
            read_yaml(yaml_text, 2, (1, 1), source, text.split("\n"), "l’en-tête")

    return {
        "python-frontmatter (split + PyYAML SafeLoader)": _best_of(
            5, lambda: [frontmatter.parse(t) for t in decoded]
        ),
        "pipeline load() (split, C YAML with positions, cells)": _best_of(
            5, lambda: [load(source, t) for t in texts]
        ),
        "python-frontmatter split + pipeline YAML": _best_of(5, split_then_ours),
    }


def main() -> None:
    print("| input | python-frontmatter | pipeline (load.py) |\n|---|---|---|")
    for name, text in CASES.items():
        print(f"| {name} | {python_frontmatter(text)} | {pipeline(text)} |".replace("\n", " "))
    shipped = [s.path.read_bytes() for s in discover(ROOT / "content") if s.rel.endswith(".md")]
    article = next(t for t in shipped if b"\ncategory:" in t)
    synthetic = [article] * 2000
    for label, texts in (("shipped content", shipped), ("2,000 articles", synthetic)):
        print(f"\n{label} ({len(texts)} files), best of 5, Python {sys.version.split()[0]}:\n")
        results = timings(texts)
        for reader, seconds in results.items():
            print(f"- {reader}: {seconds * 1000:.1f} ms")
        fastest = min(results.values())
        print(f"- ratio to the fastest: {[round(v / fastest, 2) for v in results.values()]}")


if __name__ == "__main__":
    main()
