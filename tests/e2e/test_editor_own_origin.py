"""The carnet published on an origin of its own (CARNET_URL, docs/security.md « The carnet on
an origin of its own »), in Chromium, against the fake GitHub API.

There, and only there, the coach's token is kept for the tab, or on the device when she ticks
« Se souvenir sur cet appareil »: no page of the site and no provider runs on that origin. The
same build served anywhere else keeps it nowhere (the origin is checked at run time), and the
carnet's scripts are pinned to their address on its origin.

The build is the carnet's site for ``renouer/site`` and the fake API (the noxfile's
EDITOR_SITE_ENV) with SITE_URL https://renouer.test/ and CARNET_URL https://carnet.test/; both
origins are routed to one local server of that build, as GitHub Pages would serve each."""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from playwright.sync_api import Error as PlaywrightError

from .editor_github import TOKEN, Network, build_carnet_site, routed_context, sign_in
from .fake_github.fixture import fake_github
from .fake_github.server import FakeGitHub
from .helpers import policy_sources
from .pages_server import PagesServer

__all__ = ["fake_github"]

CARNET = "https://carnet.test/"
SITE = "https://renouer.test/"
#: token-store.ts's key.
KEY = "renouer.editeur.github-token"
STORED = f"[localStorage.getItem('{KEY}'), sessionStorage.getItem('{KEY}')]"
SHARED_ORIGIN = re.compile("^Le carnet partage l’adresse des pages du site")


@pytest.fixture(scope="module")
def carnet_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[PagesServer]:
    given = os.environ.get("E2E_SITES")
    if given:
        dist = Path(given) / "carnet"
        page = dist / "editeur" / "index.html"
        if not page.is_file() or f"{CARNET}editeur/assets/" not in page.read_text():
            built = f"E2E_SITES is set but {dist} is not the carnet built for {CARNET}"
            pytest.fail(built, pytrace=False)
    else:
        out = tmp_path_factory.mktemp("carnet")
        dist = build_carnet_site(out, SITE_URL=SITE, CARNET_URL=CARNET)
    with PagesServer(dist) as server:
        yield server


class Origins(Network):
    """The fake GitHub for the API, the build's server for the carnet's origin and the
    site's, the server itself at its own address; anything else recorded and refused."""

    def handle(self, route: Route) -> None:
        url = route.request.url
        for origin in (CARNET, SITE):
            if url.startswith(origin):
                self.seen.append(route.request)
                local = self.site.origin + "/" + url[len(origin) :]
                # The page or context may have closed meanwhile.
                with contextlib.suppress(PlaywrightError):
                    route.fulfill(response=route.fetch(url=local))
                return
        super().handle(route)


@pytest.fixture
def context(
    browser: Browser, carnet_site: PagesServer, fake_github: FakeGitHub
) -> Iterator[tuple[BrowserContext, Origins]]:
    network = Origins(fake_github, carnet_site)
    with routed_context(browser, network) as routed:
        yield routed, network


def carnet(context: BrowserContext, address: str = CARNET + "editeur/") -> Page:
    page = context.new_page()
    page.goto(address)
    return page


def signed_in(page: Page) -> None:
    expect(page.get_by_role("button", name="Se déconnecter")).to_be_visible()


def asked_to_sign_in(page: Page) -> None:
    expect(page.get_by_role("button", name="Se connecter à GitHub")).to_be_visible()


def test_on_its_own_origin_the_carnet_remembers_the_coach_on_this_device(
    context: tuple[BrowserContext, Origins],
) -> None:
    """« Se souvenir sur cet appareil » is offered, no warning about a shared address; ticked,
    the token outlives a reload and opens the carnet in another tab, until « Se déconnecter »."""
    browser_context, network = context
    page = carnet(browser_context)
    asked_to_sign_in(page)
    expect(page.get_by_text(SHARED_ORIGIN)).to_have_count(0)
    sign_in(page, remember=True)
    signed_in(page)
    assert page.evaluate(STORED) == [TOKEN, None]
    page.reload()
    signed_in(page)  # nothing typed again
    other = carnet(browser_context)
    signed_in(other)
    other.close()
    page.get_by_role("button", name="Se déconnecter").click()
    asked_to_sign_in(page)
    assert page.evaluate(STORED) == [None, None]
    page.reload()
    asked_to_sign_in(page)
    assert network.elsewhere == []


def test_without_remembering_the_token_lasts_for_the_tab_only(
    context: tuple[BrowserContext, Origins],
) -> None:
    browser_context, _ = context
    page = carnet(browser_context)
    sign_in(page)
    signed_in(page)
    assert page.evaluate(STORED) == [None, TOKEN]
    page.reload()
    signed_in(page)
    other = carnet(browser_context)
    asked_to_sign_in(other)  # another tab: sessionStorage is the tab's


def test_the_same_build_served_elsewhere_keeps_the_token_nowhere(
    context: tuple[BrowserContext, Origins], carnet_site: PagesServer
) -> None:
    """The origin is checked at run time: at any other address (here the server's own), the
    carnet of this build behaves as on the site's shared origin."""
    browser_context, _ = context
    page = carnet(browser_context, carnet_site.url_for("/editeur/"))
    asked_to_sign_in(page)
    expect(page.get_by_label("Se souvenir sur cet appareil")).to_have_count(0)
    expect(page.get_by_text(SHARED_ORIGIN)).to_be_visible()
    sign_in(page)
    signed_in(page)
    assert page.evaluate(STORED) == [None, None]
    page.reload()
    asked_to_sign_in(page)


def test_its_scripts_are_pinned_to_the_carnets_origin(
    context: tuple[BrowserContext, Origins],
) -> None:
    """The page's policy names each script by its address on the carnet's origin (and on
    local addresses for the tests and the pull request's artifact), never the site's."""
    browser_context, _ = context
    page = carnet(browser_context)
    asked_to_sign_in(page)
    scripts = policy_sources(page, "script-src")
    served = page.evaluate("[...document.scripts].map((s) => s.src).filter(Boolean)")
    assert served and all(src in scripts for src in served), (served, scripts)
    remote = [s for s in scripts if s.startswith("https:")]
    assert remote and all(s.startswith(CARNET + "editeur/assets/") for s in remote), scripts
    assert "'self'" not in scripts and not any(s.startswith(SITE) for s in scripts)
