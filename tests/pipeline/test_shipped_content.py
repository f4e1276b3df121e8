"""The content shipped in content/ is valid and says what the specification says."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from contenu.models import REQUIRED_PAGES, entries
from contenu.models.site import SiteSettings
from contenu.pipeline.build import Builder, Outcome
from contenu.pipeline.emit import Options

REPO = Path(__file__).resolve().parents[2]
SPEC_SLUGS = {
    "gerer-crises-colere-enfant", "cadre-bienveillant-limites", "estime-soi-enfant",
    "communication-bienveillante-bases", "gerer-emotions-parent", "routines-apaisantes",
}  # fmt: skip


@pytest.fixture(scope="module")
def outcome() -> Outcome:
    if not (REPO / "content" / "reglages" / "site.md").exists():
        pytest.skip("content/ is not written yet")
    return Builder(REPO / "content").compile(Options(today=dt.date.today()))


def test_shipped_content_has_no_error(outcome: Outcome) -> None:
    assert outcome.errors == [], "\n".join(d.message for d in outcome.errors)


def test_every_route_of_the_spec_has_its_page(outcome: Outcome) -> None:
    assert outcome.graph is not None
    assert set(REQUIRED_PAGES) <= set(outcome.graph.pages)


def test_the_six_articles_read_in_5_to_8_minutes(outcome: Outcome) -> None:
    assert outcome.graph is not None and outcome.outputs is not None
    assert set(outcome.graph.articles) >= SPEC_SLUGS
    files = outcome.outputs.files
    cards = [json.loads(files[f"public/data/routes/blog/{s}.json"])["article"] for s in SPEC_SLUGS]
    times = {c["slug"]: c["readTime"] for c in cards}
    for slug in SPEC_SLUGS:
        assert 5 <= times[slug] <= 8, slug


def test_spec_constants(outcome: Outcome) -> None:
    assert outcome.graph is not None
    settings = outcome.graph.settings
    assert isinstance(settings, SiteSettings)
    assert settings.prices.pack.amount == 395
    assert settings.prices.single.amount == 125
    assert settings.prices.discovery.amount == 0
    assert settings.copyright_year == 2024
    assert settings.providers.calendly.height == 900
    assert settings.providers.calendly.min_width == 320
    testimonials = outcome.graph.entries["temoignages"].values()
    assert len(testimonials) == 3
    for item in testimonials:
        assert isinstance(item.model, entries.Testimonial) and item.model.rating == 5
    assert len(outcome.graph.entries["equipe"]) == 3
    assert len(outcome.graph.entries["difficultes"]) == 4
    assert len(outcome.graph.entries["etapes"]) == 3
    assert len(outcome.graph.entries["ateliers"]) == 3
    assert len(outcome.graph.entries["valeurs"]) == 4
