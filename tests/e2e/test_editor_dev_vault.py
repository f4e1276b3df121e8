"""The carnet of `contenu dev` (issue 32, defects 9 and 15), in Chromium, written as the
attacks: a script of the site's pages (where the providers' scripts run, with no policy on
the dev server) tries to read the carnet's page, its write token, and to write content/;
a script in the carnet tries a websocket to another host."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .helpers import policy_sources
from .test_editor import Editor, editor

__all__ = ["editor"]

#: What a script of a site page can try: the carnet's page by every road (same origin as the
#: old carnet, the carnet's own address, a frame, a window), its token, then a write.
INTRUDER = r"""
async (carnet) => {
  const tried = [];
  const tokenIn = (html) => (/name="carnet-jeton" content="([^"]+)"/.exec(html) || [])[1];
  let token;
  for (const url of [new URL('editeur/', location.href).href, carnet]) {
    try {
      const answer = await fetch(url, { credentials: 'include' });
      const html = await answer.text();
      tried.push(url + ' ' + answer.status);
      token = token || tokenIn(html);
    } catch (error) { tried.push(url + ' ' + error.name); }
  }
  const frame = document.createElement('iframe');
  frame.src = carnet;
  document.body.append(frame);
  await new Promise((done) => { frame.onload = done; });
  try {
    token = token || tokenIn(frame.contentDocument.documentElement.outerHTML);
    tried.push('frame read');
  }
  catch (error) { tried.push('frame ' + error.name); }
  const opened = window.open(carnet);
  if (opened) {
    await new Promise((done) => setTimeout(done, 0));
    try { token = token || tokenIn(opened.document.documentElement.outerHTML); }
    catch (error) { tried.push('window ' + error.name); }
    opened.close();
  }
  let written = null;
  const apis = [
    new URL('editeur/api/ecrire', location.href).href,
    new URL('api/ecrire', carnet).href,
  ];
  for (const api of apis) {
    try {
      const answer = await fetch(api, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-carnet-jeton': token || 'devine' },
        body: JSON.stringify({ files: [{ path: 'pages/index.md', text: 'piégé' }] }),
      });
      written = written || (answer.ok ? api : null);
    } catch (error) { tried.push(api + ' ' + error.name); }
  }
  return { token: token || null, written, tried };
}
"""


@pytest.fixture
def tab(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


def test_a_site_page_cannot_read_the_carnets_token_or_write_content(
    tab: Page, editor: Editor
) -> None:
    index = editor.content / "pages" / "index.md"
    before = index.read_bytes()
    tab.goto(editor.site)
    found = tab.evaluate(INTRUDER, editor.url)
    assert found["token"] is None, found
    assert found["written"] is None, found
    assert index.read_bytes() == before
    # The carnet itself is not on the site's address: a visit there is sent to its own port.
    tab.goto(editor.site + "editeur/")
    assert tab.url == editor.url


def test_the_carnets_policy_allows_only_its_own_websocket(tab: Page, editor: Editor) -> None:
    tab.goto(editor.url)
    connect = policy_sources(tab, "connect-src")
    assert "ws:" not in connect and "wss:" not in connect, connect
    own = "ws://" + editor.url.split("/")[2]
    assert own in connect, connect
    # A script of the carnet's page reaching a websocket of another host is refused.
    seen = tab.evaluate(
        """() => new Promise((done) => {
            const seen = [];
            document.addEventListener(
                'securitypolicyviolation', (e) => seen.push('refused ' + e.blockedURI));
            const socket = new WebSocket('ws://127.0.0.1:9/ecoute');
            socket.onerror = () => setTimeout(() => done(seen), 0);
        })"""
    )
    assert any(s.startswith("refused ws://127.0.0.1:9") for s in seen), seen
