"""Pixel comparison: do two versions of the code draw the same boards?

    .venv/bin/python bench/pixel_compare.py --base REF [--games SLUG ...] [--seeds N] [--every K]

Checks out ``REF`` (a commit, branch or tag) in a temporary git worktree and,
in one process per version, plays the same seeded random games
(``games.playout``) with each version's rules, renders every ``K``-th state
(the chat image and, where the game has one, the full board, as a spectator
and as seat 0 sees it) and hashes the *decoded* pixels, so a change of PNG
encoding alone is not a difference. The recorded fixture games
(``tests/fixtures``) are replayed and drawn the same way, every state.

Prints one line per game and a total:

    SLUG images=N differ=D states_differ=S

``differ`` counts images whose pixels differ while the state drawn is the same;
``states_differ`` counts states that differ between the versions (a rules
change: those images are not compared). Exit status 1 when any image differs.
This is the check behind "pixel for pixel the same" in the issue notes when a
renderer is made faster or split into modules.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _digest(png: bytes) -> str:
    from io import BytesIO

    from PIL import Image

    with Image.open(BytesIO(png)) as image:
        rgba = image.convert("RGBA")
        return hashlib.sha256(f"{rgba.size}".encode() + rgba.tobytes()).hexdigest()


def dump(tree: Path, slugs: list[str], seeds: int, every: int) -> dict[str, dict[str, list[str]]]:
    """Play and draw with the code of ``tree``; per game, ``key -> [state digest, image digests...]``."""
    sys.path.insert(0, str(tree))
    import games.data

    games.data.data_root = lambda: tree / "data"
    games.data.load_json.cache_clear()
    from games.core import State
    from games.playout import play_out
    from games.registry import all_games, get_game
    import rendering

    chosen = slugs or list(all_games())
    out: dict[str, dict[str, list[str]]] = {}

    def draw(slug: str, key: str, state: State, images: dict[str, list[str]]) -> None:
        game = get_game(slug)
        row = [hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()]
        for viewer in (None, 0):
            view = game.view(state, viewer)
            row.append(_digest(rendering.render(view, viewer)))
            row.append(_digest(rendering.render_full(view, viewer)))
        images[key] = row

    for slug in chosen:
        game = get_game(slug)
        images: dict[str, list[str]] = {}
        for seed in range(seeds):
            count = [0]

            def each(state: State, _seat: int, _action: str, seed: int = seed) -> None:
                count[0] += 1
                if count[0] % every == 0:
                    draw(slug, f"seed{seed}:{count[0]}", state, images)

            players = [f"p{i}" for i in range(game.nearest_count(4))]
            final, _log = play_out(game, players, seed, after_each=each)
            draw(slug, f"seed{seed}:end", final, images)
        fixture = tree / "tests" / "fixtures" / f"{slug}.json"
        if fixture.is_file():
            rec: dict[str, Any] = json.loads(fixture.read_text(encoding="utf-8"))
            state = game.new(list(rec["players"]), dict(rec["options"]))
            for i, (seat, action) in enumerate(rec["log"]):
                state = game.apply(state, int(seat), str(action)).state
                draw(slug, f"fixture:{i}", state, images)
        out[slug] = images
    return out


def _run_dump(tree: Path, args: argparse.Namespace, target: Path) -> None:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--dump", str(target), "--tree", str(tree),
           "--seeds", str(args.seeds), "--every", str(args.every), *(["--games", *args.games] if args.games else [])]
    env = {**os.environ, "PYTHONPATH": str(tree)}
    subprocess.run(cmd, cwd=tree, env=env, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--base", default="HEAD", help="the version to compare with (default HEAD)")
    parser.add_argument("--games", nargs="*", default=[], help="game slugs (default: every registered game)")
    parser.add_argument("--seeds", type=int, default=2, help="random games per game (default 2)")
    parser.add_argument("--every", type=int, default=10, help="draw every K-th state (default 10)")
    parser.add_argument("--dump", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dump is not None:
        result = dump(args.tree or ROOT, args.games, args.seeds, args.every)
        args.dump.write_text(json.dumps(result), encoding="utf-8")
        return 0
    with tempfile.TemporaryDirectory(prefix="railyard-pixels-") as tmp:
        base_tree = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(base_tree), args.base],
                       cwd=ROOT, check=True)
        try:
            _run_dump(base_tree, args, Path(tmp) / "base.json")
            _run_dump(ROOT, args, Path(tmp) / "now.json")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, check=False)
        base = json.loads((Path(tmp) / "base.json").read_text(encoding="utf-8"))
        now = json.loads((Path(tmp) / "now.json").read_text(encoding="utf-8"))
    failed = False
    totals = [0, 0, 0]
    for slug in sorted(set(base) | set(now)):
        old, new = base.get(slug, {}), now.get(slug, {})
        images = differ = states = 0
        for key in sorted(set(old) & set(new)):
            if old[key][0] != new[key][0]:
                states += 1
                continue
            for a, b in zip(old[key][1:], new[key][1:]):
                images += 1
                differ += a != b
        states += len(set(old) ^ set(new))
        print(f"{slug} images={images} differ={differ} states_differ={states}")
        totals = [totals[0] + images, totals[1] + differ, totals[2] + states]
        failed = failed or differ > 0
    print(f"total images={totals[0]} differ={totals[1]} states_differ={totals[2]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
