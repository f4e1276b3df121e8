"""Responsive variants of the images of ``content/images`` (Pillow).

Each raster image gets WebP variants at a few widths (never wider than the original) and an
AVIF variant beside each one when AVIF is smaller. Bytes are deterministic: fixed encoder
settings, one encoder thread, no metadata (EXIF, XMP, ICC, dates) copied. File names carry a
hash of the source bytes and of the encoder settings, and an index remembers what each
source produced, so a rebuild re-encodes only new or changed images and a browser may cache
the variants forever. SVGs get no variants: they are published sanitised (``svg.py``).

Reading and checking a file (types, limits, decoding, SVG sanitising) is ``image_check.py``:
``contenu check`` runs the same checks without writing anything, so check and build agree.

The manifest maps each image path as content uses it (``/images/equipe/claire.jpg``) to its
size and variants; the site uses it for ``<picture>``, ``srcset``, ``width`` and ``height``.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import PIL
from PIL import Image, features

from contenu.images.image_check import (
    ACCEPTED_SUFFIXES,
    MIME,
    ImageError,
    check_type_and_size,
    normalise,
    open_raster,
    svg_size,
)

__all__ = ["ImageError", "ImageInfo", "Manifest", "Variant", "build_images", "svg_size"]

#: Widths of the variants, in CSS pixels of a 1x to 3x phone up to a 1x desktop column.
WIDTHS: tuple[int, ...] = (480, 960, 1440)
WEBP_OPTIONS: dict[str, Any] = {"quality": 80, "method": 4}
# One thread: AVIF bytes must not depend on how the encoder splits the work.
AVIF_OPTIONS: dict[str, Any] = {"quality": 55, "speed": 7, "max_threads": 1}
INDEX_VERSION = 1
DEFAULT_INDEX_NAME = ".index.json"


@dataclass(frozen=True)
class Variant:
    path: str  # URL path, root-relative like everything in the bundles
    width: int
    height: int
    type: str  # MIME type


@dataclass(frozen=True)
class ImageInfo:
    width: int
    height: int
    type: str
    variants: list[Variant] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


Manifest = dict[str, ImageInfo]


def avif_supported() -> bool:
    return bool(features.check("avif"))


def settings_signature(widths: Sequence[int] = WIDTHS) -> str:
    """Everything besides the source bytes that changes the output bytes."""
    parts = [PIL.__version__, repr(sorted(widths)), repr(sorted(WEBP_OPTIONS.items()))]
    if avif_supported():
        parts.append(repr(sorted(AVIF_OPTIONS.items())))
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:12]


def variant_widths(original: int, widths: Sequence[int] = WIDTHS) -> list[int]:
    """The configured widths narrower than the original, plus the original when it is
    narrower than the widest configured one (never upscale)."""
    kept = sorted({w for w in widths if w < original})
    if original <= max(widths):
        kept.append(original)
    return kept


# --- raster ---------------------------------------------------------------------------------


def _encode(image: Image.Image, fmt: str) -> bytes:
    out = io.BytesIO()
    options = WEBP_OPTIONS if fmt == "WEBP" else AVIF_OPTIONS
    image.save(out, fmt, **options)
    return out.getvalue()


def _resized(image: Image.Image, width: int) -> Image.Image:
    if width == image.width:
        return image
    height = max(1, round(image.height * width / image.width))
    return image.resize((width, height), Image.Resampling.LANCZOS)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _encode_variants(
    data: bytes,
    name: str,
    suffix: str,
    rel_stem: str,
    digest: str,
    out_dir: Path,
    url_base: str,
    widths: Sequence[int],
) -> ImageInfo:
    source = open_raster(data, name, suffix)
    source_type = Image.MIME.get(source.format or "", "application/octet-stream")
    image = normalise(source)
    variants: list[Variant] = []
    try_avif = avif_supported()
    for width in variant_widths(image.width, widths):
        resized = _resized(image, width)
        rel = f"{rel_stem}-{width}.{digest}"
        webp = _encode(resized, "WEBP")
        _write(out_dir / f"{rel}.webp", webp)
        variants.append(Variant(f"{url_base}{rel}.webp", width, resized.height, "image/webp"))
        if try_avif:
            avif = _encode(resized, "AVIF")
            if len(avif) < len(webp):
                _write(out_dir / f"{rel}.avif", avif)
                variants.append(
                    Variant(f"{url_base}{rel}.avif", width, resized.height, "image/avif")
                )
    variants.sort(key=lambda v: (v.type, v.width))
    return ImageInfo(image.width, image.height, source_type, variants)


# --- the build ------------------------------------------------------------------------------


def _load_index(path: Path, signature: str) -> dict[str, Any]:
    try:
        index = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if index.get("version") != INDEX_VERSION or index.get("settings") != signature:
        return {}
    entries = index.get("entries")
    return entries if isinstance(entries, dict) else {}


def _from_json(entry: dict[str, Any]) -> ImageInfo:
    return ImageInfo(
        entry["width"],
        entry["height"],
        entry["type"],
        [Variant(**v) for v in entry["variants"]],
    )


def _source_files(src_dir: Path) -> Iterable[Path]:
    """The images the build publishes: hidden files are skipped, as ``discover`` does."""
    for path in sorted(src_dir.rglob("*")):
        hidden = any(part.startswith(".") for part in path.relative_to(src_dir).parts)
        if not hidden and path.is_file() and path.suffix.lower() in ACCEPTED_SUFFIXES:
            yield path


def build_images(
    src_dir: Path,
    out_dir: Path,
    *,
    src_base: str = "/images/",
    url_base: str = "/img/",
    widths: Sequence[int] = WIDTHS,
    index_path: Path | None = None,
    prune: bool = True,
    files: Iterable[Path] | None = None,
) -> Manifest:
    """Write the variants of every image under ``src_dir`` to ``out_dir``; return the manifest.

    ``src_base`` is the URL path ``src_dir`` is served at (the keys of the manifest),
    ``url_base`` the one ``out_dir`` is served at (the variant paths). The index (default
    ``out_dir/.index.json``) remembers each source's variants by content hash, so unchanged
    images are not re-encoded. With ``prune``, variants no source produces any more are
    deleted. ``files``: the images to read (the pipeline passes those ``discover`` accepted:
    no symbolic link is ever followed); every image file under ``src_dir`` by default. Raises
    :class:`ImageError` (French message) on an unreadable image.

    ``out_dir`` is a cache, never published as such: a build links the variants it needs from
    it into its own folder (contenu.pipeline.writer), so pruning the cache never touches a build.
    """
    index_path = index_path or out_dir / DEFAULT_INDEX_NAME
    signature = settings_signature(widths)
    cached = _load_index(index_path, signature)
    manifest: Manifest = {}
    entries: dict[str, Any] = {}
    for path in _source_files(src_dir) if files is None else sorted(files):
        rel = path.relative_to(src_dir).as_posix()
        key = src_base + rel
        check_type_and_size(path, f"images/{rel}")
        data = path.read_bytes()
        if path.suffix.lower() == ".svg":
            width, height = svg_size(data, f"images/{rel}")
            manifest[key] = ImageInfo(width, height, MIME[".svg"], [])
            continue
        digest = hashlib.sha256(data).hexdigest()[:10]
        entry = cached.get(key)
        info = _from_json(entry["info"]) if entry and entry.get("digest") == digest else None
        if info is None or not all(
            (out_dir / v.path.removeprefix(url_base)).is_file() for v in info.variants
        ):
            stem = rel.rsplit(".", 1)[0]
            info = _encode_variants(
                data, f"images/{rel}", path.suffix.lower(), stem, digest, out_dir, url_base, widths
            )
        manifest[key] = info
        entries[key] = {"digest": digest, "info": info.as_json()}
    if prune:
        keep = {v.path.removeprefix(url_base) for info in manifest.values() for v in info.variants}
        _prune(out_dir, keep, index_path)
    _write(
        index_path, _dumps({"version": INDEX_VERSION, "settings": signature, "entries": entries})
    )
    return manifest


def _prune(out_dir: Path, keep: set[str], index_path: Path) -> None:
    if not out_dir.is_dir():
        return
    for path in sorted(out_dir.rglob("*"), reverse=True):
        if path == index_path:
            continue
        if path.is_file() and path.relative_to(out_dir).as_posix() not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def _dumps(obj: Any) -> bytes:
    return (json.dumps(obj, ensure_ascii=False, sort_keys=True, indent=2) + "\n").encode()


def manifest_json(manifest: Manifest) -> dict[str, Any]:
    """The manifest as JSON data (sorted by image path), e.g. for ``site.json``."""
    return {key: manifest[key].as_json() for key in sorted(manifest)}
