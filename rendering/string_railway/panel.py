"""The String Railway header and score panel: whose turn it is (with the
company's marker) and the last move above the table; each company's
standing below it (marker, string sample, player, score, strings left), the
company to play on a warm row with an arrow, the winners marked.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from games.string_railway import board, scoring
from games.string_railway.params import table
from rendering import kit
from rendering.string_railway.field import draw_dashed
from rendering.string_railway.geometry import (DASHES, LAST_SIZE, MARGIN, ROW, STANDING_SIZE, TURN_MIN, TURN_SIZE,
                                               WIDTH, Geometry)


def _status(state: dict[str, Any]) -> str:
    from games.string_railway import GAME
    return GAME.status_line(state)


def draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str]) -> None:
    """Whose turn it is (with the company's marker) and the last move."""
    x = MARGIN
    company = state.get("company")
    if state["phase"] not in ("over", "setup") and isinstance(company, int):
        kit.seat_marker(draw, x + 17, 14 + TURN_SIZE / 2 + 2, 17, company, letters[company])
        x += 44
    status = _status(state)
    size = next((n for n in range(TURN_SIZE, TURN_MIN - 1, -2)
                 if draw.textlength(status, font=kit.font(n, bold=True)) <= WIDTH - MARGIN - x), TURN_MIN)
    face = kit.essential_font("turn", size, bold=True)
    draw.text((x, 14 + (TURN_SIZE - size) // 2), kit.fit_text(status, face, WIDTH - MARGIN - x), font=face,
              fill=kit.INK)
    text = last_line(state)
    if text:
        face = kit.essential_font("last", LAST_SIZE)
        draw.text((MARGIN, 62), kit.fit_text(text, face, WIDTH - 2 * MARGIN), font=face, fill=kit.INK)


def last_line(state: dict[str, Any]) -> str:
    """The header's second line: the last move, and for a string its points
    and the strings it crossed, the count its score takes (the rulebook's
    "for each ... string crossed: -1 point"), not the places marked on the
    table ("" before any move)."""
    last = state.get("last")
    if not last:
        return ""
    text = f"Last: {state['players'][last['seat']]} {last['text']}"
    if state["strings"] and last["where"] == state["strings"][-1]["path"]:
        rs = state["strings"][-1]
        text += f" \u00b7 {rs['points']:+d} points, {scoring.crossed_text(rs['crossed'])}"
    return text


def draw_scores(draw: ImageDraw.ImageDraw, state: dict[str, Any], letters: list[str], g: Geometry) -> None:
    """Each company's standing: marker, string sample, player, score, strings
    left; the company to play has a tinted row and an arrow."""
    cols, rows = board.grid_size(str(state["shape"]))
    y = int(g[2] + rows * table().grid_cell * g[0] + MARGIN + 6)
    face = kit.essential_font("standing", STANDING_SIZE)
    bold = kit.essential_font("standing", STANDING_SIZE, bold=True)
    heading = kit.font(20, bold=True)
    draw.text((MARGIN + 40, y), "Company", font=heading, fill=kit.MUTED)
    draw.text((MARGIN + 470, y), "Score", font=heading, fill=kit.MUTED)
    draw.text((MARGIN + 600, y), "Strings left", font=heading, fill=kit.MUTED)
    y += 34
    current = state.get("company")
    winners = _winners(state)
    for i, c in enumerate(state["companies"]):
        mid = y + ROW // 2 - 4
        if (i == current and state["phase"] not in ("over", "setup")) or c["seat"] in winners:
            draw.rectangle((MARGIN - 30, y - 4, WIDTH - MARGIN + 30, y + ROW - 6), fill=TURN_FILL)
        if i == current and state["phase"] not in ("over", "setup"):
            draw.polygon([(MARGIN - 26, mid - 10), (MARGIN - 10, mid), (MARGIN - 26, mid + 10)], fill=kit.INK)
        if c["seat"] in winners:
            star = [(MARGIN - 18 + r * math.cos(math.radians(-90 + 36 * k)),
                     mid + r * math.sin(math.radians(-90 + 36 * k))) for k, r in enumerate([11.0, 4.5] * 5)]
            draw.polygon(star, fill=kit.INK)
        kit.seat_marker(draw, MARGIN + 16, mid, 16, i, letters[i])
        pts = [(MARGIN + 44.0, float(mid)), (MARGIN + 124.0, float(mid))]
        draw.line(pts, fill=kit.INK, width=9)
        draw.line(pts, fill=(255, 255, 255), width=5)
        draw_dashed(draw, pts, kit.player_colour(i), 5, DASHES[i % len(DASHES)])
        name = state["players"][c["seat"]]
        draw.text((MARGIN + 136, mid), kit.fit_text(name, face, 320), font=face, fill=kit.INK, anchor="lm")
        draw.text((MARGIN + 470, mid), str(c["score"]), font=bold, fill=kit.INK, anchor="lm")
        left = c["strings"]
        draw.text((MARGIN + 600, mid), f"short {left.get('short', 0)} \u00b7 long {left.get('long', 0)}",
                  font=face, fill=kit.INK, anchor="lm")
        y += ROW


TURN_FILL: kit.RGB = (255, 228, 160)
"""The row of the company to play (also marked with an arrow), or of the
winners' companies once the game is over (with a star)."""


def _winners(state: dict[str, Any]) -> set[int]:
    """The winning seats once the game is over (none before)."""
    if state["phase"] != "over":
        return set()
    from games.string_railway import GAME
    return set(GAME.outcome(state).winners)
