"""Generated articles for the scale tests and the benchmarks: a copy of the shipped content/
plus N French-looking articles (headings, paragraphs, lists, emphasis; four categories),
deterministic for a given seed.

    python tests/content_factory.py DEST --articles 4000 [--words 1000] [--seed 2024]

writes DEST/content/ (and an empty DEST/pyproject.toml, so `contenu` takes DEST as a
repository root) and prints DEST.
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import shutil
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]
CATEGORIES = ("Émotions", "Limites", "Communication", "Routines")
WORDS = [
    "parent",
    "adolescent",
    "dialogue",
    "écoute",
    "émotion",
    "colère",
    "limite",
    "confiance",
    "respect",
    "soirée",
    "repas",
    "école",
    "écran",
    "chambre",
    "question",
    "réponse",
    "silence",
    "conflit",
    "bienveillance",
    "posture",
    "besoin",
    "journée",
    "semaine",
    "famille",
    "maison",
    "lien",
    "regard",
    "patience",
    "fatigue",
    "moment",
    "échange",
    "phrase",
    "règle",
    "cadre",
    "routine",
    "sommeil",
    "devoir",
    "ami",
    "téléphone",
    "porte",
    "voix",
    "geste",
    "sourire",
    "peur",
    "envie",
    "l'enfant",
    "d'abord",
    "aujourd'hui",
    "vraiment",
    "souvent",
    "parfois",
    "doucement",
    "ensemble",
    "calmement",
]


def _sentence(rng: random.Random, length: int) -> str:
    words = [rng.choice(WORDS) for _ in range(length)]
    if rng.random() < 0.3:
        words[rng.randrange(length)] = f"**{rng.choice(WORDS)}**"
    if rng.random() < 0.3:
        words[rng.randrange(length)] = f"_{rng.choice(WORDS)}_"
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", " ?", " !", " : voilà."])


def article_text(index: int, words: int, rng: random.Random) -> str:
    """An article of about ``words`` words: headings, paragraphs, lists, emphasis."""
    date = dt.date(2020, 1, 1) + dt.timedelta(days=index % 1500)
    front = {
        "title": f"Article {index} : {rng.choice(WORDS)} et {rng.choice(WORDS)}",
        "excerpt": _sentence(rng, 20),
        "date": date.isoformat(),
        "category": rng.choice(CATEGORIES),
        "keywords": [rng.choice(WORDS), rng.choice(WORDS)],
    }
    parts: list[str] = []
    count = 0
    while count < words:
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
