"""Both sides read hostile text in linear time (issue 32): every pattern of the rules (read by
Python's ``re`` and by the carnet's ``RegExp``), both splitters (``pipeline/load.py`` and the
carnet's ``parseDocument``) and the carnet's whole validation of a document, on the probes
that froze the carnet (« ```{ » and spaces, « # a » and spaces, thousands of « [ ») and on
texts hypothesis makes of each pattern's own characters.

Growth is compared, not time: each reading is timed (processor time) at the smallest size n
where it takes a few milliseconds, then at 4n; a linear reading takes about 4 times longer,
a quadratic one 16 times, a cubic one 64 times. The carnet's side is
``site/test-support/growth-cli.ts``.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import editor_cli
import hostile_inputs as hostile
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import contenu.models  # noqa: F401  (declares the models' rules)
from contenu.pipeline.discover import Source
from contenu.pipeline.load import load
from contenu.pipeline.variables import HAND_TYPED  # noqa: F401  (declares its rule)
from contenu.pipeline.yaml_messages import KEY_AND_VALUE  # noqa: F401
from contenu.rules import RULES, Pattern

pytestmark = editor_cli.require_node()

#: Slower than this many times at 4n than at n (and a few milliseconds of a busy machine)
#: is not linear: linear is 4, quadratic 16.
GROWTH = 10
SLACK_MS = 5
#: n grows until a reading takes this long (a document; a pattern: PATTERN_MS), or until the
#: text at 4n would pass MAX_LENGTH.
TARGET_MS = 20.0
PATTERN_MS = 5.0
MAX_LENGTH = 1_000_000
PATTERN_LENGTH = 100_000

#: Every pattern of every rule, once (the bad characters of links and hosts are one).
PATTERNS: dict[str, Pattern] = {}
for _id, _record in sorted(RULES.items()):
    for _i, _pattern in enumerate(_record.patterns()):
        if _pattern not in PATTERNS.values():
            PATTERNS[f"{_id}[{_i}]"] = _pattern

ARTICLE = Source(Path("articles/essai.md"), "articles/essai.md", "content/articles/essai.md",
                 "article", "articles", "essai")  # fmt: skip
FRONT = hostile.ARTICLE_FRONT + "---\n\n"

#: The attacks on the carnet (issue 32) and the worst shapes of the pipeline (issue 24):
#: (prefix, unit, suffix) of a prose line.
PROBES: dict[str, tuple[str, str, str]] = {
    "cell opener and spaces": ("```{", " ", "x\n"),
    "heading and spaces": ("# a", " ", "x\n"),
    "brackets": ("", "[", "\n"),
    "unclosed links": ("", "[a](", "\n"),
    "heading of brackets": ("# ", "[", "\n"),
    "given ids": ("# a {#", "a{#", "}\n"),
    "repeated headings": ("", "## Exemple\n\n", ""),
    "thousands never priced": ("1", " 000", " x €\n"),
    # Each price not of the settings reads its part of the sentence for the words that name
    # it: a part is read for the two prices around it at most.
    "prices no word names": ("", "7 € ", "\n"),
    "words before a stale price": ("7 € ", "séance ", "8 €\n"),
    "stops between stale prices": ("", "7 €,;.", "\n"),
    "variable and spaces": ("{{", " ", "\n"),
    "typography": ("", "Vraiment ! l'école « oui » : ", "\n"),
    "yaml line of spaces": ("```{cta}\ntitle: a: b", " ", "c\n```\n"),
    "yaml dashes": ("```{cta}\ntitle: x\n", "- ", "a: b: c\n```\n"),
    "slashes in a link": ("[a](/a", "/", "b)\n"),
    "a title never closed": ("", '[a](/b "', "\n"),
}


def _best(read: Callable[[str], Any], text: str) -> float:
    """Milliseconds of this thread's processor time: the time other processes of a busy
    machine take between its slices is not counted."""
    start = time.thread_time()
    read(text)
    return (time.thread_time() - start) * 1000


def _growth(
    read: Callable[[str], Any],
    prefix: str,
    unit: str,
    suffix: str,
    target: float = TARGET_MS,
    longest: int = MAX_LENGTH,
) -> dict[str, Any]:
    """As growth-cli.ts: the smallest n (doubling) whose reading takes ``target`` ms, then
    the best of five readings at n and at 4n, in turns (a busy moment slows both). The
    garbage collector waits meanwhile: its passes would be counted in a reading."""
    n = 16

    def text(count: int) -> str:
        return prefix + unit * count + suffix

    gc.collect()
    gc.disable()
    try:
        while len(text(8 * n)) <= longest and min(_best(read, text(n)) for _ in "abc") < target:
            n *= 2
        small, large = text(n), text(4 * n)
        times = [float("inf"), float("inf")]
        for _ in range(5):
            times = [min(times[0], _best(read, small)), min(times[1], _best(read, large))]
    finally:
        gc.enable()
    return {"n": n, "small": times[0], "large": times[1]}


def _every_match(pattern: Pattern) -> Callable[[str], Any]:
    """A pattern read as the pipeline reads it: every match of a search, else its mode's."""
    if pattern.mode == "search":
        return lambda text: sum(1 for _ in pattern.compiled.finditer(text))
    return pattern.test


def _linear(found: dict[str, Any]) -> bool:
    return bool(found["large"] <= GROWTH * found["small"] + SLACK_MS)


def _carnet(
    cases: list[dict[str, Any]], tmp: Path, target: float = TARGET_MS, longest: int = MAX_LENGTH
) -> list[dict[str, Any]]:
    bundled = editor_cli.bundle(tmp / "growth.mjs", cli="growth-cli.ts")
    payload = {"cases": cases, "targetMs": target, "maxLength": longest}
    return list(editor_cli.run(bundled, payload, "--expose-gc"))


def _super_linear(
    cases: list[Any], measure: Callable[[list[Any]], list[dict[str, Any]]]
) -> list[tuple[Any, dict[str, Any]]]:
    """The cases that grow faster than linearly, each measured again twice before it is
    said to (other work on the machine slows one reading, not every one)."""
    slow = list(zip(cases, measure(cases), strict=True))
    for _ in range(2):
        slow = [(case, found) for case, found in slow if not _linear(found)]
        if not slow:
            break
        again = [case for case, _ in slow]
        slow = list(zip(again, measure(again), strict=True))
    return [(case, found) for case, found in slow if not _linear(found)]


def test_the_probes_are_split_and_validated_in_linear_time(tmp_path: Path) -> None:
    carnet = [
        {"kind": kind, "path": ARTICLE.rel, "prefix": FRONT + p, "unit": u, "suffix": s,
         "probe": name}
        for kind in ("split", "document")
        for name, (p, u, s) in PROBES.items()
    ]  # fmt: skip
    slow = _super_linear(carnet, lambda cases: _carnet(cases, tmp_path))
    assert not slow, f"the carnet reads these super-linearly: {slow}"

    def split(cases: list[str]) -> list[dict[str, Any]]:
        def read(text: str) -> Any:
            return load(ARTICLE, text.encode())

        return [_growth(read, FRONT + PROBES[n][0], *PROBES[n][1:]) for n in cases]

    slow = _super_linear(list(PROBES), split)
    assert not slow, f"the pipeline splits these super-linearly: {slow}"


def _alphabet(pattern: Pattern) -> str:
    """The characters a pattern names, and a few of every text."""
    named = {c for c in pattern.source if c != "\\" and c.isprintable()}
    return "".join(sorted(named | set(" a0é\n\u00a0")))


@st.composite
def _pumped(draw: st.DrawFn, pattern: Pattern) -> tuple[str, str, str]:
    chars = _alphabet(pattern)
    return (
        draw(st.text(chars, max_size=4)),
        draw(st.text(chars, min_size=1, max_size=4)),
        draw(st.text(chars, max_size=3)),
    )


@settings(
    max_examples=2,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # no shrinking: timings
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.data())
def test_every_pattern_reads_pumped_text_in_linear_time(
    tmp_path: Path, data: st.DataObject
) -> None:
    cases: list[tuple[str, tuple[str, str, str]]] = []
    for name, pattern in PATTERNS.items():
        fixed = [("", " ", "x"), ("", "[", ""), ("a", "0 ", "€")]
        drawn = [data.draw(_pumped(pattern))]
        cases += [(name, shape) for shape in fixed + drawn]

    def carnet(some: list[tuple[str, tuple[str, str, str]]]) -> list[dict[str, Any]]:
        return _carnet(
            [{"kind": "pattern", "source": PATTERNS[name].js, "prefix": a, "unit": b, "suffix": c}
             for name, (a, b, c) in some],
            tmp_path,
            PATTERN_MS,
            PATTERN_LENGTH,
        )  # fmt: skip

    def pipeline(some: list[tuple[str, tuple[str, str, str]]]) -> list[dict[str, Any]]:
        return [
            _growth(_every_match(PATTERNS[name]), *shape, PATTERN_MS, PATTERN_LENGTH)
            for name, shape in some
        ]

    slow = _super_linear(cases, carnet)
    assert not slow, f"the carnet reads these super-linearly: {slow}"
    slow = _super_linear(cases, pipeline)
    assert not slow, f"the pipeline reads these super-linearly: {slow}"
