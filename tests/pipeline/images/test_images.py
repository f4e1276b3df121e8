"""Responsive image variants (contenu.images.variants) on images generated in tmp_path."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from contenu.images import variants as images
from contenu.images.variants import (
    ImageError,
    build_images,
    manifest_json,
    svg_size,
    variant_widths,
)


def photo(
    path: Path, size: tuple[int, int], *, fmt: str = "JPEG", mode: str = "RGB", **save: object
) -> Path:
    """A deterministic picture with gradients and shapes, so encoders have real work."""
    w, h = size
    image = Image.linear_gradient("L").resize(size).convert(mode if mode != "RGBA" else "RGB")
    image = Image.merge(
        "RGB",
        (
            image.getchannel(0),
            Image.effect_noise(size, 40).convert("L"),
            image.getchannel(0).rotate(90),
        ),
    )
    if mode == "RGBA":
        image = image.convert("RGBA")
        image.putalpha(Image.linear_gradient("L").resize(size))
    path.parent.mkdir(parents=True, exist_ok=True)
    image.save(path, fmt, **save)
    assert image.size == (w, h)
    return path


def served(out: Path, variant_path: str) -> Path:
    return out / variant_path.removeprefix("/img/")


@pytest.fixture
def src(tmp_path: Path) -> Path:
    root = tmp_path / "images"
    photo(root / "equipe" / "claire.jpg", (1600, 200), quality=92)
    photo(root / "og-default.png", (1000, 100), fmt="PNG")
    photo(root / "petit.png", (300, 200), fmt="PNG", mode="RGBA")
    (root / "logo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 40">'
        '<rect width="120" height="40"/></svg>'
    )
    return root


def test_manifest_gives_sizes_and_webp_variants_capped_at_the_original(
    src: Path, tmp_path: Path
) -> None:
    out = tmp_path / "out"
    manifest = build_images(src, out)
    assert sorted(manifest) == [
        "/images/equipe/claire.jpg",
        "/images/logo.svg",
        "/images/og-default.png",
        "/images/petit.png",
    ]

    claire = manifest["/images/equipe/claire.jpg"]
    assert (claire.width, claire.height, claire.type) == (1600, 200, "image/jpeg")
    webp = [v for v in claire.variants if v.type == "image/webp"]
    assert [(v.width, v.height) for v in webp] == [(480, 60), (960, 120), (1440, 180)]

    og = manifest["/images/og-default.png"]
    assert [v.width for v in og.variants if v.type == "image/webp"] == [480, 960, 1000]
    assert [v.width for v in manifest["/images/petit.png"].variants if v.type == "image/webp"] == [
        300
    ]

    for info in manifest.values():
        for v in info.variants:
            file = served(out, v.path)
            with Image.open(file) as decoded:
                assert decoded.size == (v.width, v.height)
                assert decoded.format == {"image/webp": "WEBP", "image/avif": "AVIF"}[v.type]
                assert not decoded.info.get("exif")
                assert not decoded.info.get("icc_profile")


def test_transparency_survives(src: Path, tmp_path: Path) -> None:
    manifest = build_images(src, tmp_path / "out")
    (variant,) = [v for v in manifest["/images/petit.png"].variants if v.type == "image/webp"]
    with Image.open(served(tmp_path / "out", variant.path)) as decoded:
        assert decoded.mode == "RGBA"
        assert decoded.getextrema()[3][0] < 50  # some pixels are still see-through


@pytest.mark.skipif(not images.avif_supported(), reason="this Pillow build cannot write AVIF")
def test_avif_is_kept_only_when_smaller_than_webp(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    manifest = build_images(src, out)
    avifs = 0
    for info in manifest.values():
        by_width = {(v.width, v.type): v for v in info.variants}
        for (width, kind), v in by_width.items():
            if kind == "image/avif":
                avifs += 1
                webp = by_width[(width, "image/webp")]
                assert served(out, v.path).stat().st_size < served(out, webp.path).stat().st_size
    assert avifs > 0  # photos compress better in AVIF


def test_svg_passes_through_with_its_size(src: Path, tmp_path: Path) -> None:
    logo = build_images(src, tmp_path / "out")["/images/logo.svg"]
    assert (logo.width, logo.height, logo.type, logo.variants) == (120, 40, "image/svg+xml", [])


@pytest.mark.parametrize(
    ("svg", "size"),
    [
        (
            '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="32px" viewBox="0 0 8 4"/>',
            (64, 32),
        ),
        (
            '<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0,0,300.4,150"/>',
            (300, 150),
        ),
    ],
)
def test_svg_size(svg: str, size: tuple[int, int]) -> None:
    assert svg_size(svg.encode(), "x.svg") == size


def test_svg_without_size_is_a_french_error() -> None:
    with pytest.raises(ImageError, match="taille"):
        svg_size(b'<svg xmlns="http://www.w3.org/2000/svg"/>', "images/x.svg")


def test_broken_image_is_a_french_error_naming_the_file(tmp_path: Path) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / "images" / "casse.jpg").write_bytes(b"not a jpeg")
    with pytest.raises(ImageError, match=r"images/casse\.jpg : ce fichier n’est pas une image"):
        build_images(tmp_path / "images", tmp_path / "out")


def snapshot(out: Path) -> dict[str, bytes]:
    return {
        p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
    }


def test_bytes_are_deterministic(src: Path, tmp_path: Path) -> None:
    a = build_images(src, tmp_path / "a")
    b = build_images(src, tmp_path / "b")
    assert manifest_json(a) == manifest_json(b)
    assert snapshot(tmp_path / "a") == snapshot(tmp_path / "b")


def test_rebuild_reencodes_only_what_changed(
    src: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    first = build_images(src, out)
    encoded: list[str] = []
    real = images._encode_variants

    def spy(data: bytes, name: str, *args: object, **kwargs: object) -> images.ImageInfo:
        encoded.append(name)
        return real(data, name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(images, "_encode_variants", spy)
    assert manifest_json(build_images(src, out)) == manifest_json(first)
    assert encoded == []

    old_paths = {v.path for v in first["/images/og-default.png"].variants}
    photo(src / "og-default.png", (1000, 100), fmt="PNG", mode="RGBA")
    second = build_images(src, out)
    assert encoded == ["images/og-default.png"]
    new_paths = {v.path for v in second["/images/og-default.png"].variants}
    assert not old_paths & new_paths  # new names: browsers never see a stale cached file
    assert all(not served(out, p).exists() for p in old_paths)  # pruned
    assert all(served(out, p).exists() for p in new_paths)


def test_deleted_variant_is_rewritten(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build_images(src, out)
    victim = served(out, first["/images/petit.png"].variants[0].path)
    victim.unlink()
    build_images(src, out)
    assert victim.is_file()


def test_removed_image_drops_out_of_manifest_and_disk(src: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build_images(src, out)
    os.remove(src / "petit.png")
    second = build_images(src, out)
    assert "/images/petit.png" not in second
    assert all(not served(out, v.path).exists() for v in first["/images/petit.png"].variants)


@given(st.integers(1, 5000), st.lists(st.integers(16, 4000), min_size=1, max_size=5, unique=True))
def test_variant_widths_never_upscale_and_cover_the_original(
    original: int, widths: list[int]
) -> None:
    chosen = variant_widths(original, widths)
    assert chosen == sorted(set(chosen))
    assert all(w <= original for w in chosen)
    assert max(chosen) == min(original, max(widths)) or (
        original > max(widths) and max(chosen) == max(widths)
    )
    assert set(chosen) - {original} <= set(widths)


def test_exif_orientation_is_applied(tmp_path: Path) -> None:
    root = tmp_path / "images"
    root.mkdir()
    image = Image.new("RGB", (600, 300), (200, 30, 30))
    exif = Image.Exif()
    exif[0x0112] = 6  # rotate 90° clockwise to display
    buf = io.BytesIO()
    image.save(buf, "JPEG", exif=exif.tobytes())
    (root / "tourne.jpg").write_bytes(buf.getvalue())
    info = build_images(root, tmp_path / "out")["/images/tourne.jpg"]
    assert (info.width, info.height) == (300, 600)
