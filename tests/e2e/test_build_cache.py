"""A site build after one article changed, with the build cache the previous one left (as the
deploy workflow restores it): one search shard is indexed again — while the pages are linked
(scripts/build.mjs) — and the site is the one a build without a cache makes, its search index
holding the article's new text and not its old one."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from .conftest import content_of
from .test_build_atomic import _leftovers, _start, _without_search_index, tree

# The many-articles build's shards (noxfile.py, e2e): 40 articles each, several shards.
SHARD_ENV = {"SEARCH_ARTICLES_PER_SHARD": "40"}
NEW_WORD = "Ornithorynque"


def _build(dist: Path, content: Path, cache: Path) -> None:
    build = _start(dist, content, cache=cache, extra_env=SHARD_ENV)
    _, errors = build.communicate(timeout=600)
    assert build.returncode == 0, errors.decode()
    assert _leftovers(dist, build.pid) == []


def _indexed_texts(dist: Path) -> str:
    """The text of every article the search index holds (Pagefind's fragments: gzip, then a
    signature, then JSON with the article's text)."""
    texts = []
    for fragment in sorted(dist.glob("pagefind/**/fragment/*.pf_fragment")):
        data = gzip.decompress(fragment.read_bytes())
        texts.append(json.loads(data[data.index(b"{") :])["content"])
    return "\n".join(texts)


def _with_a_new_sentence(bundle: dict[str, Any]) -> None:
    prose = next(cell for cell in bundle["cells"] if cell["type"] == "prose")
    old = prose["html"]
    prose["html"] = old.replace("</p>", f" {NEW_WORD} ajouté par la coach.</p>", 1)
    assert prose["html"] != old


def _shards(files: dict[str, bytes]) -> dict[str, dict[str, bytes]]:
    """The search index's files by shard: pagefind/ is the first, pagefind/<n>/ the others."""
    shards: dict[str, dict[str, bytes]] = {}
    for name, data in files.items():
        parts = name.split("/")
        if parts[0] == "pagefind" and name != "pagefind/shards.json":
            shard = parts[1] if parts[1].isdigit() else "0"
            shards.setdefault(shard, {})[name] = data
    return shards


def test_a_build_after_one_changed_article_indexes_its_shard_again(
    built_sites: dict[str, Path], tmp_path: Path
) -> None:
    many = built_sites["root"].with_name("many")
    if not (many / "index.html").is_file():
        pytest.skip("no many-articles build (nox -s e2e makes it)")
    content = tmp_path / "content-build"
    shutil.copytree(content_of(many), content)
    cache = tmp_path / "cache"
    _build(tmp_path / "site", content, cache)
    assert NEW_WORD not in _indexed_texts(tmp_path / "site")
    before = _shards(tree(tmp_path / "site"))
    assert len(before) >= 3

    # The coach adds a sentence to one article: its data file changes, nothing else.
    route = content / "public" / "data" / "routes" / "blog" / "genere-00044.json"
    bundle = json.loads(route.read_text(encoding="utf-8"))
    _with_a_new_sentence(bundle)
    route.write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    _build(tmp_path / "site", content, cache)

    # Its shard alone was indexed again: a visitor's browser keeps the others' files.
    after = _shards(tree(tmp_path / "site"))
    assert after.keys() == before.keys()
    assert sum(after[shard] != before[shard] for shard in before) == 1
    assert NEW_WORD in _indexed_texts(tmp_path / "site")
    # The same site as a build from nothing, the search index aside (Pagefind names its
    # files differently from one run to the next), which holds the same articles.
    _build(tmp_path / "cold", content, tmp_path / "cold-cache")
    warm, cold = tree(tmp_path / "site"), tree(tmp_path / "cold")
    assert _without_search_index(warm) == _without_search_index(cold)
    assert sorted(_indexed_texts(tmp_path / "site").splitlines()) == sorted(
        _indexed_texts(tmp_path / "cold").splitlines()
    )
