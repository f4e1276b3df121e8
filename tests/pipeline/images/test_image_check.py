"""``content/images`` is published: only images, checked by name and content, under size and
pixel limits, fully decoded in ``check`` (so check and build agree), SVGs sanitised. Every
refusal is French and names the file."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from contenu.images import image_check
from contenu.images.image_check import ImageError, inspect_image, published_bytes

OG = Path(__file__).resolve().parents[3] / "content" / "images" / "og-default.png"
# image_check turns Pillow's bomb warning into an error when it is imported; pytest imports
# it while collecting, inside a warnings context it then discards, so say it again here.
pytestmark = pytest.mark.filterwarnings("error::PIL.Image.DecompressionBombWarning")


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    """Limits are patched in some tests: never reuse a result decided under other ones."""
    image_check._inspected.cache_clear()
    yield
    image_check._inspected.cache_clear()


def _png(size: tuple[int, int], mode: str = "RGB") -> bytes:
    out = io.BytesIO()
    Image.new(mode, size).save(out, "PNG")
    return out.getvalue()


def _jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "#2f6f62").save(out, "JPEG")
    return out.getvalue()


CASES: dict[str, tuple[str, bytes, str]] = {
    "html page": (
        "page.html",
        b"<script>alert(document.domain)</script>",
        "type de fichier refusé « .html » : le dossier images ne publie que des images .jpg, "
        ".jpeg, .png, .webp, .avif ou .svg",
    ),
    "html named .png": (
        "photo.png",
        b"<html><script>alert(1)</script></html>",
        "ce fichier n’est pas une image PNG lisible : son contenu ne correspond pas à "
        "l’extension « .png »",
    ),
    "jpeg named .png": (
        "photo.png",
        _jpeg(),
        "c’est une image JPEG mais son nom finit par « .png » : renommez-la en « .jpg »",
    ),
    "truncated png": (
        "coupee.png",
        OG.read_bytes()[:20_000],
        "l’image est illisible : le fichier est incomplet ou abîmé (copie interrompue ?)",
    ),
    "too many pixels": (
        "immense.png",
        _png((7000, 6000), "1"),
        "image trop grande (7000 × 6000 pixels, soit 42,0 millions) : 40 millions de pixels "
        "au maximum ; enregistrez-la en plus petit",
    ),
    "decompression bomb": (
        "bombe.png",
        _png((15000, 15000), "1"),  # 225 million pixels in a few kilobytes
        "image trop grande : 40 millions de pixels au maximum",
    ),
    "bomb that Pillow only warns about": (
        "bombe.png",
        _png((10000, 10000), "1"),
        "image trop grande : 40 millions de pixels au maximum",
    ),
    "svg with a script": (
        "logo.svg",
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
        b"<script>alert(1)</script></svg>",
        "élément « script » interdit : du code s’exécuterait à l’ouverture de l’image",
    ),
    "svg with onload": (
        "logo.svg",
        b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" onload="alert(1)"/>',
        "attribut d’événement « onload » interdit dans « svg » : du code s’exécuterait",
    ),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_refused_file_check_and_build_agree_and_name_it(
    case: str, write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    name, data, message = CASES[case]
    write(site_root, f"images/{name}", data)
    expected = f"content/images/{name}: {message}"
    checked = contenu("check", "--today", "2026-01-15")
    assert checked.exit_code == 1, checked.output
    assert expected in checked.plain, checked.output
    assert not (site_root / "site").exists()  # check writes nothing
    built = contenu("build", "--today", "2026-01-15")
    assert built.exit_code == 1
    assert expected in built.plain, built.output
    assert built.plain.count(f"content/images/{name}:") == 1  # one message per problem
    assert "content/images:" not in built.plain  # never the folder alone
    assert not (site_root / "site" / "generated" / "build").exists()


def test_file_size_limit(
    write: Any, site_root: Path, contenu: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(image_check, "MAX_FILE_BYTES", 100_000)
    write(site_root, "images/lourde.png", _png((400, 400), "RGB") + b"\0" * 150_000)
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 1
    assert (
        "content/images/lourde.png: fichier trop lourd (0,2 Mo) : 0,1 Mo au maximum ; "
        "enregistrez-la en plus petit"
    ) in result.plain


def test_hidden_files_are_neither_checked_nor_published(
    write: Any, site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, "images/.DS_Store", b"\0\0\0\1Bud1")
    write(site_root, "images/.cache/x.png", b"pas une image")
    result = contenu("build", "--today", "2026-01-15")
    assert result.exit_code == 0, result.output
    public = site_root / "site" / "generated" / "build" / "public"
    assert public.is_dir()
    assert not [p for p in public.rglob("*") if p.name.startswith(".")]


def test_shipped_placeholders_are_published_sanitised(
    site_root: Path, contenu: Callable[..., Any]
) -> None:
    assert contenu("build", "--today", "2026-01-15").exit_code == 0
    for source in (site_root / "content" / "images").rglob("*.svg"):
        rel = source.relative_to(site_root / "content" / "images")
        images = site_root / "site" / "generated" / "build" / "public" / "images"
        published = (images / rel).read_bytes()
        assert published == published_bytes(source)
        assert published.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
        assert b"<title" in published  # the accessible name stays
        assert b"<!--" not in published
        assert published_bytes(images / rel) == published
        info = inspect_image(source, rel.as_posix())
        assert info.type == "image/svg+xml" and info.width > 0


def test_a_raster_image_without_metadata_is_published_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "photo.jpg"
    path.write_bytes(_jpeg())
    info = inspect_image(path, "images/photo.jpg")
    assert (info.width, info.height, info.type) == (40, 30, "image/jpeg")
    assert published_bytes(path) == path.read_bytes()


def test_inspect_raises_a_french_error_naming_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.webp"
    path.write_bytes(b"RIFF\0\0\0\0WEBPVP8 ")
    with pytest.raises(ImageError) as caught:
        inspect_image(path, "images/x.webp")
    assert str(caught.value) == f"images/x.webp : {caught.value.problem}"
    assert caught.value.problem.startswith(("l’image est illisible", "ce fichier n’est pas"))
