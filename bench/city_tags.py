"""The city-tag spy: where Age of Steam's board puts its city name tags.

    .venv/bin/python bench/city_tags.py [--seeds N] [--every K] [--bots]

Plays seeded 4-player games of Age of Steam (random players, or with
``--bots`` every seat played by the game's bot, which builds far more track)
and, on every ``K``-th state, lays the city tags out as the chat image does
(``rendering.age_of_steam``'s tag plan) and measures the outcome:

- how many tags sit beside their city, and how many need a leader line (with
  the leader lengths: median and longest, in pixels of the 995 px board);
- how many tags lost a new city's tile letter, or went to the smaller font;
- how many tags cover anything a tag must never cover (track, towns, cities,
  markers, the last move, other tags) or, softer, build costs and coordinates:
  the hard count must stay 0;
- how long a fresh layout takes (median and p95 ms, without the layout cache).

One line of figures for the whole run. These are the figures quoted on the
issues about city tags ("every city tag sits off the track").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image, ImageDraw  # noqa: E402

from games.bots import policy_for  # noqa: E402
from games.age_of_steam.state import typed  # noqa: E402
from games.age_of_steam.track import city_name, network  # noqa: E402
from games.core import CHANCE, State, chance_rng, secret_from_seed  # noqa: E402
from games.playout import random_action  # noqa: E402
from games.registry import get_game  # noqa: E402
from rendering.age_of_steam import tag_space, tags  # noqa: E402


def _covered(mask: Image.Image, box: tag_space.Box, level: int) -> bool:
    """Whether the tag box covers any mask pixel at or above ``level``."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    region = mask.crop((x0 + 1, y0 + 1, x1 - 1, y1 - 1))
    return bool(region.point(lambda v: 255 if v >= level else 0).getbbox())


def measure(state: State, figures: dict[str, list[float]]) -> None:
    """Lay the tags of ``state`` out afresh and add what they did to ``figures``."""
    s = typed(state)
    net = network(s)
    started = time.perf_counter()
    tags.lay_out(s, net, last=False)
    figures["layout_ms"].append((time.perf_counter() - started) * 1000)
    boxes, leaders = tags.tag_plan(s, net)
    bare = tag_space.obstacle_mask(s, net)
    labels = tags.city_labels(s)
    for i, ((box, text, size), leader) in enumerate(zip(boxes, leaders)):
        figures["tags"].append(1)
        if leader is not None:
            figures["leaders"].append(((leader.end[0] - leader.start[0]) ** 2
                                       + (leader.end[1] - leader.start[1]) ** 2) ** 0.5)
        if size < tag_space.TAG_FONT:
            figures["small"].append(1)
        if text != city_name(s, labels[i]):
            figures["no_letter"].append(1)
        mask = bare.copy()
        draw = ImageDraw.Draw(mask)
        for j, (other, _t, _s) in enumerate(boxes):
            if j != i:
                draw.rectangle(other, fill=tag_space.HARD)
        if _covered(mask, box, tag_space.HARD):
            figures["hard"].append(1)
        elif _covered(mask, box, tag_space.SOFT):
            figures["soft"].append(1)


def main() -> int:
    parser = argparse.ArgumentParser(description="Where Age of Steam's city tags go.")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--every", type=int, default=5, help="measure every K-th state (default 5)")
    parser.add_argument("--bots", action="store_true", help="every seat played by the game's bot")
    args = parser.parse_args()
    game = get_game("age-of-steam")
    figures: dict[str, list[float]] = {k: [] for k in ("layout_ms", "tags", "leaders", "small",
                                                         "no_letter", "hard", "soft")}
    states = 0
    for seed in range(args.seeds):
        rng = random.Random(seed)
        secret = secret_from_seed(seed)
        state = game.new(["a", "b", "c", "d"], {})
        count = 0
        while not game.is_over(state):
            due = game.to_act(state)
            if CHANCE in due:
                seat, action = CHANCE, game.sample_chance(state, chance_rng(secret, int(state["chance_taken"])))
            else:
                seat = rng.choice(due)
                view = game.view(state, seat)
                action = policy_for(game.slug).choose(game, view, seat, rng) if args.bots else random_action(game, state, seat, rng)
            state = game.apply(state, seat, action).state
            count += 1
            if count % args.every == 0:
                measure(state, figures)
                states += 1
    tags = len(figures["tags"]) or 1
    leaders = figures["leaders"]
    times = sorted(figures["layout_ms"])
    print(f"states={states} tags={len(figures['tags'])} beside={tags - len(leaders)} "
          f"leaders={len(leaders)} leader_median_px={statistics.median(leaders) if leaders else 0:.0f} "
          f"leader_max_px={max(leaders, default=0):.0f} small_font={len(figures['small'])} "
          f"no_tile_letter={len(figures['no_letter'])} cover_hard={len(figures['hard'])} "
          f"cover_soft={len(figures['soft'])} layout_median_ms={statistics.median(times) if times else 0:.1f} "
          f"layout_p95_ms={times[int(0.95 * (len(times) - 1))] if times else 0:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
