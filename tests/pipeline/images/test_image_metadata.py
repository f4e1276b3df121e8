"""A published photo says nothing of where, when or with what it was taken: EXIF (GPS,
device), XMP, comments, text chunks, thumbnails and a phone's further images are removed,
losslessly (same decoded pixels), while the colour profile and the orientation stay."""

from __future__ import annotations

import io
import struct
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PIL import Image, ImageCms, PngImagePlugin, features

from contenu.images.image_metadata import StructureError, strip_metadata

SECRET = b"Secret-7f3a"  # no picture's coded data contains it by chance
XMP = (
    b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/'
    b'22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" '
    b'dc:creator="' + SECRET + b'"/></rdf:RDF></x:xmpmeta>'
)
ICC = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
FORMATS = {".jpg": "JPEG", ".png": "PNG", ".webp": "WEBP"}
if features.check("avif"):
    FORMATS[".avif"] = "AVIF"


def _exif(orientation: int) -> bytes:
    exif = Image.Exif()
    exif[0x0112] = orientation
    exif[0x010F] = SECRET.decode()  # Make
    exif[0xA431] = SECRET.decode()  # BodySerialNumber
    exif[0x8825] = {1: "N", 2: (48.0, 51.0, 29.0), 3: "E", 4: (2.0, 17.0, 40.0)}  # GPS
    return exif.tobytes()


def _photo(suffix: str, size: tuple[int, int], orientation: int, **extra: Any) -> bytes:
    image = Image.linear_gradient("L").convert("RGB").resize(size)
    out = io.BytesIO()
    options: dict[str, Any] = {"exif": _exif(orientation), "icc_profile": ICC, **extra}
    if suffix != ".png":
        options["xmp"] = XMP
    if suffix == ".jpg":
        options["comment"] = SECRET
    if suffix == ".png":
        text = PngImagePlugin.PngInfo()
        text.add_text("Author", SECRET.decode())
        text.add_text("Comment", SECRET.decode(), zip=True)
        text.add_itxt("XML:com.adobe.xmp", XMP.decode())
        options["pnginfo"] = text
    image.save(out, FORMATS[suffix], **options)
    return out.getvalue()


def _pixels(data: bytes) -> bytes:
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGBA").tobytes()


def _orientation(data: bytes) -> int:
    with Image.open(io.BytesIO(data)) as image:
        return int(image.getexif().get(0x0112, 1))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    suffix=st.sampled_from(sorted(FORMATS)),
    size=st.tuples(st.integers(1, 80), st.integers(1, 80)),
    orientation=st.integers(1, 8),
)
def test_metadata_goes_and_the_picture_stays(
    suffix: str, size: tuple[int, int], orientation: int
) -> None:
    source = _photo(suffix, size, orientation)
    assert SECRET in source  # the photo did carry what must go
    published = strip_metadata(source, suffix)
    assert SECRET not in published
    assert b"GPS" not in published
    assert _pixels(published) == _pixels(source)  # lossless: the same picture
    assert _orientation(published) == _orientation(source)  # still upright in a browser
    with Image.open(io.BytesIO(published)) as image:
        assert image.info.get("icc_profile") == ICC  # the same colours
        assert not image.getexif().get_ifd(0x8825)  # no GPS block
    assert strip_metadata(published, suffix) == published  # nothing more to remove


def _with_segment(jpeg: bytes, marker: int, payload: bytes) -> bytes:
    segment = bytes((0xFF, marker)) + struct.pack(">H", len(payload) + 2) + payload
    return jpeg[:2] + segment + jpeg[2:]


def test_jpeg_thumbnails_and_further_images_are_not_published() -> None:
    photo = _photo(".jpg", (60, 40), 1)
    thumbnail = _photo(".jpg", (8, 8), 1)  # a preview carrying its own EXIF
    jfif_thumbnail = b"JFIF\x00\x01\x02\x00\x00\x01\x00\x01\x02\x02" + SECRET[:12]
    extended = b"JFXX\x00\x10" + thumbnail
    source = _with_segment(_with_segment(photo, 0xE0, extended), 0xE0, jfif_thumbnail)
    source += _photo(".jpg", (30, 20), 1)  # a phone's second image, after the first's end
    published = strip_metadata(source, ".jpg")
    assert SECRET not in published
    assert published.count(b"\xff\xd8") == 1
    assert _pixels(published) == _pixels(photo)


def _png_chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def test_png_text_time_and_private_chunks_go_animation_stays() -> None:
    frames = [Image.new("RGB", (20, 10), colour) for colour in ("red", "green", "blue")]
    out = io.BytesIO()
    frames[0].save(out, "PNG", save_all=True, append_images=frames[1:], duration=100)
    apng = out.getvalue()
    at = apng.index(b"IDAT") - 4
    source = (
        apng[:at]
        + _png_chunk(b"tIME", b"\x07\xea\x0b\x17\x0c\x00\x00")
        + _png_chunk(b"prVt", SECRET)  # a private chunk: unknown, so dropped
        + apng[at:]
    )
    published = strip_metadata(source, ".png")
    assert SECRET not in published and b"tIME" not in published
    with Image.open(io.BytesIO(published)) as image:
        assert image.n_frames == 3
        image.seek(2)
        assert image.convert("RGB").getpixel((0, 0)) == (0, 0, 255)


@settings(max_examples=300, deadline=None)
@given(
    suffix=st.sampled_from(sorted(FORMATS)),
    cut=st.floats(0, 1),
    noise=st.binary(max_size=16),
    where=st.floats(0, 1),
)
def test_a_damaged_structure_is_a_structure_error_never_a_crash(
    suffix: str, cut: float, noise: bytes, where: float
) -> None:
    source = _photo(suffix, (16, 12), 3)
    at = int(len(source) * where)
    damaged = (source[:at] + noise + source[at + len(noise) :])[: max(4, int(len(source) * cut))]
    try:
        published = strip_metadata(damaged, suffix)
    except StructureError:
        return
    assert isinstance(published, bytes)


def _exif_running_past_the_end() -> bytes:
    """A JPEG a decoder reads (its picture is whole) ending in an EXIF segment that runs
    past the end of the file."""
    out = io.BytesIO()
    Image.new("RGB", (40, 30), "#2f6f62").save(out, "JPEG")
    return out.getvalue()[:-2] + b"\xff\xe1\xff\xff" + b"Exif\x00\x00" + SECRET


def test_check_refuses_a_photo_whose_metadata_cannot_be_removed(
    write: Callable[..., Path], site_root: Path, contenu: Callable[..., Any]
) -> None:
    write(site_root, "images/photo.jpg", _exif_running_past_the_end())
    result = contenu("check", "--today", "2026-01-15")
    assert result.exit_code == 1
    assert "images/photo.jpg" in result.plain
    assert "ses informations cachées (lieu de la prise de vue, appareil, date)" in result.plain
    assert "Traceback" not in result.output


def test_build_publishes_the_photo_without_where_it_was_taken(
    write: Callable[..., Path], site_root: Path, contenu: Callable[..., Any]
) -> None:
    source = _photo(".jpg", (120, 80), 6)
    write(site_root, "images/equipe/photo-du-telephone.jpg", source)
    result = contenu("build", "--today", "2026-01-15")
    assert result.exit_code == 0, result.output
    public = site_root / "site" / "generated" / "build" / "public" / "images" / "equipe"
    published = (public / "photo-du-telephone.jpg").read_bytes()
    assert SECRET not in published and b"GPS" not in published
    assert _pixels(published) == _pixels(source)
    assert _orientation(published) == 6
