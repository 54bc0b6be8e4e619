"""rendering.png: a board mapped onto a palette and written in two halves
decodes to the very pixels Pillow's own mapping gives, and the palette,
whatever the helper thread is doing."""

from __future__ import annotations

import io
import threading
import zlib

import numpy as np
import pytest
from PIL import Image

from rendering import png


def _palette() -> Image.Image:
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for i in range(256) for v in ((i * 7) % 256, (i * 13) % 256, 255 - i)])
    return palette


def _board(width: int, height: int, seed: int) -> Image.Image:
    """Flat runs of palette colours, like a board's, with off-palette
    noise (anti-aliased edges) so both halves have work and mapping."""
    rng = np.random.default_rng(seed)
    colours = np.array(_palette().getpalette(), dtype=np.uint8).reshape(-1, 3)
    runs = np.repeat(rng.integers(0, 256, size=(height, width // 8 + 1)), 8, axis=1)[:, :width]
    pixels = colours[runs]
    noise = rng.random((height, width)) < 0.05
    pixels[noise] = rng.integers(0, 256, size=(int(noise.sum()), 3), dtype=np.uint8)
    return Image.fromarray(pixels, mode="RGB")


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("size", [(1, 1), (40, 30), (995, 1017), (1001, 333), (700, 1)])
def test_the_png_decodes_to_pillows_mapping_onto_the_palette(size: tuple[int, int]) -> None:
    image = _board(*size, seed=size[0])
    back = _decoded(png.palette_png(image, _palette()))
    expected = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
    assert back.mode == "P" and back.size == image.size
    assert np.array_equal(np.asarray(back), np.asarray(expected))
    assert back.getpalette() == _palette().getpalette()


def test_a_large_image_is_written_in_two_pieces_joined_into_one_stream() -> None:
    image = _board(995, 1017, seed=3)
    data = png.palette_png(image, _palette())
    start = data.index(b"IDAT") + 4
    length = int.from_bytes(data[start - 8:start - 4], "big")
    stream = data[start:start + length]
    # A sync flush (an empty stored block) marks the join inside the stream.
    assert b"\x00\x00\xff\xff" in stream
    indices = np.asarray(image.quantize(palette=_palette(), dither=Image.Dither.NONE))
    assert zlib.decompress(stream) == b"".join(b"\x00" + row.tobytes() for row in indices)


def test_a_busy_helper_never_holds_the_board_up() -> None:
    """With the helper thread stuck, the caller does both halves itself."""
    release = threading.Event()
    stuck = png.HELPER_THREAD.submit(release.wait, 10)
    try:
        image = _board(995, 1017, seed=5)
        back = _decoded(png.palette_png(image, _palette()))
        expected = image.quantize(palette=_palette(), dither=Image.Dither.NONE)
        assert np.array_equal(np.asarray(back), np.asarray(expected))
        assert not stuck.done()
    finally:
        release.set()
        stuck.result(timeout=10)


def test_only_an_rgb_image_onto_a_palette_image_is_taken() -> None:
    with pytest.raises(ValueError, match="palette"):
        png.palette_png(Image.new("P", (4, 4)), _palette())
    with pytest.raises(ValueError, match="palette"):
        png.palette_png(Image.new("RGB", (4, 4)), Image.new("RGB", (1, 1)))
