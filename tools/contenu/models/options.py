"""The French names of the values of a closed list (a ``Literal``): what the carnet's menus
show and the guide writes beside each value, where the content file holds the value itself
(``primary``, ``index, follow``, ``battery-low``).

Declared beside the ``Literal`` they name, as ``Annotated`` metadata: the JSON Schema of
the field carries them under :data:`OPTIONS_KEYWORD` (editors that do not know the keyword
ignore it, as JSON Schema allows), and a test fails when a value of a closed list has no
name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

from pydantic import Field, JsonValue
from pydantic.config import JsonDict
from pydantic.fields import FieldInfo

from contenu.text.typography import french_typography

#: The JSON Schema keyword that carries a closed list's names: value → French name.
OPTIONS_KEYWORD = "x-options"


def option_labels(labels: Mapping[str, str]) -> Any:
    """The marker that names a ``Literal``'s values, for ``Annotated[Literal[...], …]``."""
    named: dict[str, JsonValue] = {v: french_typography(label) for v, label in labels.items()}
    extra: JsonDict = {OPTIONS_KEYWORD: named}
    return Field(json_schema_extra=extra)


def labels_in(metadata: Iterable[Any]) -> dict[str, str]:
    """The names carried by ``Field`` metadata (an alias's markers), or an empty dict."""
    for item in metadata:
        if isinstance(item, FieldInfo):
            extra = item.json_schema_extra
            if isinstance(extra, dict) and isinstance(extra.get(OPTIONS_KEYWORD), dict):
                return dict(cast(dict[str, str], extra[OPTIONS_KEYWORD]))
            found = labels_in(item.metadata)
            if found:
                return found
    return {}
