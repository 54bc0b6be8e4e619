"""Phone-size screenshots: every game's board as the chat shows it.

    .venv/bin/python bench/phone_shots.py [--out DIR] [--actions N] [--seed S] [--width 550] [--vision]

For each registered game (and each other map of a game with a ``map``
option: ``age-of-steam-barbados``), plays a seeded 4-player game (or the
nearest count the map allows) with random legal players for ``N`` actions (default 60), then writes
the chat image as Discord shows it in a channel, scaled to ``--width`` pixels
(about 550 on a desktop and on a phone), to ``DIR/<slug>.png``; with a full
board, ``DIR/<slug>-full.png`` too. With ``--vision`` each also gets
``-deuteranopia``, ``-protanopia`` and ``-tritanopia`` copies, simulated with
the Machado, Oliveira and Fernandes (2009) matrices at full severity, for
checking that every mark still carries a letter or a shape.

Open the files with an image viewer (or the file tool) and read them as a
player on a phone would: these are the pictures behind the "looked at, at 550
px wide" notes on the issues. Prints one line per file written.
"""

from __future__ import annotations

import argparse
import random
import sys
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

import rendering  # noqa: E402
from games.playout import step  # noqa: E402
from games.core import Game, secret_from_seed  # noqa: E402
from games.registry import all_games  # noqa: E402

MACHADO = {
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
"""Colour-vision deficiency simulation matrices (severity 1.0), in linear RGB."""


def simulated(image: Image.Image, vision: str) -> Image.Image:
    """``image`` as seen with the colour-vision deficiency ``vision``."""
    rgb = np.asarray(image.convert("RGB"), dtype=np.float64) / 255.0
    linear = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    seen = np.clip(linear @ np.array(MACHADO[vision]).T, 0.0, 1.0)
    srgb = np.where(seen <= 0.0031308, seen * 12.92, 1.055 * seen ** (1 / 2.4) - 0.055)
    return Image.fromarray(np.round(srgb * 255).astype(np.uint8), "RGB")


def phone_size(png: bytes, width: int) -> Image.Image:
    """The PNG scaled to ``width`` pixels wide, as the chat shows it."""
    image = Image.open(BytesIO(png)).convert("RGB")
    if image.width <= width:
        return image
    return image.resize((width, round(image.height * width / image.width)), Image.Resampling.LANCZOS)


def variants() -> list[tuple[str, Game, dict[str, str], str]]:
    """Every game with its default options (named by its slug), then each
    other map of a game with a ``map`` option (``age-of-steam-barbados``)."""
    out: list[tuple[str, Game, dict[str, str], str]] = []
    for slug, game in all_games().items():
        out.append((slug, game, {}, slug))
        for option in game.options:
            if option.name == "map":
                out += [(slug, game, {"map": c}, f"{slug}-{c}") for c in option.choices if c != option.default]
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description="Every game's board at phone size.")
    parser.add_argument("--out", type=Path, default=Path("out/phone"))
    parser.add_argument("--actions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--width", type=int, default=550)
    parser.add_argument("--vision", action="store_true", help="also simulated colour-vision deficiencies")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for slug, game, options, name in variants():
        rng = random.Random(args.seed)
        secret = secret_from_seed(args.seed)
        state = game.new([f"p{i + 1}" for i in range(game.nearest_count(4, options))], options)
        for _ in range(args.actions):
            if game.is_over(state):
                break
            state, _seat, _action, _events = step(game, state, rng, secret)
        view = game.view(state, None)
        pictures = [(name, rendering.render(view, None))]
        if rendering.has_full_board(slug):
            pictures.append((f"{name}-full", rendering.render_full(view, None)))
        for name, png in pictures:
            image = phone_size(png, args.width)
            shots = [(name, image)]
            if args.vision:
                shots += [(f"{name}-{vision}", simulated(image, vision)) for vision in MACHADO]
            for shot, picture in shots:
                path = args.out / f"{shot}.png"
                picture.save(path)
                print(f"{path} {picture.width}x{picture.height}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
