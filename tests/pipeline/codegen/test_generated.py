"""The committed JSON Schemas and TypeScript types match the models (regenerated in memory)."""

from __future__ import annotations

from pathlib import Path

from contenu.codegen.schemas import schema_files
from contenu.codegen.typescript import generate, ts_type

REPO = Path(__file__).resolve().parents[3]
STALE = "stale: run `contenu schema` and commit schema/ and site/src/content-types.gen.ts"


def test_schema_folder_is_up_to_date() -> None:
    expected = schema_files()
    folder = REPO / "schema"
    on_disk = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.json")}
    assert sorted(on_disk) == sorted(expected), STALE
    for path, data in expected.items():
        assert on_disk[path] == data, f"schema/{path} {STALE}"


def test_typescript_types_are_up_to_date() -> None:
    ts = REPO / "site" / "src" / "content-types.gen.ts"
    assert ts.read_text(encoding="utf-8") == generate(), STALE


def test_generated_types_cover_the_contract() -> None:
    ts = generate()
    names = ("SiteBundle", "RouteBundle", "RouteHead", "ArticleMeta", "LiveUpdate", "Pagination")
    for name in names:
        assert f"export interface {name} {{" in ts
    assert "export type RouteIndex = RouteSummary[];" in ts
    assert "export type Cell = ProseCell | HeroCell | CtaCell" in ts
    assert '  type: "testimonials";\n' in ts
    assert "  entries: Testimonial[];\n" in ts
    assert '  kind: "page" | "article" | "not-found";\n' in ts
    assert "  pixel: Pixel | null;\n" in ts


def test_ts_type_mapping() -> None:
    assert ts_type({"anyOf": [{"type": "string"}, {"type": "null"}]}) == "string | null"
    assert ts_type({"enum": ["a", "b"]}) == '"a" | "b"'
    assert ts_type({"const": "x"}) == '"x"'
    assert ts_type(
        {"type": "array", "items": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}
    ) == ("(number | null)[]")
    assert ts_type({"type": "object", "additionalProperties": {"type": "boolean"}}) == (
        "Record<string, boolean>"
    )
    assert ts_type({"$ref": "#/$defs/Head"}) == "Head"
    assert ts_type({}) == "unknown"
