"""The network boundary of the tests: every request that leaves 127.0.0.1 ends here.

MailerLite, Calendly and Meta (Facebook) are unreachable from the tests, so their scripts are
replaced by small fakes that record what the site asks of them; every other outside request
is recorded and aborted. Tests then assert exactly which third parties a route contacted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from playwright.sync_api import BrowserContext, Route

from .bundles import Bundles

MAILERLITE_HOST = "assets.mailerlite.com"
MAILERLITE_UNIVERSAL = f"https://{MAILERLITE_HOST}/js/universal.js"
CALENDLY_ASSETS_HOST = "assets.calendly.com"
CALENDLY_HOST = "calendly.com"
FACEBOOK_SCRIPT_HOST = "connect.facebook.net"

# Stands in for https://assets.mailerlite.com/js/universal.js: replays the calls queued by the
# site's `ml(...)` stub, records later ones in window.__mlCalls, and renders each embedded form
# the way MailerLite's HTML code is built: a wrapper `#mlb2-{webformId}` (MailerLite's server
# knows which webform a `data-form` code is: here __WEBFORMS__, from the content) whose submit
# calls `window['ml_webform_success_' + wrapper.id.substr(5)]`, as MailerLite's form script does.
FAKE_MAILERLITE_UNIVERSAL = r"""
(function () {
  var webforms = __WEBFORMS__;
  var calls = (window.__mlCalls = window.__mlCalls || []);
  window.__mlUniversalLoads = (window.__mlUniversalLoads || 0) + 1;
  function plain(args) {
    var list = Array.prototype.slice.call(args);
    try { return JSON.parse(JSON.stringify(list)); }
    catch (e) { return list.map(String); }
  }
  function render() {
    var slots = document.querySelectorAll('.ml-embedded[data-form]');
    Array.prototype.forEach.call(slots, function (slot) {
      if (slot.querySelector('[data-fake-mailerlite]')) return;
      var code = slot.getAttribute('data-form');
      var id = webforms[code];
      if (!id) return;  // MailerLite knows no such form: nothing is rendered
      var box = document.createElement('div');
      box.setAttribute('data-fake-mailerlite', code);
      box.id = 'mlb2-' + id;
      box.className = 'ml-form-embedContainer ml-subscribe-form ml-subscribe-form-' + id;
      box.innerHTML =
        '<div class="ml-form-embedWrapper embedForm">' +
        '<div class="ml-form-embedBody row-form">' +
        '<form class="ml-block-form" novalidate>' +
        '<div class="ml-form-fieldRow ml-last-item">' +
        '<div class="ml-field-group ml-field-email ml-validate-email ml-validate-required">' +
        '<label for="fake-ml-email-' + id + '">E-mail</label>' +
        '<input id="fake-ml-email-' + id + '" type="email" class="form-control"' +
        ' name="fields[email]" autocomplete="email"></div></div>' +
        '<div class="ml-form-checkboxRow ml-validate-required"><label class="checkbox">' +
        '<input type="checkbox" name="gdpr">' +
        '<div class="label-description"><p>Consentement</p></div></label></div>' +
        '<div class="ml-form-embedSubmit"><button type="submit" class="primary">OK</button></div>' +
        '</form></div></div>';
      box.querySelector('form').addEventListener('submit', function (event) {
        event.preventDefault();
        var callback = window['ml_webform_success_' + box.id.substr(5)];
        if (typeof callback === 'function') callback();
      });
      slot.appendChild(box);
    });
  }
  var queued = (window.ml && window.ml.q) || [];
  Array.prototype.forEach.call(queued, function (args) { calls.push(plain(args)); });
  window.ml = function () { calls.push(plain(arguments)); render(); };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
  else render();
})();
"""

# Stands in for https://assets.calendly.com/assets/external/widget.js: fills every inline
# widget (or Calendly.initInlineWidget target) with an iframe to calendly.com, as the real one.
FAKE_CALENDLY_WIDGET = r"""
(function () {
  window.__calendlyLoads = (window.__calendlyLoads || 0) + 1;
  var calls = (window.__calendlyCalls = window.__calendlyCalls || []);
  function embed(url, parent) {
    if (!parent || parent.querySelector('iframe')) return;
    var frame = document.createElement('iframe');
    frame.src = url + (url.indexOf('?') < 0 ? '?' : '&') + 'embed_domain=' +
      encodeURIComponent(location.host) + '&embed_type=Inline';
    frame.width = '100%';
    frame.height = '100%';
    frame.setAttribute('frameborder', '0');
    frame.title = 'Select a Date & Time - Calendly';
    parent.appendChild(frame);
  }
  function scan() {
    var widgets = document.querySelectorAll('.calendly-inline-widget[data-url]');
    Array.prototype.forEach.call(widgets, function (el) {
      if (el.getAttribute('data-processed')) return;
      el.setAttribute('data-processed', 'true');
      embed(el.getAttribute('data-url'), el);
    });
  }
  window.Calendly = {
    initInlineWidget: function (options) {
      calls.push(['initInlineWidget', options && options.url]);
      embed(options.url, options.parentElement);
    },
    initInlineWidgets: function () { calls.push(['initInlineWidgets']); scan(); },
    initPopupWidget: function (o) { calls.push(['initPopupWidget', o && o.url]); },
    closePopupWidget: function () {},
    initBadgeWidget: function () {},
    destroyBadgeWidget: function () {}
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', scan);
  else scan();
})();
"""

# Stands in for https://connect.facebook.net/en_US/fbevents.js: the base code's queue is
# replayed and every later fbq(...) call is recorded in window.__fbqCalls.
FAKE_FBEVENTS = r"""
(function () {
  var calls = (window.__fbqCalls = window.__fbqCalls || []);
  window.__fbeventsLoads = (window.__fbeventsLoads || 0) + 1;
  function record() {
    var list = Array.prototype.slice.call(arguments);
    try { calls.push(JSON.parse(JSON.stringify(list))); }
    catch (e) { calls.push(list.map(String)); }
  }
  var fbq = window.fbq;
  if (typeof fbq === 'function') {
    var queued = fbq.queue || [];
    fbq.queue = [];
    Array.prototype.forEach.call(queued, function (args) { record.apply(null, args); });
    fbq.callMethod = record;
    fbq.loaded = true;
  } else {
    window.fbq = record;
  }
})();
"""

BLANK_FRAME = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">'
    "<title>Calendly</title></head><body></body></html>"
)


@dataclass(frozen=True)
class Contact:
    """One request the page sent to a host other than the local test server."""

    url: str
    method: str
    resource_type: str
    answered: bool  # served by a fake (True) or aborted (False)

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname or ""

    @property
    def path(self) -> str:
        return urlsplit(self.url).path


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme not in ("http", "https") or parts.hostname in ("127.0.0.1", "localhost")


@dataclass
class ThirdParties:
    """Routes a context's outside requests to the fakes and keeps the list of contacts.
    ``bundles``: the content build of the site under test (what MailerLite's server knows)."""

    bundles: Bundles = field(default_factory=Bundles)
    contacts: list[Contact] = field(default_factory=list)

    def install(self, context: BrowserContext) -> ThirdParties:
        context.route(lambda url: not is_local(url), self._handle)
        return self

    def clear(self) -> None:
        self.contacts.clear()

    def hosts(self) -> set[str]:
        return {c.host for c in self.contacts}

    def to(self, host: str, path_part: str = "") -> list[Contact]:
        return [c for c in self.contacts if c.host == host and path_part in c.path]

    def describe(self) -> str:
        return (
            "\n".join(f"  {c.method} {c.url} ({c.resource_type})" for c in self.contacts)
            or "  (none)"
        )

    def _handle(self, route: Route) -> None:
        request = route.request
        parts = urlsplit(request.url)
        host, path = parts.hostname or "", parts.path
        answer = self._fake_answer(host, path, self.bundles)
        self.contacts.append(
            Contact(request.url, request.method, request.resource_type, answer is not None)
        )
        if answer is None:
            route.abort("blockedbyclient")
            return
        status, content_type, body = answer
        route.fulfill(
            status=status,
            content_type=content_type,
            body=body,
            headers={"Access-Control-Allow-Origin": "*"},
        )

    @staticmethod
    def _fake_answer(host: str, path: str, bundles: Bundles) -> tuple[int, str, str] | None:
        js = "text/javascript; charset=utf-8"
        if host == MAILERLITE_HOST:
            if path == "/js/universal.js":
                return (
                    200,
                    js,
                    FAKE_MAILERLITE_UNIVERSAL.replace("__WEBFORMS__", _webforms(bundles)),
                )
            if path.startswith("/jsonp/") and path.endswith("/takel"):
                return 200, "application/json", "{}"
            return None
        if host == CALENDLY_ASSETS_HOST:
            if path.endswith("/external/widget.js"):
                return 200, js, FAKE_CALENDLY_WIDGET
            if path.endswith(".css"):
                return 200, "text/css", ""
            return None
        if host == CALENDLY_HOST:
            return 200, "text/html; charset=utf-8", BLANK_FRAME
        if host == FACEBOOK_SCRIPT_HOST and path.endswith("/fbevents.js"):
            return 200, js, FAKE_FBEVENTS
        return None


def _webforms(bundles: Bundles) -> str:
    """What MailerLite's server knows: the webform id of the site's ``data-form`` code."""
    mailerlite = bundles.settings["providers"]["mailerlite"]
    return json.dumps({mailerlite["formCode"]: mailerlite["webformId"]})
