"""Generated articles for the scale tests and the benchmarks: a copy of the shipped content/
plus N French-looking articles (headings, paragraphs, lists, emphasis; four categories),
deterministic for a given seed.

    python tests/content_factory.py DEST --articles 4000 [--words 1000] [--seed 2024]

writes DEST/content/ (and an empty DEST/pyproject.toml, so `contenu` takes DEST as a
repository root) and prints DEST.

The text has the shape of real prose, so a search index or a Markdown parser is measured on
what it will meet (a vocabulary of 36 words, the first version of this file, flattered the
search index: 36 terms to index, whatever the number of articles):

- **vocabulary**: 60,000 distinct words (``VOCABULARY``). The first ranks are French
  function words and the site's own themes (``COMMON``); the rest are made from French
  syllables (« -tion », « -ment », accents, elisions such as « l’ » and « d’ ») by a
  generator seeded once, so every run and every machine gets the same words without any
  data to download.
- **word frequencies**: Zipf's law, the frequency of the word of rank r proportional to
  1 / r^1.07 (the exponent measured on French corpora is close to 1): a handful of words make
  half of the text and most of the 60,000 appear a few times in 4 million words, as in
  real prose.
- **article lengths**: log-normal around ``--words`` (σ 0.35: most articles between 0.5
  and 2 times the median), like a blog's mix of short notes and long pieces.
"""

from __future__ import annotations

import argparse
import bisect
import datetime as dt
import itertools
import math
import random
import shutil
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
CATEGORIES = ("Émotions", "Limites", "Communication", "Routines")
#: The most frequent words, in rank order: French function words, then the site's themes.
_COMMON_TEXT = (
    "de la le et les des à en un une est que pour qui dans il elle on ne pas plus "
    "au sur se ce avec par son sa ses nous vous leur mais ou comme tout cette être avoir "
    "fait faire peut aussi bien très quand enfant parent adolescent dialogue écoute émotion "
    "colère limite confiance respect soirée repas école écran chambre question réponse "
    "silence conflit bienveillance posture besoin journée semaine famille maison lien regard "
    "patience fatigue moment échange phrase règle cadre routine sommeil devoir ami téléphone "
    "porte voix geste sourire peur envie l’enfant d’abord aujourd’hui vraiment souvent "
    "parfois doucement ensemble calmement"
)
COMMON = tuple(_COMMON_TEXT.split())
VOCABULARY_SIZE = 60_000
ZIPF_EXPONENT = 1.07
LENGTH_SIGMA = 0.35
_ONSETS_TEXT = "b c d f g j l m n p r s t v ch br cr dr fr gr pl pr tr bl cl fl gl qu"
_ONSETS = _ONSETS_TEXT.split()
_VOWELS_TEXT = "a e i o u é è ê ou ai au eu oi an en on in"
_VOWELS = _VOWELS_TEXT.split()
_ENDINGS = (
    "", "", "", "e", "s", "es", "tion", "ment", "eur", "ence", "ité", "age", "ure", "oir",
    "ique", "isme", "able", "el", "elle", "ais", "ons", "ez", "ent", "er", "é", "ée",
)  # fmt: skip


def _made_word(rng: random.Random) -> str:
    syllables = rng.choice((1, 1, 2, 2, 2, 3, 3))
    word = "".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(syllables))
    word += rng.choice(_ENDINGS)
    if rng.random() < 0.04:
        word = rng.choice(("l’", "d’", "qu’")) + ("a" if word[0] not in "aeiouéè" else "") + word
    return word


def _vocabulary(seed: int = 60_000) -> list[str]:
    """``VOCABULARY_SIZE`` distinct words, ``COMMON`` first, the same on every run."""
    rng = random.Random(seed)
    words = list(dict.fromkeys(COMMON))
    seen = set(words)
    while len(words) < VOCABULARY_SIZE:
        word = _made_word(rng)
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


VOCABULARY = _vocabulary()
#: Cumulative Zipf weights of VOCABULARY, for sampling a rank by bisection.
_CUMULATIVE = list(
    itertools.accumulate(1 / r**ZIPF_EXPONENT for r in range(1, VOCABULARY_SIZE + 1))
)


def _words(rng: random.Random, count: int) -> list[str]:
    total = _CUMULATIVE[-1]
    return [VOCABULARY[bisect.bisect(_CUMULATIVE, rng.random() * total)] for _ in range(count)]


def _sentence(rng: random.Random, length: int) -> str:
    words = _words(rng, length)
    if rng.random() < 0.3:
        at = rng.randrange(length)
        words[at] = f"**{words[at]}**"
    if rng.random() < 0.3:
        at = rng.randrange(length)
        words[at] = f"_{words[at]}_"
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", " ?", " !", " : voilà."])


def article_words(rng: random.Random, median: int) -> int:
    """The length of one article: log-normal around ``median`` words."""
    return max(50, round(median * math.exp(rng.gauss(0, LENGTH_SIGMA))))


def article_text(index: int, words: int, rng: random.Random) -> str:
    """An article of about ``words`` words (its length drawn around it): headings,
    paragraphs, lists, emphasis."""
    date = dt.date(2020, 1, 1) + dt.timedelta(days=index % 1500)
    title_words = _words(rng, 2)
    front = {
        "title": f"Article {index} : {title_words[0]} et {title_words[1]}",
        "excerpt": _sentence(rng, 20),
        "date": date.isoformat(),
        "category": rng.choice(CATEGORIES),
        "keywords": _words(rng, 2),
    }
    target = article_words(rng, words)
    parts: list[str] = []
    count = 0
    while count < target:
        parts.append(f"## {_sentence(rng, 5)[:-1]}")
        for _ in range(3):
            length = rng.randint(12, 24)
            parts.append(" ".join(_sentence(rng, length) for _ in range(3)))
            count += 3 * length
        parts.append("\n".join(f"- {_sentence(rng, 6)}" for _ in range(4)))
        parts.append("\n".join(f"{n}. {_sentence(rng, 5)}" for n in range(1, 4)))
        count += 4 * 6 + 3 * 5
    head = yaml.safe_dump(front, allow_unicode=True, sort_keys=False)
    return f"---\n{head}---\n\n" + "\n\n".join(parts) + "\n"


def article_name(index: int) -> str:
    return f"genere-{index:05d}.md"


def generate_site(dest: Path, articles: int, words: int = 1000, seed: int = 2024) -> Path:
    """``dest`` as a repository root: a copy of content/ plus ``articles`` generated ones."""
    shutil.copytree(REPO / "content", dest / "content")
    (dest / "pyproject.toml").write_text("")
    rng = random.Random(seed)
    folder = dest / "content" / "articles"
    for index in range(articles):
        (folder / article_name(index)).write_text(article_text(index, words, rng), encoding="utf-8")
    return dest


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dest", type=Path)
    parser.add_argument("--articles", type=int, required=True)
    parser.add_argument("--words", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)
    if args.dest.exists():
        shutil.rmtree(args.dest)
    print(generate_site(args.dest, args.articles, args.words, args.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
