"""What GitHub's runner does with a step's output, for the tests of contenu.report.output: the
workflow commands it would execute (actions/runner, ActionCommand.TryParseV2 and TryParse).

Lines end at "\\n", "\\r" or "\\r\\n" (.NET's ReadLine). A line is a command when, after
leading white space, it reads ``::name props::data``, or when it holds ``##[name props]data``
anywhere (the older syntax, still read); only registered names count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: The runner's registered command names (plus any stop-commands token, unknown here).
COMMANDS = frozenset(
    {"add-mask", "add-matcher", "add-path", "debug", "echo", "endgroup", "error", "group",
     "notice", "remove-matcher", "save-state", "set-env", "set-output", "stop-commands",
     "warning"}
)  # fmt: skip
#: Characters .NET's String.TrimStart() removes (Char.IsWhiteSpace).
DOTNET_SPACES = "\t\n\x0b\x0c\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B)))
DOTNET_SPACES += "\u2028\u2029\u202f\u205f\u3000"


@dataclass(frozen=True)
class Command:
    name: str
    data: str
    properties: dict[str, str] = field(default_factory=dict, hash=False)


def _unescape(text: str, pairs: tuple[tuple[str, str], ...]) -> str:
    for token, replacement in pairs:
        text = text.replace(replacement, token)
    return text


_DATA = (("\r", "%0D"), ("\n", "%0A"), ("%", "%25"))
_PROPERTY = (("\r", "%0D"), ("\n", "%0A"), (":", "%3A"), (",", "%2C"), ("%", "%25"))
_V1 = ((";", "%3B"), ("\r", "%0D"), ("\n", "%0A"), ("]", "%5D"), ("%", "%25"))


def _parse_v2(line: str) -> Command | None:
    line = line.lstrip(DOTNET_SPACES)
    if not line.startswith("::"):
        return None
    end = line.find("::", 2)
    if end < 0:
        return None
    info = line[2:end]
    name, _, props = info.partition(" ")
    if name not in COMMANDS:
        return None
    properties = {}
    for prop in filter(None, props.strip().split(",")):
        key, sep, value = prop.partition("=")
        if sep and key and value:
            properties[key] = _unescape(value, _PROPERTY)
    return Command(name, _unescape(line[end + 2 :], _DATA), properties)


def _parse_v1(line: str) -> Command | None:
    start = line.find("##[")
    if start < 0:
        return None
    end = line.find("]", start)
    if end < 0:
        return None
    name, _, props = line[start + 3 : end].partition(" ")
    if name not in COMMANDS:
        return None
    properties = {}
    for prop in filter(None, props.split(";")):
        key, sep, value = prop.partition("=")
        if sep and key and value:
            properties[key] = _unescape(value, _V1)
    return Command(name, _unescape(line[end + 1 :], _V1), properties)


def commands(output: str) -> list[Command]:
    """Every workflow command the runner would execute for this output."""
    found = []
    for line in re.split(r"\r\n|\r|\n", output):
        command = _parse_v2(line) or _parse_v1(line)
        if command is not None:
            found.append(command)
    return found
