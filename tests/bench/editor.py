"""The « editor » section of ``nox -s bench``: what a keystroke costs in the notebook editor
(issue 21) on a site of 4,000 generated articles. The editor's core (site/src/editor/core,
bundled by rolldown, run by node) applies the edit and validates the document against the
whole tree's context (routes, files, settings), as the notebook does after each keystroke
(before its VALIDATE_AFTER_MS wait). Figures are reported, not asserted."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "site"
sys.path.insert(0, str(REPO / "tests"))

from editor_github_preview import measure_github_preview  # noqa: E402
from editor_preview import measure_preview  # noqa: E402  (tests/bench/editor_preview.py)

from content_factory import article_name, generate_site  # noqa: E402

if TYPE_CHECKING:
    from run import Bench

ARTICLES = 4000
SAMPLES = 400


def _route(rel: str) -> str | None:
    """The editor's routeOf (site/src/editor/workspace.ts)."""
    folder, _, name = rel.partition("/")
    stem = name.removesuffix(".md")
    if folder == "pages" and "/" not in name and stem != "404":
        return "/" if stem == "index" else f"/{stem}"
    if folder == "articles" and "/" not in name:
        return f"/blog/{stem}"
    return None


def _quantiles(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {
        "median": round(statistics.median(ordered), 3),
        "p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        "max": round(ordered[-1], 3),
    }


def measure(
    tmp: Path, articles: int = ARTICLES, samples: int = SAMPLES, preview: bool = True
) -> dict[str, Any]:
    root = generate_site(tmp / f"editor-{articles}", articles)
    content = root / "content"
    files = sorted(p.relative_to(content).as_posix() for p in content.rglob("*") if p.is_file())
    routes = sorted({r for rel in files if (r := _route(rel)) is not None})
    rel = f"articles/{article_name(articles // 2)}"
    bundle = tmp / "editor-bench.mjs"
    subprocess.run(
        [str(SITE / "node_modules" / ".bin" / "rolldown"), "test-support/bench-cli.ts",
         "--platform", "node", "--format", "esm", "--file", str(bundle)],
        cwd=SITE, check=True, capture_output=True, timeout=120,
    )  # fmt: skip
    payload = {
        "context": {
            "routes": routes,
            "files": files,
            "settings": (content / "reglages" / "site.md").read_text(encoding="utf-8"),
        },
        "path": rel,
        "text": (content / rel).read_text(encoding="utf-8"),
        "samples": samples,
    }
    run = subprocess.run(
        ["node", str(bundle)], input=json.dumps(payload), capture_output=True, text=True,
        check=True, timeout=600,
    )  # fmt: skip
    found = json.loads(run.stdout)
    return {
        "articles": articles,
        "files": len(files),
        "samples": samples,
        "document": rel,
        "documentBytes": len(payload["text"].encode()),
        "indexMs": round(found["index"], 2),
        "field": _quantiles(found["field"]),
        "prose": _quantiles(found["prose"]),
        "preview": measure_preview(root, rel) if preview else None,
        # The published carnet: the same document read from the fake GitHub, rendered in the page.
        "githubPreview": measure_github_preview(root, rel, tmp / "github-preview")
        if preview
        else None,
    }


def _ms(value: float) -> str:
    return f"{value:.2f}".replace(".", ",") + "\u00a0ms"


def section_editor(bench: Bench) -> str:
    data = measure(bench.tmp)
    bench.data["editor"] = data
    rows = [
        ("frappe dans un champ (titre) → message du champ", data["field"]),
        ("frappe dans la prose → messages de la cellule", data["prose"]),
    ]
    if data["preview"]:
        rows.append(("frappe dans la prose → aperçu de la cellule (Chromium)", data["preview"]))
    if data.get("githubPreview"):
        rows.append(
            (
                "frappe dans la prose → aperçu, carnet publié (GitHub, Chromium)",
                data["githubPreview"],
            )
        )
    table = "\n".join(
        f"| {what} | {_ms(q['median'])} | {_ms(q['p90'])} | {_ms(q['max'])} |" for what, q in rows
    )
    return (
        "## Éditeur : coût d’une frappe\n\n"
        f"Site de {data['articles']} articles générés ({data['files']} fichiers), document "
        f"`{data['document']}` ({data['documentBytes']} octets), {data['samples']} frappes. "
        "Le cœur de l’éditeur (node) applique la modification puis valide le document contre "
        "le contexte de tout l’arbre (routes, fichiers, réglages). Index du contexte construit "
        f"une fois : {_ms(data['indexMs'])}. L’aperçu : `contenu dev` et Chromium, de "
        "l’événement de saisie (un mot inséré à la fin de la prose) à l’aperçu de la "
        "cellule qui le montre, attente de l’éditeur comprise "
        f"({data['preview']['samples'] if data['preview'] else 0} frappes). Le carnet publié : "
        "le site construit pour GitHub, le dépôt servi par la fausse API GitHub avec les mêmes "
        "articles ; le texte est rendu dans la page (markdown-it, l’assainisseur et la "
        "typographie de la construction), sans serveur.\n\n"
        "| Mesure | Médiane | p90 | Max |\n|---|---|---|---|\n" + table + "\n"
    )


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        print(json.dumps(measure(Path(tmp)), indent=2))
