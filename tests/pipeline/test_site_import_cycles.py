"""No module of the site's build scripts imports, even indirectly, a module that imports it
(prerender.mjs and search-index.mjs did, for one escaping function): each can be read, and
changed, from the ones it imports. tools/contenu has the same rule in its import contract
(``[tool.importlinter]``, `nox -s lint`)."""

from __future__ import annotations

import re
from pathlib import Path

SITE = Path(__file__).resolve().parents[2] / "site"
#: The folders whose modules are checked (site/src has its own cycles to break first).
FOLDERS = ("scripts",)
_IMPORT = re.compile(
    r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s+["'](\.{1,2}/[^"']+)["']|^\s*import\s+["'](\.{1,2}/[^"']+)["']""",
    re.MULTILINE,
)
_SOURCE = (".ts", ".tsx", ".mjs", ".js")


def _resolve(module: Path, spec: str) -> Path | None:
    target = (module.parent / spec).resolve()
    for candidate in (target, *(target.with_name(target.name + ext) for ext in _SOURCE)):
        if candidate.is_file() and candidate.suffix in _SOURCE:
            return candidate
    return None


def _graph(folders: tuple[str, ...]) -> dict[Path, set[Path]]:
    modules = [
        p
        for folder in folders
        for p in (SITE / folder).rglob("*")
        if p.suffix in _SOURCE and "node_modules" not in p.parts
    ]
    graph: dict[Path, set[Path]] = {}
    for module in modules:
        text = module.read_text(encoding="utf-8")
        specs = [a or b for a, b in _IMPORT.findall(text)]
        graph[module] = {t for s in specs if (t := _resolve(module, s)) is not None}
    return graph


def cycles(graph: dict[Path, set[Path]], root: Path = SITE) -> list[list[str]]:
    """Every cycle of the import graph, once each (Tarjan's strongly connected components),
    its modules named from ``root``."""
    index: dict[Path, int] = {}
    low: dict[Path, int] = {}
    stack: list[Path] = []
    found: list[list[str]] = []

    def visit(node: Path) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in graph.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1 or node in graph.get(node, ()):
                found.append(sorted(m.relative_to(root).as_posix() for m in component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_build_script_is_in_an_import_cycle() -> None:
    assert cycles(_graph(FOLDERS)) == []


def test_a_cycle_is_found(tmp_path: Path) -> None:
    (tmp_path / "a.mjs").write_text('import { x } from "./b.mjs";\n')
    (tmp_path / "b.mjs").write_text('import { y } from "./c";\nexport const x = 1;\n')
    (tmp_path / "c.ts").write_text('export { z } from "./a.mjs";\nimport "./d.mjs";\n')
    (tmp_path / "d.mjs").write_text("export const z = 1;\n")
    graph = {
        module: {
            target
            for spec in _IMPORT.findall(module.read_text())
            if (target := _resolve(module, spec[0] or spec[1])) is not None
        }
        for module in tmp_path.iterdir()
    }
    assert cycles(graph, tmp_path) == [["a.mjs", "b.mjs", "c.ts"]]
