"""The carnet's core as a command for the Python tests: ``site/test-support/*-cli.ts``
bundled with rolldown (optionally with another generated model data file in place of
``site/src/editor/core/generated/model.gen.json``) and run by node, JSON in and out; and
the verdicts both sides give on one document against the shipped content."""

from __future__ import annotations

import datetime as dt
import functools
import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from contenu.models.site import SiteSettings
from contenu.pipeline.collect import collect
from contenu.pipeline.discover import Source, classify, discover, read_source
from contenu.pipeline.graph import Graph
from contenu.pipeline.references import check_items_and_orphans, check_refs, routes_of
from contenu.pipeline.validate import process
from contenu.pipeline.variables import Variables
from contenu.report.diagnostics import Diagnostic

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
CONTENT = ROOT / "content"
SETTINGS = (CONTENT / "reglages" / "site.md").read_text(encoding="utf-8")
ORPHAN = "n’apparaît sur aucune page"
ROLLDOWN = SITE / "node_modules" / ".bin" / "rolldown"
MISSING = not ROLLDOWN.exists() or shutil.which("node") is None
NEEDS = "needs node and site/node_modules (npm --prefix site ci)"


def require_node() -> pytest.MarkDecorator:
    """The mark of a module that runs the carnet's core: skipped without node, except in CI
    (the `site` session runs it after `npm ci`: a skip there would hide that the carnet and
    the pipeline were never compared)."""
    if MISSING and os.environ.get("CI"):
        pytest.fail(NEEDS, pytrace=False)
    return pytest.mark.skipif(MISSING, reason=NEEDS)


_CONFIG = """
const data = {data};
export default {{
  input: {entry},
  platform: "node",
  output: {{ format: "esm", file: {out} }},
  plugins: [{{
    name: "model-data",
    resolveId(source) {{
      if (data && source.endsWith("/generated/model.gen.json")) return data;
      return null;
    }},
  }}],
}};
"""


def bundle(out: Path, cli: str = "agreement-cli.ts", data: Path | None = None) -> Path:
    """``site/test-support/<cli>`` bundled into ``out``; ``data``: the model data file the
    carnet reads instead of the generated one."""
    config = out.with_suffix(".config.mjs")
    config.write_text(
        _CONFIG.format(
            data=json.dumps(str(data)) if data else "null",
            entry=json.dumps(str(SITE / "test-support" / cli)),
            out=json.dumps(str(out)),
        ),
        encoding="utf-8",
    )
    subprocess.run(
        [str(ROLLDOWN), "-c", str(config)], cwd=SITE, check=True, capture_output=True, timeout=120
    )
    return out


def run(bundled: Path, payload: dict[str, Any], *node_options: str) -> Any:
    done = subprocess.run(
        ["node", *node_options, str(bundled)],
        input=json.dumps(payload), capture_output=True, text=True, check=True, timeout=600,
    )  # fmt: skip
    return json.loads(done.stdout)


Verdict = list[tuple[str, str, str]]  # (severity, field, message), sorted


@functools.cache
def _shipped() -> tuple[Graph, dict[str, Any], Variables]:
    """The graph of the shipped content, the editor's context (routes, files and the
    settings' text) and the settings' variables."""
    sources = discover(CONTENT)
    images = [s for s in sources if s.kind == "image"]
    results = [process(s, read_source(s)) for s in sources if s.kind != "image"]
    graph, _ = collect(results, images, CONTENT.name, dt.date.today())
    files = sorted(s.rel for s in sources)
    settings = next(r.model for r in results if isinstance(r.model, SiteSettings))
    context = {"routes": sorted(routes_of(graph)), "files": files, "settings": SETTINGS}
    return graph, context, Variables.of(settings)


def pipeline_verdict(rel: str, text: str) -> Verdict:
    """What ``contenu check`` says of ``text`` as ``content/<rel>`` in the shipped tree."""
    graph, _, variables = _shipped()
    kind, folder, name = classify(rel)
    source = Source(CONTENT / rel, rel, f"content/{rel}", kind, folder, name)
    result = process(source, text.encode(), variables)
    mine = Graph(
        pages=dict(graph.pages),
        articles=dict(graph.articles),
        entries=graph.entries,
        images=graph.images,
        status=graph.status,
    )
    if kind == "page":
        mine.pages[name] = result
    elif kind == "article":
        mine.articles[name] = result
    diags: list[Diagnostic] = [*result.diagnostics, *check_refs(mine, [result])]
    diags += [d for d in check_items_and_orphans(mine, [result]) if ORPHAN not in d.message]
    return sorted((d.severity, d.field, d.message) for d in diags)


@functools.cache
def _bundle(tmp: Path) -> Path:
    return bundle(tmp / "editor-agreement.mjs")


def run_editor(tmp: Path, payload: dict[str, Any]) -> Any:
    """The agreement command, bundled once into ``tmp``, run on ``payload``."""
    return run(_bundle(tmp), payload)


def editor_verdicts(
    tmp: Path, cases: list[tuple[str, str]], bundled: Path | None = None
) -> list[Verdict]:
    """What the carnet says of each case (``bundled``: another bundle of its core)."""
    _, context, _ = _shipped()
    routes = [f"/blog/{Path(rel).stem}" for rel, _ in cases if rel.startswith("articles/")]
    routes += [f"/{Path(rel).stem}" for rel, _ in cases if rel.startswith("pages/")]
    payload = {
        "context": {**context, "routes": context["routes"] + routes},
        "cases": [{"path": rel, "text": text} for rel, text in cases],
    }
    found = run(bundled, payload) if bundled else run_editor(tmp, payload)
    return [sorted((d["severity"], d["field"], d["message"]) for d in one) for one in found]
