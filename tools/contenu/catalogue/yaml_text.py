"""YAML as people write it by hand, for examples and new files: list items indented under
their key, multi-line text as a ``|`` block, keys in the model's order."""

from __future__ import annotations

from typing import Any

import yaml


class _Dumper(yaml.SafeDumper):
    """Indents list items under their key, as people write them by hand."""

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        super().increase_indent(flow, False)


def _str_representer(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    # YAML reads these as line breaks: only double quotes (with escapes) keep them.
    if any(c in value for c in "\r\x85\u2028\u2029"):
        style: str | None = '"'
    else:
        style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_representer)


def to_yaml(data: dict[str, Any]) -> str:
    """``data`` as block YAML (empty text for an empty mapping); any string reads back as is."""
    if not data:
        return ""
    return yaml.dump(
        data,
        Dumper=_Dumper,
        allow_unicode=True,
        sort_keys=False,
        default_flow_style=False,
        width=1000,
    )
