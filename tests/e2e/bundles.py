"""Read what the site should show from the content build (``contenu build --out``).

The tests never keep their own copy of the site's texts: expected titles, labels, ids and
pixel events come from the data files ``contenu build`` wrote for the site under test
(``public/data/site.json``, ``public/data/routes/<key>.json``, ``routes.json``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import cached_property
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
#: What `contenu build` writes by default (runner.BUILD_OUT).
CONTENT_BUILD = REPO / "site" / "generated" / "build"

_SPACES = re.compile(r"[\s\u00a0\u202f\u2009]+")


def normalize(text: str) -> str:
    """Collapse every kind of space (French typography uses no-break ones) to one space."""
    return _SPACES.sub(" ", unescape(text)).strip()


class _TextNodes(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.nodes: list[str] = []

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.nodes.append(normalize(data))


def text_nodes(html: str) -> list[str]:
    parser = _TextNodes()
    parser.feed(html)
    return parser.nodes


@dataclass(frozen=True)
class Route:
    path: str
    key: str
    kind: str
    bundle: dict[str, Any]

    @property
    def head(self) -> dict[str, Any]:
        return self.bundle["head"]

    @property
    def cells(self) -> list[dict[str, Any]]:
        return self.bundle["cells"]

    def cells_of(self, cell_type: str) -> list[dict[str, Any]]:
        return [c for c in self.cells if c["type"] == cell_type]

    def cell(self, cell_type: str) -> dict[str, Any]:
        found = self.cells_of(cell_type)
        assert found, f"route {self.path}: no {{{cell_type}}} cell in its bundle"
        return found[0]

    @property
    def pixel(self) -> dict[str, Any] | None:
        return self.bundle.get("pixel")

    def visible_texts(self) -> list[str]:
        """Texts the prerendered HTML must contain: cell titles and prose text nodes."""
        texts: list[str] = []
        if self.bundle.get("article"):
            texts.append(normalize(self.bundle["article"]["title"]))
        for cell in self.cells:
            if cell["type"] == "prose":
                texts.extend(t for t in text_nodes(cell["html"]) if len(t.split()) >= 3)
            elif isinstance(cell.get("title"), str) and cell["type"] != "not-found":
                texts.append(normalize(cell["title"]))
        return texts


class Bundles:
    """The content build a site was made from."""

    def __init__(self, root: Path = CONTENT_BUILD) -> None:
        self.root = root
        self.data = root / "public" / "data"

    @cached_property
    def site(self) -> dict[str, Any]:
        return json.loads((self.data / "site.json").read_text(encoding="utf-8"))

    @property
    def settings(self) -> dict[str, Any]:
        return self.site["settings"]

    @property
    def brand(self) -> str:
        return self.settings["brand"]

    @cached_property
    def index(self) -> list[dict[str, Any]]:
        """Every route of the build (``routes.json``)."""
        return json.loads((self.root / "routes.json").read_text(encoding="utf-8"))

    def bundle(self, key: str) -> dict[str, Any]:
        return json.loads((self.data / "routes" / f"{key}.json").read_text(encoding="utf-8"))

    @cached_property
    def routes(self) -> list[Route]:
        return [
            Route(entry["path"], entry["key"], entry["kind"], self.bundle(entry["key"]))
            for entry in self.index
            if entry.get("status", "published") == "published"
        ]

    @property
    def pages(self) -> list[Route]:
        """Every route a visitor can reach with status 200 (pages and articles)."""
        return [r for r in self.routes if r.kind != "not-found"]

    def route(self, path: str) -> Route:
        for r in self.routes:
            if r.path == path:
                return r
        raise AssertionError(f"no route {path} in routes.json")

    def rebase(self, url: str, site_url: str) -> str:
        """An absolute URL of the bundles' build, moved to the build under test."""
        built_for = self.site["siteUrl"]
        return site_url + url[len(built_for) :] if url.startswith(built_for) else url
