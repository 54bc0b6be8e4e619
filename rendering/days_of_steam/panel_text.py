"""What the Days of Steam panels say: whose turn it is (or the result), the
last move in words.
"""

from __future__ import annotations

from games.days_of_steam.geometry import cell_name, unkey
from games.days_of_steam.params import param, tile_defs
from games.days_of_steam.scoring import outcome
from games.days_of_steam.state import DaysOfSteamState, Last
from games.phases import OVER


def turn_text(state: DaysOfSteamState) -> str:
    """Whose turn it is, or the result once the game is over."""
    names = state["players"]
    if state["phase"] == OVER:
        if state["winner"] is not None:
            return f"Game over: {names[state['winner']]} reached {param('winning_points')} points and wins"
        best = " and ".join(names[s] for s in outcome(state).ranking[0])
        return f"Game over (last track tile drawn): {best} {'win' if ' and ' in best else 'wins'}"
    if state["phase"] == "setup":
        return "Setting up…"
    drawn = state["drawn"]
    if drawn is not None:
        return f"Turn {state['turn_no']} · {names[drawn['seat']]} to place the {drawn['colour']} town drawn"
    return f"Turn {state['turn_no']} · {names[state['current']]} to play"


def last_text(state: DaysOfSteamState) -> str:
    """The last move in words, naming its squares as the board prints them."""
    last: Last | None = state["last"]
    if last is None:
        return ""
    who = state["players"][last["seat"]]
    where = [cell_name(unkey(k)) for k in last["where"]]
    if last["kind"] == "move" and where:
        text = f"Last: {who} moved {where[0]} → {where[-1]}"
        text += " and derailed" if last.get("derailed") else ""
    elif last["kind"] == "tile" and where:
        tile = state["tiles"].get(last["where"][0])
        name = tile_defs()[tile["kind"]].name if tile else "tile"
        text = f"Last: {who} played a {name} at {where[0]}"
    elif last["kind"] == "town" and where:
        text = f"Last: {who} placed a town at {where[0]}"
    elif last["kind"] == "tower":
        text = f"Last: {who} took water at {where[0] if where else 'the tower'}"
    else:
        text = f"Last: {who} discarded a tile"
    return text + (" (circuit!)" if last.get("circuit") else "")
