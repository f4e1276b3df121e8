"""One resolution of the site's public address: `contenu build` resolves SITE_URL (or the
settings' siteUrl) and writes address.json; every other reader takes the base path from
there — the dev server's and the build's Vite config (site/vite.config.ts), the site's build
(site/scripts/site-address.mjs, used by build.mjs) — and agrees, whatever the spelling: case,
default port, trailing slash, sub-path, international domain name. They used to resolve it
four times, and `https://Example.org:443/coaching` passed `contenu build` and failed the
site's build."""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from stage_inputs import shipped

from contenu.models.bundle import SiteAddress
from contenu.pipeline.collect import collect
from contenu.pipeline.emit import ADDRESS_FILE, EmitError, Options, compile_outputs
from contenu.pipeline.graph import Graph

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "site"
VITE = SITE / "node_modules" / "vite"

_MISSING = not VITE.exists() or shutil.which("node") is None
if _MISSING and os.environ.get("CI"):
    # In CI the `site` session runs this module after `npm ci` (as the editor's agreement).
    pytest.fail("needs node and site/node_modules (npm --prefix site ci)", pytrace=False)
pytestmark = pytest.mark.skipif(
    _MISSING, reason="needs node and site/node_modules (npm --prefix site ci)"
)

#: SITE_URL as a person or GitHub (configure-pages) may write it.
SPELLINGS = [
    "https://Example.org:443/coaching",  # the case that disagreed
    "https://example.org/coaching/",
    "HTTPS://EXAMPLE.ORG/coaching",
    " https://example.org/coaching/ ",
    "https://example.org",
    "https://example.org/",
    "https://example.org/Coaching/Parents",  # a path keeps its case
    "https://example.org:8443/a/b/",
    "https://owner.github.io/repo",
    "https://xn--cole-9oa.fr/parents",  # école.fr, as DNS spells it
]
#: Refused by `contenu build` (nothing is built for them, so no other reader sees them).
REFUSED = ["https://école.fr/parents", "http://example.org/", "https://example.org/a b/"]

#: For each [SITE_URL, content folder]: what each reader makes of it.
READERS = """
import { pathToFileURL } from "node:url";
const [vite, scripts, cases] = process.argv.slice(1);
const { resolveConfig } = await import(pathToFileURL(vite).href);
const address = await import(pathToFileURL(`${scripts}/site-address.mjs`).href);
const answers = [];
for (const [requested, out] of JSON.parse(cases)) {
  process.env.CONTENU_OUT = out;
  process.env.SITE_URL = requested;
  const config = await resolveConfig({ root: process.cwd(), logLevel: "silent" }, "serve");
  const built = await address.readAddress(out);
  answers.push({
    vite: config.base,
    build: built.basePath,
    problem: address.addressProblem(built, requested),
    predicted: address.predictedBase(requested, null),
    previous: address.predictedBase(undefined, built),
  });
}
console.log(JSON.stringify(answers));
"""


def _readers(cases: list[tuple[str, Path]]) -> list[dict[str, Any]]:
    run = subprocess.run(
        ["node", "--input-type=module", "-e", READERS, str(VITE / "dist" / "node" / "index.js"),
         str(SITE / "scripts"), json.dumps([[url, str(out)] for url, out in cases])],
        cwd=SITE, capture_output=True, text=True, check=True, timeout=300,
        env={**os.environ, "VITEST": ""},
    )  # fmt: skip
    answers: list[dict[str, Any]] = json.loads(run.stdout)
    return answers


@pytest.fixture(scope="module")
def graph() -> Graph:
    results, images = shipped()
    graph, _ = collect(results, images, "content", dt.date(2026, 1, 15))
    return graph


def _content_build(graph: Graph, site_url: str | None) -> SiteAddress:
    """What `contenu build` writes to address.json with SITE_URL ``site_url``."""
    outputs = compile_outputs(graph, Options(site_url=site_url))
    return SiteAddress.model_validate_json(outputs.files[ADDRESS_FILE])


def _written(tmp_path: Path, name: str, address: SiteAddress) -> Path:
    out = tmp_path / name
    out.mkdir()
    (out / ADDRESS_FILE).write_text(address.model_dump_json(by_alias=True), encoding="utf-8")
    return out


def test_every_reader_takes_the_base_path_contenu_build_resolved(
    graph: Graph, tmp_path: Path
) -> None:
    built = {url: _content_build(graph, url) for url in SPELLINGS}
    cases = [(url, _written(tmp_path, str(i), built[url])) for i, url in enumerate(SPELLINGS)]
    for (url, _), seen in zip(cases, _readers(cases), strict=True):
        base = built[url].base_path
        assert seen == {
            "vite": base,
            "build": base,
            "problem": None,  # the site's build accepts the SITE_URL the content was built for
            "predicted": base,  # the code it builds before the content is ready is the right one
            "previous": base,
        }, url
    assert built["https://Example.org:443/coaching"].base_path == "/coaching/"
    assert built["https://example.org/Coaching/Parents"].base_path == "/Coaching/Parents/"
    assert built["https://example.org"].base_path == "/"


@pytest.mark.parametrize("url", REFUSED)
def test_an_address_contenu_build_refuses_builds_nothing(graph: Graph, url: str) -> None:
    with pytest.raises(EmitError, match="adresse publique invalide"):
        _content_build(graph, url)


def test_the_site_is_not_built_for_another_address_than_its_content(
    graph: Graph, tmp_path: Path
) -> None:
    out = _written(tmp_path, "out", _content_build(graph, "https://Example.org:443/coaching"))
    cases = [
        (url, out)
        for url in (
            "https://example.org:443/coaching/",  # what it resolved to
            "https://autre.example/coaching",
            "https://example.org/parents",
        )
    ]
    problems = [seen["problem"] for seen in _readers(cases)]
    assert problems[0] is None
    assert problems[1] == (
        "SITE_URL vaut https://autre.example/coaching mais les contenus ont été compilés pour "
        "https://example.org:443/coaching/.\nRelancez « SITE_URL=https://autre.example/coaching "
        "contenu build » avant « npm run build »."
    )
    assert problems[2] is not None


def test_without_site_url_the_settings_address_is_read_everywhere(
    graph: Graph, tmp_path: Path
) -> None:
    address = _content_build(graph, None)
    assert address.requested is None
    assert address.site_url == str(graph.settings.site_url if graph.settings else "")
    out = _written(tmp_path, "out", address)
    [seen] = _readers([("", out)])
    assert seen["vite"] == seen["build"] == seen["previous"] == address.base_path
    assert seen["problem"] is None


def test_contenu_build_writes_the_address_the_site_build_reads(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    result = contenu("build", env={"SITE_URL": "https://Example.org:443/coaching"})
    assert result.exit_code == 0, result.output
    out = site_root / "site" / "generated" / "build"
    [seen] = _readers([("https://Example.org:443/coaching", out)])
    assert seen["problem"] is None and seen["build"] == seen["vite"] == "/coaching/"
