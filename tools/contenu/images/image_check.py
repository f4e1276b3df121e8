"""Reading and checking the files of ``content/images``, without writing anything.

The folder is published, and anyone who opens a pull request can write in it, so only what
the build can publish safely is accepted: a known image type, by its name *and* by its
content, under a size and a pixel limit (decompression bombs), decoded fully (a truncated
file fails here, not halfway through a build), an SVG only once nothing in it can run or
load something (``svg.py``), and a raster only once its metadata can be removed
(``image_metadata.py``: a phone photo's GPS position is not published). ``contenu check``
and ``contenu build`` both call :func:`inspect_image` on every file, so they always agree,
and every refusal is a French sentence naming the file. ``variants.py`` encodes the variants
of what passed.
"""

from __future__ import annotations

import functools
import io
import warnings
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageCms, ImageOps, UnidentifiedImageError

from contenu.images.image_metadata import StructureError, strip_metadata
from contenu.images.svg import SvgError, sanitize_svg
from contenu.models.common import IMAGE_SUFFIXES, IMAGE_SUFFIXES_TEXT, IMAGE_TYPES

ACCEPTED_SUFFIXES = IMAGE_SUFFIXES
MIME = IMAGE_TYPES
#: Pillow's name of each raster type, by file extension (« image/webp » → « WEBP »).
PIL_FORMATS = {s: t.removeprefix("image/").upper() for s, t in IMAGE_TYPES.items() if s != ".svg"}
#: Limits of one file. The site never shows an image wider than 1440 CSS pixels (2880 device
#: pixels), so real photos fit well below them.
MAX_FILE_BYTES = 20_000_000
MAX_SVG_BYTES = 5_000_000
MAX_PIXELS = 40_000_000
_SMALLER = "enregistrez-la en plus petit (2 880 pixels de large suffisent au site)"

# Pillow warns (in English) about an image above its own bomb limit and fails above twice
# it. Ours is lower and checked first, so its warning only ever precedes our refusal: make
# it an exception, reported in French like the others.
warnings.simplefilter("error", Image.DecompressionBombWarning)


class ImageError(ValueError):
    """An image that cannot be published: ``problem`` is French, for the coaches."""

    def __init__(self, name: str, problem: str) -> None:
        super().__init__(f"{name} : {problem}")
        self.name = name
        self.problem = problem


@dataclass(frozen=True)
class Inspected:
    """What the check learnt of an image the site can publish."""

    width: int
    height: int
    type: str  # MIME type


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f}".replace(".", ",") + " Mo"


def check_type_and_size(path: Path, name: str) -> None:
    """An accepted extension and a file under the size limit (read from the disk's stat)."""
    suffix = path.suffix.lower()
    if suffix not in ACCEPTED_SUFFIXES:
        raise ImageError(
            name,
            f"type de fichier refusé « {path.suffix or path.name} » : le dossier images ne "
            f"publie que des images {IMAGE_SUFFIXES_TEXT} ; supprimez ce "
            "fichier ou rangez-le ailleurs",
        )
    limit = MAX_SVG_BYTES if suffix == ".svg" else MAX_FILE_BYTES
    size = path.stat().st_size
    if size > limit:
        raise ImageError(
            name,
            f"fichier trop lourd ({_megabytes(size)}) : {_megabytes(limit)} au maximum ; "
            + _SMALLER,
        )


def svg_size(data: bytes, name: str) -> tuple[int, int]:
    """Intrinsic size of an SVG the site can publish (:class:`ImageError` otherwise)."""
    try:
        safe = sanitize_svg(data)
    except SvgError as exc:
        raise ImageError(name, str(exc)) from None
    return safe.width, safe.height


def _too_big(name: str, size: tuple[int, int] | None = None) -> ImageError:
    shown = ""
    if size is not None:
        millions = f"{size[0] * size[1] / 1_000_000:.1f}".replace(".", ",")
        shown = f" ({size[0]} × {size[1]} pixels, soit {millions} millions)"
    return ImageError(
        name,
        f"image trop grande{shown} : {MAX_PIXELS // 1_000_000} millions de pixels au maximum ; "
        + _SMALLER,
    )


def open_raster(data: bytes, name: str, suffix: str) -> Image.Image:
    """The fully decoded image, once its content is known to be the type its name says."""
    expected = PIL_FORMATS[suffix]
    try:
        image = Image.open(io.BytesIO(data), formats=sorted(set(PIL_FORMATS.values())))
    except UnidentifiedImageError:
        raise ImageError(
            name,
            f"ce fichier n’est pas une image {expected} lisible : son contenu ne correspond "
            f"pas à l’extension « {suffix} » (fichier renommé, page web, fichier abîmé ?)",
        ) from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise _too_big(name) from None
    except (OSError, SyntaxError, ValueError):
        raise ImageError(name, "l’image est illisible : le fichier est abîmé") from None
    if image.format != expected:
        right = next(s for s, f in PIL_FORMATS.items() if f == image.format)
        raise ImageError(
            name,
            f"c’est une image {image.format} mais son nom finit par « {suffix} » : "
            f"renommez-la en « {right} »",
        )
    if image.width * image.height > MAX_PIXELS:
        raise _too_big(name, image.size)
    frames = getattr(image, "n_frames", 1)
    if frames > 1:  # read from the header (APNG acTL, WebP ANIM, AVIF sequence): nothing decoded
        raise ImageError(
            name,
            f"image animée ({frames} images) : le site ne publie que des images fixes (une "
            "animation pèse des dizaines de fois plus et ses variantes n’en garderaient que la "
            "première image) ; exportez une seule image, en JPEG ou en PNG",
        )
    try:
        image.load()
    except (OSError, SyntaxError, ValueError, MemoryError):
        raise ImageError(
            name,
            "l’image est illisible : le fichier est incomplet ou abîmé (copie interrompue ?) ; "
            "exportez-la de nouveau",
        ) from None
    return image


def without_metadata(data: bytes, name: str, suffix: str) -> bytes:
    """The raster as published: its metadata (GPS position, device, dates, comments,
    thumbnails) removed, the picture untouched (``image_metadata``)."""
    try:
        return strip_metadata(data, suffix)
    except StructureError:
        raise ImageError(
            name,
            "la structure de ce fichier est inhabituelle : ses informations cachées (lieu de "
            "la prise de vue, appareil, date) ne peuvent pas en être retirées avant la "
            "publication ; exportez l’image de nouveau, en JPEG ou en PNG",
        ) from None


def normalise(image: Image.Image) -> Image.Image:
    """Upright, sRGB, RGB or RGBA pixels only: nothing of the source file's metadata stays."""
    image = ImageOps.exif_transpose(image) or image
    icc = image.info.get("icc_profile")
    has_alpha = image.mode in ("RGBA", "LA", "PA") or (
        image.mode == "P" and "transparency" in image.info
    )
    mode = "RGBA" if has_alpha else "RGB"
    if icc and image.mode in ("RGB", "RGBA", "CMYK"):
        try:
            source = ImageCms.ImageCmsProfile(io.BytesIO(icc))
            target = ImageCms.createProfile("sRGB")
            converted = ImageCms.profileToProfile(image, source, target, outputMode=mode)
            if converted is not None:
                image = converted
        except (ImageCms.PyCMSError, OSError):
            pass  # a broken profile: keep the pixels as they are
    clean = Image.new(mode, image.size)
    clean.paste(image.convert(mode))
    return clean


@functools.lru_cache(maxsize=4096)
def _inspected(path: Path, name: str, size: int, mtime_ns: int) -> Inspected | str:
    """One decoding per version of a file (``contenu watch`` checks every image on each
    save). A refusal is kept as its message: an exception would keep the file's bytes
    alive through its traceback."""
    del size, mtime_ns  # only part of the cache key
    suffix = path.suffix.lower()
    try:
        check_type_and_size(path, name)
        data = path.read_bytes()
        if suffix == ".svg":
            width, height = svg_size(data, name)
            return Inspected(width, height, MIME[suffix])
        image = normalise(open_raster(data, name, suffix))  # as the build does before encoding
        without_metadata(data, name, suffix)  # as the build publishes the file
        return Inspected(image.width, image.height, MIME[suffix])
    except ImageError as exc:
        return exc.problem


def inspect_image(path: Path, name: str) -> Inspected:
    """Check one file of ``content/images`` as the build will use it; write nothing.

    Raises :class:`ImageError` (French) for a type the site does not publish, a content that
    does not match the extension, a file or picture over the limits, a truncated or corrupt
    image, or an SVG that could run or load something. ``name`` is how messages call it.
    """
    stat = path.stat()
    found = _inspected(path, name, stat.st_size, stat.st_mtime_ns)
    if isinstance(found, str):
        raise ImageError(name, found)
    return found


def published_bytes(path: Path) -> bytes:
    """What the site publishes for a file of ``content/images``: the sanitised tree of an
    SVG, the coded picture of a (checked) raster without its metadata."""
    data = path.read_bytes()
    if path.suffix.lower() != ".svg":
        return without_metadata(data, path.name, path.suffix.lower())
    try:
        return sanitize_svg(data).data
    except SvgError as exc:
        raise ImageError(path.name, str(exc)) from None
