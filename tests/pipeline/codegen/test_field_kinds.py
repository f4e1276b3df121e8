"""Every field of ``schema/*.json`` names the kind the carnet edits it with, and the kind is
the model's: its type (``Href``, ``Paragraph``, ``Image``, ``Literal``…), never its help or its
key (``site/src/editor/fields/registry.test.ts`` checks that the carnet has one folder per
kind and reads nothing else)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import pytest
from pydantic import Field

from contenu.codegen.schemas import content_schemas, name_field_kinds
from contenu.models.common import ContentModel, Href, Image, Paragraph, Text
from contenu.models.field_kinds import FIELD_KIND_KEYWORD, FIELD_KINDS, field_kind

SCHEMAS = content_schemas()


def _fields(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(where, property or list item) for every field of a schema and of its definitions."""
    found: list[tuple[str, dict[str, Any]]] = []
    for owner_name, owner in [("", schema), *schema.get("$defs", {}).items()]:
        for key, prop in owner.get("properties", {}).items():
            found.append((f"{owner_name}.{key}", prop))
            value = next((o for o in prop.get("anyOf", []) if o.get("type") != "null"), prop)
            if "items" in value:
                found.append((f"{owner_name}.{key}[]", value["items"]))
    return found


@pytest.mark.parametrize("path", sorted(SCHEMAS))
def test_every_field_names_a_kind_of_the_carnet(path: str) -> None:
    for where, node in _fields(SCHEMAS[path]):
        assert node.get(FIELD_KIND_KEYWORD) in FIELD_KINDS, f"{path} {where}: {node}"


def _kinds(model: type[ContentModel]) -> dict[str, str]:
    schema = model.model_json_schema(by_alias=True, mode="validation")
    name_field_kinds(schema)
    return {key: prop[FIELD_KIND_KEYWORD] for key, prop in schema["properties"].items()}


def test_the_kind_is_the_types_whatever_the_key_or_the_help() -> None:
    class Throwaway(ContentModel):
        # Keys and help that once chose a widget (« /page » in the help, `text`, `href`).
        text: Text = Field(description="Une « /page » du site.", title="texte")
        href: Text = Field(description="Texte.", title="lien")
        target: Href | None = Field(None, description="Sans exemple.", title="cible")
        summary: Paragraph = Field(description="Résumé.", title="résumé")
        note: Annotated[str, field_kind("multiline")] = Field(title="note")
        picture: Image | None = Field(None, title="image")
        pictures: list[Image] = Field(default_factory=list, title="images")
        tone: Literal["a", "b"] = Field("a", title="ton")
        count: int = Field(1, title="nombre")
        shown: bool = Field(False, title="visible")

    assert _kinds(Throwaway) == {
        "text": "text",
        "href": "text",
        "target": "link",
        "summary": "multiline",
        "note": "multiline",
        "picture": "image",
        "pictures": "list",
        "tone": "choice",
        "count": "number",
        "shown": "boolean",
    }


def test_a_kind_the_carnet_lacks_is_refused_when_the_schemas_are_written() -> None:
    class Throwaway(ContentModel):
        colour: Annotated[str, Field(json_schema_extra={FIELD_KIND_KEYWORD: "colour"})]

    with pytest.raises(TypeError, match="unknown field kind 'colour'"):
        _kinds(Throwaway)
