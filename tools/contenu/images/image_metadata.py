"""What a photo says about where, when and with what it was taken, removed before it is
published.

The raster originals of ``content/images`` are published (the ``<img>`` fallback of every
``<picture>``, the ``og:image`` social networks fetch). A phone photo carries EXIF (GPS
position, date, device and its serial number), often a thumbnail of the uncropped picture
and, for some phones, further images after the first; an exported file carries XMP, IPTC or
comments. All of it goes, losslessly: the coded picture is copied byte for byte, never
re-encoded. What changes how the picture looks stays: the colour profile (ICC), the
JFIF and Adobe colour markers and the orientation (an EXIF block holding that one tag, so a
phone photo stays upright). Every other structure is kept only when known to be picture
data (an allow-list), so a new kind of metadata is dropped, not published.

A file whose structure cannot be followed is refused (:class:`StructureError`), which
``image_check`` reports in French: publishing it as it is could publish its metadata.
"""

from __future__ import annotations

import struct
import warnings
import zlib
from collections.abc import Callable

from PIL import Image

from contenu.models.common import IMAGE_TYPES

ORIENTATION_TAG = 0x0112


class StructureError(ValueError):
    """The file's structure (segments, chunks, boxes) cannot be followed to its end."""


def strip_metadata(data: bytes, suffix: str) -> bytes:
    """``data`` (an image of type ``suffix``, already decoded by ``image_check``) without
    its metadata; raises :class:`StructureError`."""
    strip = _STRIPPERS[IMAGE_TYPES[suffix.lower()]]
    try:
        return strip(data)
    except (IndexError, ValueError, struct.error) as exc:  # a length pointing past the end
        raise StructureError(str(exc)) from None


def _tiff(*entries: bytes) -> bytes:
    """A big-endian TIFF structure (the body of an EXIF block) whose one directory holds
    ``entries`` (12 bytes each)."""
    return b"MM\x00\x2a" + struct.pack(">IH", 8, len(entries)) + b"".join(entries) + bytes(4)


def orientation_tiff(orientation: int) -> bytes:
    """A TIFF structure with the Orientation tag only."""
    return _tiff(struct.pack(">HHIHH", ORIENTATION_TAG, 3, 1, orientation, 0))


def _orientation(exif: bytes) -> int:
    """The Orientation of an EXIF block (1, upright, when absent or unreadable)."""
    reader = Image.Exif()
    try:
        with warnings.catch_warnings():  # Pillow's notes (English) on a damaged block
            warnings.simplefilter("ignore")
            reader.load(exif)
            value = reader.get(ORIENTATION_TAG, 1)
    except Exception:  # any unreadable EXIF block: no orientation to keep
        return 1
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


# JPEG -------------------------------------------------------------------------------------

_SOI, _EOI, _SOS, _APP0, _APP1, _APP2, _APP14, _COM = 0xD8, 0xD9, 0xDA, 0xE0, 0xE1, 0xE2, 0xEE, 0xFE
# Markers without a length: TEM and the restart markers.
_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


def _jpeg_keeps(marker: int, payload: bytes) -> bytes | None:
    """The segment payload to publish, None to drop it. Markers other than APPn and COM are
    picture data (tables, frame, scans) and kept."""
    if marker == _APP0 and payload.startswith(b"JFIF\x00") and len(payload) >= 14:
        return payload[:12] + b"\x00\x00"  # density kept; its optional thumbnail dropped
    if marker == _APP2 and payload.startswith(b"ICC_PROFILE\x00"):
        return payload
    if marker == _APP14 and payload.startswith(b"Adobe"):
        return payload  # tells the decoder how the colours were transformed
    if 0xE0 <= marker <= 0xEF or marker == _COM:
        return None
    return payload


def _scan_end(data: bytes, pos: int) -> int:
    """Where the entropy-coded data that starts at ``pos`` ends: the next marker that is
    neither a stuffed 0xFF00 nor a restart marker."""
    while True:
        pos = data.find(b"\xff", pos)
        if pos < 0 or pos + 1 >= len(data):
            return len(data)  # no end marker: the decoder accepted the file as it is
        follower = data[pos + 1]
        if follower == 0x00 or 0xD0 <= follower <= 0xD7 or follower == 0xFF:
            pos += 1 if follower == 0xFF else 2
            continue
        return pos


def _segment(marker: int, payload: bytes) -> bytes:
    if len(payload) + 2 > 0xFFFF:
        raise StructureError("segment too long")
    return bytes((0xFF, marker)) + struct.pack(">H", len(payload) + 2) + payload


def _strip_jpeg(data: bytes) -> bytes:
    if data[:2] != b"\xff\xd8":
        raise StructureError("no SOI")
    out: list[bytes] = [data[:2]]
    orientation = 1
    pos = 2
    while pos < len(data):
        while data[pos + 1] == 0xFF:  # fill bytes before a marker
            pos += 1
        if data[pos] != 0xFF:
            raise StructureError(f"no marker at {pos}")
        marker = data[pos + 1]
        if marker == _EOI:
            out.append(b"\xff\xd9")
            break  # anything after (a phone's further images, trailers) is not published
        if marker in _STANDALONE:
            out.append(data[pos : pos + 2])
            pos += 2
            continue
        (length,) = struct.unpack_from(">H", data, pos + 2)
        end = pos + 2 + length
        if length < 2 or end > len(data):
            raise StructureError(f"segment length at {pos}")
        payload = data[pos + 4 : end]
        if marker == _APP1 and payload.startswith(b"Exif\x00\x00") and orientation == 1:
            orientation = _orientation(payload[6:])
        kept = _jpeg_keeps(marker, payload)
        if kept is not None:
            out.append(_segment(marker, kept))
        pos = end
        if marker == _SOS:
            scan_end = _scan_end(data, pos)
            out.append(data[pos:scan_end])
            pos = scan_end
    if orientation != 1:
        at = 2 if out[1][1] == _APP0 else 1  # after JFIF's APP0, which must come first
        out.insert(at, _segment(_APP1, b"Exif\x00\x00" + orientation_tiff(orientation)))
    return b"".join(out)


# PNG --------------------------------------------------------------------------------------

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: Chunks that are picture, colour or animation data (PNG 3rd edition, APNG).
_PNG_KEEPS = frozenset(
    {
        b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"cHRM", b"gAMA", b"iCCP", b"sBIT",
        b"sRGB", b"cICP", b"mDCV", b"cLLI", b"bKGD", b"hIST", b"pHYs", b"sPLT",
        b"acTL", b"fcTL", b"fdAT",
    }
)  # fmt: skip


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def _strip_png(data: bytes) -> bytes:
    if not data.startswith(_PNG_SIGNATURE):
        raise StructureError("no PNG signature")
    out: list[bytes] = [_PNG_SIGNATURE]
    orientation = 1
    pos = len(_PNG_SIGNATURE)
    while True:
        (length,) = struct.unpack_from(">I", data, pos)
        kind = data[pos + 4 : pos + 8]
        end = pos + 12 + length
        if end > len(data):
            raise StructureError(f"chunk length at {pos}")
        if kind == b"eXIf" and orientation == 1:
            orientation = _orientation(data[pos + 8 : pos + 8 + length])
        if kind in _PNG_KEEPS:
            out.append(data[pos:end])
        pos = end
        if kind == b"IEND":
            break
    if orientation != 1:  # eXIf must precede the image data: right after IHDR
        out.insert(2, _chunk(b"eXIf", orientation_tiff(orientation)))
    return b"".join(out)


# WebP -------------------------------------------------------------------------------------

#: RIFF chunks that are picture, colour or animation data.
_WEBP_KEEPS = frozenset({b"VP8X", b"ICCP", b"ANIM", b"ANMF", b"ALPH", b"VP8 ", b"VP8L"})
_VP8X_EXIF, _VP8X_XMP = 0x08, 0x04


def _riff_chunk(kind: bytes, body: bytes) -> bytes:
    return kind + struct.pack("<I", len(body)) + body + (b"\x00" if len(body) % 2 else b"")


def _strip_webp(data: bytes) -> bytes:
    if data[:4] != b"RIFF" or data[8:12] != b"WEBP":
        raise StructureError("no RIFF WEBP header")
    (riff_size,) = struct.unpack_from("<I", data, 4)
    last = min(len(data), 8 + riff_size)
    chunks: list[bytes] = []
    orientation = 1
    pos = 12
    while pos + 8 <= last:
        kind = data[pos : pos + 4]
        (length,) = struct.unpack_from("<I", data, pos + 4)
        end = pos + 8 + length + (length % 2)
        if pos + 8 + length > len(data):
            raise StructureError(f"chunk length at {pos}")
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"EXIF" and orientation == 1:
            orientation = _orientation(body)
        if kind == b"VP8X" and body:
            body = bytes((body[0] & ~(_VP8X_EXIF | _VP8X_XMP),)) + body[1:]
        if kind in _WEBP_KEEPS:
            chunks.append(_riff_chunk(kind, body))
        pos = end
    if orientation != 1 and chunks and chunks[0].startswith(b"VP8X"):
        flags = chunks[0][8] | _VP8X_EXIF
        chunks[0] = chunks[0][:8] + bytes((flags,)) + chunks[0][9:]
        chunks.append(_riff_chunk(b"EXIF", orientation_tiff(orientation)))
    body = b"WEBP" + b"".join(chunks)
    return b"RIFF" + struct.pack("<I", len(body)) + body


# AVIF (ISOBMFF) ---------------------------------------------------------------------------
# EXIF and XMP are items of the `meta` box whose bytes `iloc` locates (usually in `mdat`):
# they are overwritten in place with empty ones of the same length, so no offset moves.
# Orientation in AVIF is the `irot`/`imir` properties, which stay.

_XMP_EMPTY = b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>'
_XMP_END = b'<?xpacket end="w"?>'


def _boxes(data: bytes | bytearray, start: int, end: int) -> list[tuple[bytes, int, int]]:
    """(type, body start, body end) of the boxes in ``data[start:end]``."""
    found = []
    while start + 8 <= end:
        size, kind = struct.unpack_from(">I4s", data, start)
        body = start + 8
        if size == 1:
            (size,) = struct.unpack_from(">Q", data, body)
            body += 8
        elif size == 0:
            size = end - start
        if size < body - start or start + size > end:
            raise StructureError(f"box length at {start}")
        found.append((kind, body, start + size))
        start += size
    return found


def _uint(data: bytes | bytearray, pos: int, size: int) -> int:
    return int.from_bytes(data[pos : pos + size], "big") if size else 0


def _metadata_items(data: bytearray, iinf: tuple[int, int]) -> dict[int, bytes]:
    """Item id → replacement kind (b"Exif" or b"XMP") of the metadata items."""
    start, end = iinf
    version = data[start]
    first = start + 4 + (2 if version == 0 else 4)
    items: dict[int, bytes] = {}
    for kind, body, box_end in _boxes(data, first, end):
        if kind != b"infe" or data[body] < 2:
            continue
        id_size = 2 if data[body] == 2 else 4
        item_id = _uint(data, body + 4, id_size)
        pos = body + 4 + id_size + 2
        item_type = bytes(data[pos : pos + 4])
        name_end = data.index(0, pos + 4, box_end)
        if item_type == b"Exif":
            items[item_id] = b"Exif"
        elif item_type == b"mime":
            content_type = bytes(data[name_end + 1 : data.index(0, name_end + 1, box_end)])
            if content_type == b"application/rdf+xml":
                items[item_id] = b"XMP"
    return items


def _extents(
    data: bytearray, iloc: tuple[int, int], idat: int | None
) -> dict[int, list[tuple[int, int]]]:
    """Item id → (file offset, length) of each extent of its data."""
    pos, end = iloc
    version = data[pos]
    offset_size, length_size = data[pos + 4] >> 4, data[pos + 4] & 15
    base_size, index_size = data[pos + 5] >> 4, (data[pos + 5] & 15 if version in (1, 2) else 0)
    pos += 6
    count_size = 2 if version < 2 else 4
    count = _uint(data, pos, count_size)
    pos += count_size
    located: dict[int, list[tuple[int, int]]] = {}
    for _ in range(count):
        item_id = _uint(data, pos, count_size)
        pos += count_size
        method = 0
        if version in (1, 2):
            method = _uint(data, pos, 2) & 15
            pos += 2
        pos += 2  # data_reference_index
        base = _uint(data, pos, base_size)
        pos += base_size
        extent_count = _uint(data, pos, 2)
        pos += 2
        extents = []
        for _ in range(extent_count):
            pos += index_size
            offset = _uint(data, pos, offset_size)
            length = _uint(data, pos + offset_size, length_size)
            pos += offset_size + length_size
            if pos > end:  # counts that promise more than the box holds
                raise StructureError("iloc box shorter than its counts")
            extents.append((offset, length))
        if method == 1 and idat is None:
            raise StructureError("item in a missing idat box")
        if pos > end:
            raise StructureError("iloc box shorter than its counts")
        origin = base + (idat if method == 1 and idat is not None else 0)
        if method == 2:
            extents = []  # data made of other items: nothing of its own to blank
        # A length of 0 means "to the end of the file".
        located[item_id] = [
            (origin + offset, length or len(data) - origin - offset) for offset, length in extents
        ]
    return located


def _blank(kind: bytes, size: int) -> bytes:
    if kind == b"Exif":
        empty = struct.pack(">I", 0) + _tiff()  # HEIF's offset to the TIFF header, then it
        return empty + bytes(size - len(empty)) if size >= len(empty) else bytes(size)
    fixed = len(_XMP_EMPTY) + len(_XMP_END)
    if size < fixed:
        return b" " * size
    return _XMP_EMPTY + b" " * (size - fixed) + _XMP_END


def _strip_avif(source: bytes) -> bytes:
    data = bytearray(source)
    top = _boxes(data, 0, len(data))
    if not top or top[0][0] != b"ftyp":
        raise StructureError("no ftyp box")
    for kind, body, end in top:
        if kind == b"uuid":  # vendor boxes (XMP, for some tools): emptied
            data[body + 16 : end] = bytes(max(0, end - body - 16))
        if kind != b"meta":
            continue
        children = {k: (b, e) for k, b, e in _boxes(data, body + 4, end)}
        if b"iinf" not in children or b"iloc" not in children:
            continue
        idat = children[b"idat"][0] if b"idat" in children else None
        located = _extents(data, children[b"iloc"], idat)
        for item_id, replacement in _metadata_items(data, children[b"iinf"]).items():
            extents = located.get(item_id, [])
            if any(offset + length > len(data) for offset, length in extents):
                raise StructureError(f"item {item_id} past the end")
            blank = _blank(replacement, sum(length for _, length in extents))
            for offset, length in extents:
                data[offset : offset + length], blank = blank[:length], blank[length:]
    return bytes(data)


#: The stripper of each raster type, by MIME type (``IMAGE_TYPES`` maps extensions to them).
_STRIPPERS: dict[str, Callable[[bytes], bytes]] = {
    "image/jpeg": _strip_jpeg,
    "image/png": _strip_png,
    "image/webp": _strip_webp,
    "image/avif": _strip_avif,
}
