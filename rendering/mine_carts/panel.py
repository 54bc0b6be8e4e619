"""The Mine Carts words around the grid: the header (whose turn it is or the
result, and the last move in two lines), each team's box (gold, allotment,
factory) and the foot (the switch and the deck).
"""

from __future__ import annotations

from PIL import ImageDraw

from games.mine_carts.params import rules
from games.mine_carts.state import MineCartsState, Placed
from rendering import kit
from rendering.mine_carts.cards import draw_card
from rendering.mine_carts.carts import cart_marker
from rendering.mine_carts.geometry import (BRANCH, FOOT_Y, GOLD_RGB, MARGIN, PATH_WIDTH, TEAM_H, TEAM_LETTER, TEAM_RGB,
                                           TEAM_TINT, TEAM_W, WIDTH)


def _short(code: str) -> str:
    """A factory card's caption: its name, or a junction's colours (the
    picture shows its shape)."""
    if code.endswith(("-straight", "-curve")):
        return code.split("-")[0]
    if "-" in code:
        return "+".join(part[0].upper() for part in code.split("-"))
    return code


def _gold_row(draw: ImageDraw.ImageDraw, x: int, y: int, gold: int) -> None:
    """``Gold n of 3`` and a hexagon per gold to win, filled for each won."""
    face = kit.essential_font("standing", 24, True)
    text = f"Gold {gold} of {rules().gold_to_win}"
    draw.text((x, y), text, font=face, fill=kit.INK, anchor="lm")
    gx = x + draw.textlength(text, font=face) + 20
    for g in range(rules().gold_to_win):
        fill = GOLD_RGB if g < gold else (255, 255, 255)
        draw.polygon(kit.regular_polygon(gx + g * 24, y, 11, 6, 0), fill=fill, outline=kit.INK, width=2)


def team_wins(state: MineCartsState, t: int) -> bool:
    """Whether team ``t`` won a game that is over (more gold than the other;
    equal gold is a draw, no winner)."""
    if state["phase"] != "over":
        return False
    return all(state["teams"][t]["gold"] > other["gold"] for o, other in enumerate(state["teams"]) if o != t)


def draw_team_box(draw: ImageDraw.ImageDraw, state: MineCartsState, t: int, x: int, y: int) -> None:
    """One team: its marker and name (and TO PLAY on its turn), its members,
    its gold, its allotment and its factory's cards."""
    team = state["teams"][t]
    active = state["team"] == t and state["phase"] != "over"
    right = x + TEAM_W
    draw.rectangle((x, y, right, y + TEAM_H), fill=TEAM_TINT[t],
                   outline=kit.INK if active else TEAM_RGB[t], width=6 if active else 2)
    cart_marker(draw, x + 24, y + 26, 15, t, TEAM_LETTER[t])
    draw.text((x + 48, y + 26), team["name"], font=kit.essential_font("standing", 24, True), fill=kit.INK,
              anchor="lm")
    badge = "TO PLAY" if active else "WINS" if team_wins(state, t) else ""
    if badge:
        face = kit.essential_font("turn", 18, True)
        w = draw.textlength(badge, font=face)
        draw.rounded_rectangle((right - w - 28, y + 12, right - 10, y + 40), radius=6, fill=kit.INK)
        draw.text((right - 19 - w / 2, y + 26), badge, font=face, fill=(255, 255, 255), anchor="mm")
    names = ", ".join(state["players"][s] for s in team["seats"])
    draw.text((x + 12, y + 54), kit.fit_text(names, kit.font(16), TEAM_W - 24), font=kit.font(16), fill=kit.INK,
              anchor="lm")
    _gold_row(draw, x + 12, y + 84, team["gold"])
    laid = f" ({team['laid']} laid)" if active and state["phase"] == "lay" else ""
    draw.text((x + 12, y + 114), f"Lays {team['allotment']} a turn{laid}", font=kit.font(18), fill=kit.INK,
              anchor="lm")
    for i, code in enumerate(team["factory"]):
        cx = x + 40 + i * 64
        draw_card(draw, (cx, y + 152), Placed(card=code, rotation=0), 44)
        draw.text((cx, y + 184), _short(code), font=kit.font(13, True), fill=kit.INK, anchor="mm")
    if not team["factory"]:
        draw.text((x + 12, y + 152), "Factory: (empty)", font=kit.font(15), fill=kit.MUTED, anchor="lm")


def draw_foot(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    """The switch (the colour it is on filled, each with its letter) and the
    deck."""
    x, y = MARGIN + 6, FOOT_Y
    draw.text((x, y + 20), "Switch", font=kit.font(22, True), fill=kit.INK, anchor="lm")
    for i, colour in enumerate(rules().switch_colours):
        bx = x + 90 + i * 54
        on = state["switch"] == colour
        draw.rectangle((bx, y, bx + 44, y + 40), fill=BRANCH[colour] if on else (250, 250, 250),
                       outline=kit.INK if on else BRANCH[colour], width=5 if on else 3)
        draw.text((bx + 22, y + 20), colour[0].upper(), font=kit.font(22, True),
                  fill=kit.INK if on else BRANCH[colour], anchor="mm")
    deck = sum(state["deck"].values())
    discard = sum(state["discard"].values())
    dx = x + 270
    draw.text((dx, y + 10), f"Deck {deck} · discard {discard}", font=kit.font(19), fill=kit.INK, anchor="lm")
    draw.text((dx, y + 36), "reshuffled: the last deck" if state["reshuffled"] else "one reshuffle left",
              font=kit.font(16), fill=kit.MUTED, anchor="lm")


def draw_header(draw: ImageDraw.ImageDraw, state: MineCartsState) -> None:
    """Whose turn it is (or the result), then the last move after a sample
    of the highlight form, in at most two lines."""
    from games.mine_carts.game import MineCarts as GAME

    status = GAME.turn_line(state).replace(" (either may act)", "")  # type: ignore[arg-type]
    size = _largest(draw, status, 28, 19, WIDTH - 24)
    face = kit.essential_font("turn", size, True)
    draw.text((12, 8), kit.fit_text(status, face, WIDTH - 24), font=face, fill=kit.INK)
    last = state["last"]
    if last is None:
        return
    kit.highlight_line(draw, [(12, 58), (40, 58)], PATH_WIDTH)
    face = kit.essential_font("last", 20)
    for n, line in enumerate(kit.wrap_text(f"Last: {last['text']}", face, WIDTH - 62, max_lines=2)):
        draw.text((50, 46 + 26 * n), line, font=face, fill=kit.INK)


def _largest(draw: ImageDraw.ImageDraw, text: str, size: int, smallest: int, width: int) -> int:
    """The largest bold size from ``size`` down to ``smallest`` at which
    ``text`` fits ``width``."""
    while size > smallest and draw.textlength(text, font=kit.font(size, True)) > width:
        size -= 1
    return size
