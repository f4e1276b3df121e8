"""axe-core on every route: no serious or critical violation (contrast included)."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page

from .conftest import MOBILE, Site, Visit, unavailable
from .helpers import goto

HERE = Path(__file__).parent
AXE = HERE / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
  const result = await axe.run(document, {
    resultTypes: ['violations'],
    iframes: false,
    runOnly: {
      type: 'tag',
      values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
    },
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help,
                   targets: v.nodes.slice(0, 5)
                     .map((n) => n.target.join(' ') + ' :: ' + n.failureSummary) }));
}"""


@pytest.fixture(scope="session")
def axe_source() -> str:
    """axe-core from tests/e2e/node_modules (npm ci there once; nothing fetched by the tests)."""
    if not AXE.is_file() and shutil.which("npm"):
        subprocess.run(
            ["npm", "ci", "--no-audit", "--no-fund", "--prefix", str(HERE)],
            capture_output=True,
            check=False,
        )
    if not AXE.is_file():
        unavailable(f"axe-core is missing: run `npm ci --prefix {HERE}`")
    return AXE.read_text(encoding="utf-8")


@pytest.fixture
def visit(new_visit: Callable[..., Visit]) -> Visit:
    """First visit: the consent banner is audited with the page."""
    return new_visit(choice=None)


def audit(page: Page, axe_source: str) -> list[dict[str, object]]:
    page.evaluate(axe_source)
    return page.evaluate(RUN_AXE)


def report(found: dict[str, list[dict[str, object]]]) -> str:
    lines = []
    for where, violations in found.items():
        for v in violations:
            lines.append(f"{where}: [{v['impact']}] {v['id']} – {v['help']}")
            lines += [f"    {t}" for t in v["targets"]]  # type: ignore[attr-defined]
    return "\n".join(lines)


# Accessibility is not the base path's: the site under /coaching/ is the same pages (its links,
# assets, policy and hydration are checked route by route by test_hydration.py, test_csp.py
# and test_ressource_mailerlite.py). Checked once, at the root build, as the layout is
# (test_responsive.py).
@pytest.mark.parametrize("site", ["root"], indirect=True)
def test_no_serious_violation_on_any_route(site: Site, page: Page, axe_source: str) -> None:
    found = {}
    for route in site.bundles.pages:
        goto(page, site.url(route.path))  # first visit: the consent banner is part of the page
        if violations := audit(page, axe_source):
            found[route.path] = violations
    page.goto(site.url("/pas-une-page"))
    if violations := audit(page, axe_source):
        found["404"] = violations
    assert not found, report(found)


def test_no_serious_violation_with_the_mobile_menu_open(
    site: Site, new_visit, axe_source: str
) -> None:  # type: ignore[no-untyped-def]
    page = new_visit(viewport=MOBILE, has_touch=True, is_mobile=True).new_page()
    goto(page, site.url("/"))
    page.locator("header button[aria-expanded]").first.tap()
    violations = audit(page, axe_source)
    assert not violations, report({"/ (menu open, 375px)": violations})
