"""The contact form opens the visitor's mail client; no data leaves the browser otherwise."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

from playwright.sync_api import Dialog, Locator, Page, Request, expect

from .bundles import normalize
from .conftest import Site
from .helpers import goto

# Fixed by the specification (section 5).
LABELS = {"prenom": "Prénom *", "email": "Email *", "message": "Message *"}
PLACEHOLDERS = {
    "prenom": "Votre prénom",
    "message": "Parlez-moi de votre situation, vos défis ou vos questions...",
}
ALERT_START = "Merci pour votre message ! Votre messagerie va s'ouvrir pour envoyer l'email à"

FIELDS_JS = """(form) => Array.from(form.querySelectorAll('input, textarea')).map((el) => {
  const label = el.labels && el.labels[0] ? el.labels[0].textContent : null;
  return {label, tag: el.tagName.toLowerCase(), type: el.type, required: el.required,
          placeholder: el.placeholder, name: el.name, value: el.value};
})"""


def fill(template: str, **values: str) -> str:
    for name, value in values.items():
        template = template.replace("{" + name + "}", value)
    return template


class ContactPage:
    def __init__(self, site: Site, page: Page) -> None:
        self.site = site
        self.page = page
        self.cell = site.bundles.route("/contact").cell("contact-form")
        self.mailtos: list[str] = []
        self.http: list[str] = []
        self.dialogs: list[str] = []
        goto(page, site.url("/contact"))
        page.on("request", self._on_request)
        page.on("dialog", self._on_dialog)
        self.form = page.locator("form").filter(has=page.locator("textarea"))
        expect(self.form).to_have_count(1)

    def _on_request(self, request: Request) -> None:
        (self.mailtos if request.url.startswith("mailto:") else self.http).append(request.url)

    def _on_dialog(self, dialog: Dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.accept()

    def field(self, key: str) -> Locator:
        return self.form.get_by_label(LABELS[key].rstrip(" *"), exact=False).first

    def fields(self) -> list[dict[str, Any]]:
        return self.form.evaluate(FIELDS_JS)

    def submit(self) -> None:
        self.form.locator('button[type="submit"], input[type="submit"]').first.click()

    def submit_and_capture(self) -> str:
        """Submits and returns the mailto: URL the browser was sent to (after the alert)."""
        with (
            self.page.expect_event("dialog"),
            self.page.expect_request(lambda r: r.url.startswith("mailto:")) as request,
        ):
            self.submit()
        return request.value.url


def plain(text: str) -> str:
    """Spaces normalised and typographic apostrophes made straight, as the spec writes them."""
    return normalize(text).replace("\u2019", "'")


def test_labels_placeholders_and_types(site: Site, page: Page) -> None:
    contact = ContactPage(site, page)
    fields = contact.fields()
    assert [plain(f["label"] or "") for f in fields] == list(LABELS.values())
    prenom, email, message = fields
    assert (prenom["tag"], prenom["type"]) == ("input", "text")
    assert (email["tag"], email["type"]) == ("input", "email")
    assert message["tag"] == "textarea"
    assert all(f["required"] for f in fields)
    assert all(f["value"] == "" for f in fields), "the form must start empty"
    assert plain(prenom["placeholder"]) == PLACEHOLDERS["prenom"]
    assert plain(message["placeholder"]) == PLACEHOLDERS["message"]
    example = contact.cell["labels"]["emailPlaceholder"]
    assert email["placeholder"] == example and "@" in example


def test_native_validation_blocks_empty_and_invalid(site: Site, page: Page) -> None:
    contact = ContactPage(site, page)
    contact.submit()
    assert contact.form.evaluate("(f) => f.checkValidity()") is False
    for key in LABELS:
        assert contact.field(key).evaluate("(el) => el.validity.valueMissing"), key
    contact.field("prenom").fill("Élodie")
    contact.field("email").fill("pas-une-adresse")
    contact.field("message").fill("Bonjour")
    contact.submit()
    assert contact.field("email").evaluate("(el) => el.validity.typeMismatch")
    # An invalid form never reaches the submit handler: nothing opened, nothing reset.
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
    assert contact.mailtos == [] and contact.dialogs == []
    expect(contact.field("prenom")).to_have_value("Élodie")


def test_submit_opens_mailto_alerts_and_resets(site: Site, page: Page) -> None:
    settings = site.bundles.settings
    contact = ContactPage(site, page)
    # The page loads some code after hydration (Head.tsx): what the form does is counted
    # only once the page has settled.
    page.wait_for_load_state("networkidle")
    contact.http.clear()
    prenom, email, message = (
        "Élodie",
        "elodie@example.com",
        "Mon fils de 15 ans ne me parle plus.\nQue faire ?",
    )
    contact.field("prenom").fill(prenom)
    contact.field("email").fill(email)
    contact.field("message").fill(message)
    url = contact.submit_and_capture()
    parts = urlsplit(url)
    assert parts.scheme == "mailto"
    assert unquote(parts.path) == settings["email"]
    query = parse_qsl(parts.query, keep_blank_values=True)
    assert [k for k, _ in query] == ["subject", "body"]
    values = dict(query)
    assert values["subject"] == fill(contact.cell["subject"], prenom=prenom)
    assert values["body"] == fill(
        contact.cell["body"],
        coach=settings["coachName"],
        prenom=prenom,
        email=email,
        message=message,
    )
    assert "%20" in url and "+" not in url, "spaces must be percent-encoded for mail clients"
    for key in LABELS:
        expect(contact.field(key)).to_have_value("")
    assert contact.dialogs == [fill(contact.cell["alert"], coach=settings["coachName"])]
    assert plain(contact.dialogs[0]).startswith(ALERT_START)
    assert settings["coachName"] in contact.dialogs[0]
    assert contact.http == [], f"the contact form made HTTP requests: {contact.http}"


def test_typed_text_cannot_add_mail_headers(site: Site, page: Page) -> None:
    contact = ContactPage(site, page)
    evil_name = "Eve\r\nBcc: evil@example.com&cc=evil@example.com"
    evil_message = "Bonjour\r\nBcc: evil@example.com\n&cc=evil@example.com&bcc=x#frag?subject=y"
    contact.field("prenom").fill(evil_name)
    contact.field("email").fill("eve@example.com")
    contact.field("message").fill(evil_message)
    typed_name = contact.field("prenom").input_value()
    url = contact.submit_and_capture()
    assert "\r" not in url and "\n" not in url
    parts = urlsplit(url)
    assert parts.fragment == ""
    assert unquote(parts.path) == site.bundles.settings["email"]
    query = parse_qsl(parts.query, keep_blank_values=True)
    assert [k for k, _ in query] == ["subject", "body"], f"extra header or parameter in {url}"
    subject, body = dict(query)["subject"], dict(query)["body"]
    assert "\r" not in subject and "\n" not in subject
    assert typed_name in subject
    assert evil_message.replace("\r\n", "\n") in body
