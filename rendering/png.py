"""PNG bytes of a board mapped onto a fixed palette, its two halves done at once.

Mapping a board of about a million pixels onto its palette and deflating
them are the largest costs of drawing one (about 1.3 and 3 ms of Age of
Steam's 11 at zlib level 1), and Pillow does both on one core. Here the
image is cut into a top and a bottom half, and each is mapped and deflated
on its own (Pillow and zlib let other threads run meanwhile); the halves
join into one valid zlib stream as pigz joins its blocks: the first half
ends with a sync flush (an empty stored block, byte-aligned), the second
with the final block, and the Adler-32 of all the rows closes the stream.
A decoder sees one ordinary PNG. The second half starts without the
first's window, so the file is a few hundred bytes larger.

The helper thread never makes a board wait longer than doing it all
alone: the half not yet started when the caller finishes its own is done
by the caller.

Threads: :func:`palette_png` is called by several drawing threads at once,
and they share the one helper thread (a caller whose half the helper has
not started does it itself, so none waits on another's board). The image
and the palette are only read (crop, quantize onto a palette loaded once
made), never changed.
"""

from __future__ import annotations

import struct
import zlib
from concurrent.futures import ThreadPoolExecutor

import numpy as np
from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KiB window, fastest level (check bits: 0x7801 % 31 == 0)
SPLIT_FROM = 1 << 16
"""Images of fewer pixels than this are done in one piece."""

HELPER_THREAD = ThreadPoolExecutor(max_workers=1, thread_name_prefix="png-half")


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def _rows(image: Image.Image, box: tuple[int, int, int, int], palette: Image.Image) -> memoryview:
    """The rows of ``box`` in ``image`` mapped onto ``palette``, as PNG
    scanlines: each the filter type 0, then a byte a pixel."""
    part = image.crop(box).quantize(palette=palette, dither=Image.Dither.NONE)
    rows = np.zeros((part.height, part.width + 1), dtype=np.uint8)
    rows[:, 1:] = np.asarray(part)
    return memoryview(rows.data).cast("B")


def _deflated_half(image: Image.Image, box: tuple[int, int, int, int], palette: Image.Image, level: int,
                   last: bool) -> tuple[bytes, memoryview]:
    """Raw deflate of the rows of ``box`` (closed with the final block if
    ``last``, else with a sync flush so the other half may follow), and the
    rows themselves."""
    rows = _rows(image, box, palette)
    squeezer = zlib.compressobj(level, zlib.DEFLATED, -zlib.MAX_WBITS)
    return squeezer.compress(rows) + squeezer.flush(zlib.Z_FINISH if last else zlib.Z_SYNC_FLUSH), rows


def _stream(image: Image.Image, palette: Image.Image, level: int) -> bytes:
    """The zlib stream of the image's scanlines, its halves done at once
    when it is large."""
    width, height = image.size
    if width * height < SPLIT_FROM or height < 2:
        return zlib.compress(_rows(image, (0, 0, width, height), palette), level)
    cut = height // 2
    top, bottom = (0, 0, width, cut), (0, cut, width, height)
    first = HELPER_THREAD.submit(_deflated_half, image, top, palette, level, False)
    second, bottom_rows = _deflated_half(image, bottom, palette, level, True)
    head, top_rows = _deflated_half(image, top, palette, level, False) if first.cancel() else first.result()
    check = zlib.adler32(bottom_rows, zlib.adler32(top_rows))
    return ZLIB_HEADER + head + second + struct.pack(">I", check)


def palette_png(image: Image.Image, palette: Image.Image, level: int = 1) -> bytes:
    """The PNG of ``image`` (RGB) with each pixel mapped onto the nearest
    colour of ``palette`` (a "P" image of up to 256 colours; no dithering),
    8 bits a pixel, rows unfiltered (a board's flat colours deflate well as
    they are)."""
    if image.mode != "RGB" or palette.mode != "P":
        raise ValueError(f"palette_png maps an RGB image onto a palette image, not {image.mode} onto {palette.mode}")
    width, height = image.size
    colours = bytes(palette.getpalette() or [0, 0, 0])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)  # 8-bit indexed colour
    return (SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"PLTE", colours[:768])
            + _chunk(b"IDAT", _stream(image, palette, level)) + _chunk(b"IEND", b""))
