"""What the panels say, shared by the chat image and the full board: whose
turn it is, the step under way, the last move in words, a player's warning
(income to lose, elimination), the order of the rows, the turn arrow and
the wrapping of text to a width."""

from __future__ import annotations

from functools import lru_cache

from PIL import ImageDraw

from games.age_of_steam.params import rules
from games.age_of_steam.projection import Outlook, delivery_pays, expenses_to_come
from games.age_of_steam.state import AgeOfSteamState
from games.age_of_steam.track import Network, city_name
from rendering import kit


def due_seats(state: AgeOfSteamState) -> list[int]:
    """The players whose turn it is (none while chance draws or at the end)."""
    from games.age_of_steam import GAME
    from games.core import CHANCE
    return [s for s in GAME.to_act(dict(state)) if s != CHANCE]


def last_text(state: AgeOfSteamState, net: Network) -> str:
    """The last move in a line: what was built where, or the cube delivered,
    its route and the links it paid per owner ("+2 ann, +1 bob")."""
    last = state["last"]
    if last is None:
        return ""
    names = state["players"]
    if last["kind"] == "build":
        return f"Last: {names[last['seat']]} built in {', '.join(last['where'])}."
    route = " > ".join(city_name(state, n) for n in last.get("route", []))
    paid = ", ".join(f"+{n} {names[o] if o is not None else 'nobody'}" for o, n in delivery_pays(state, net))
    return f"Last: {names[last['seat']]} moved {last.get('colour', 'a')} {route}" + (f": {paid}" if paid else ".")


def step_lines(state: AgeOfSteamState) -> list[str]:
    """What happened so far in the step under way, when the last build or
    delivery does not say it: the bids of an auction, the actions taken, who
    issued shares, the cubes Production still has to place."""
    names = state["players"]
    phase, st = state["phase"], state["step"]
    out: list[str] = []
    if phase == "auction":
        bids = ", ".join(f"{names[s]} ${st['bids'][str(s)]}" if str(s) in st["bids"] else f"{names[s]} -"
                         for s in st["bidders"])
        out.append(f"Bids: {bids}.")
        if st["dropped"]:
            out.append("Dropped out: " + ", ".join(f"{names[s]} (${st['paid'].get(str(s), 0)})"
                                                   for s in st["dropped"]) + ".")
    elif phase == "actions":
        taken = [f"{names[s]} {rules().action_label[a]}" for s in state["order"]
                 if (a := state["action"][s]) is not None]
        if taken:
            out.append("Actions taken: " + ", ".join(taken) + ".")
    elif phase == "shares":
        done = [names[s] for s in state["order"] if s not in st.get("queue", []) and not state["eliminated"][s]]
        if done:
            out.append("Shares issued (or not): " + ", ".join(done) + ".")
    elif phase == "production" and state.get("held"):
        out.append(f"Production: {names[st['seat']]} places {' and '.join(state['held'])}, "
                   "each in an empty box (box 1 at the top goes out first).")
    return out


def chat_last_lines(state: AgeOfSteamState, net: Network) -> list[str]:
    """The chat's "last move" lines: the step's progress, then the last
    build or delivery (with its turn when it was an earlier one)."""
    out = step_lines(state)
    text = last_text(state, net)
    last = state["last"]
    if text and last is not None and last["round"] != state["round"]:
        text = text.replace("Last:", f"Last (turn {last['round']}):", 1)
    if text:
        out.append(text)
    return out or ["No track built or goods moved yet."]


def warning(state: AgeOfSteamState, seat: int, seen: Outlook) -> str:
    """What a player must know before the coming expenses: that he will be
    eliminated ("! goes out"), or lose income because his cash can't pay
    them ("! income -2"); the "next turn" column beside it shows the cash."""
    if state["eliminated"][seat]:
        return "out"
    if not expenses_to_come(state):
        return ""
    if seen.eliminated:
        return "! goes out"  # short: it must fit the chat row beside "next turn"
    if seen.income_lost:
        return f"! income -{seen.income_lost}"
    return ""


def actions_are_last_turns(state: AgeOfSteamState) -> bool:
    """Whether the actions in the state are the last turn's: the players
    select new ones after issuing shares and bidding (the Turn Order holder
    of the last turn may still pass in this turn's auction)."""
    return state["phase"] in ("shares", "auction") and state["round"] > 1


def seat_order(state: AgeOfSteamState) -> list[int]:
    """Player order, eliminated players last."""
    return list(state["order"]) + [s for s in range(len(state["players"])) if s not in state["order"]]


def draw_turn_arrow(draw: ImageDraw.ImageDraw, x: float, y: float, h: float) -> None:
    """A black arrow pointing at the row of the player whose turn it is."""
    draw.polygon([(x, y + h * 0.2), (x + h * 0.55, y + h / 2), (x, y + h * 0.8)], fill=kit.INK)


@lru_cache(maxsize=512)  # bounded: status lines and notes vary without end
def wrap_lines(text: str, width: int, size: int, bold: bool = False) -> tuple[str, ...]:
    """``text`` wrapped at words to ``width`` pixels in the kit's font of
    ``size`` (:func:`rendering.kit.wrap_text`), remembered."""
    return tuple(kit.wrap_text(text, kit.font(size, bold), width))


def player_cell(name: str, mark: str, width: int, size: int, bold: bool = False) -> str:
    """A player's name and ``mark`` (" (you)", "*") as they fit a column
    ``width`` pixels wide with 4 pixels either side, in the kit's font of
    ``size``: the name cut with an ellipsis in pixels
    (:func:`rendering.kit.fit_text`), the mark kept whole."""
    face = kit.font(size, bold)
    return kit.fit_text(name, face, width - 8 - face.getlength(mark)) + mark
