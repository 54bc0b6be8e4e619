"""Age of Steam (2002), the base game on the Rust Belt map for 3-6 players,
and the small island maps: Barbados (1 player) and St. Lucia (2 players).

The map is the option ``map`` (``rust-belt``, ``barbados``, ``st-lucia``);
each map is data (``data/age_of_steam/<map>.json``) with its own rule
switches (``rules`` in its file, read by :mod:`maps`), so the phases ask
for a switch, never a map's name. The small maps' rules follow
``shared/design/age-of-steam-barbados-st-lucia.md`` (points B1-B21, S1-S21).

Modules: :mod:`params` (the rulebook's numbers, from ``data/age_of_steam``),
:mod:`maps` (the maps and their rule switches), :mod:`hexmap` (a map's hexes), :mod:`tiles` (track tiles), :mod:`track` (sections,
links and tile placement), :mod:`goods` (bag, display, growth, routes),
:mod:`map_goods` (goods lying on map hexes), :mod:`auction`,
:mod:`priority_step` (player order by priority, no auction),
:mod:`economy` (income, expenses, elimination),
:mod:`phases` (one phase object per step of a turn, on the kit's
:mod:`games.phases` bases, their choices as :mod:`games.tree` nodes; the
step modules ``*_step(s).py`` hold them), :mod:`state` (the typed state,
its schema version and migrations), :mod:`grammar` (the strict text of
actions, read before a phase checks them), :mod:`scoring`,
:mod:`invariants` and :mod:`game`.

Decisions where the rulebook and design notes are silent (ours):

- The set-up draws (display, then the cities' starting goods) are one chance
  outcome ``stock <letters>``; the initial player-order dice roll is a chance
  outcome giving a random order (``order 2 0 1``), equivalent to rolling
  3 dice each and re-rolling ties.
- A seat whose turn clock ran out may be skipped with a safe default: it
  issues the fewest shares that pay its coming expenses, drops out of the
  auction, builds nothing more, moves no goods; its action pick is left to
  the bot (no action is safe for every railroad).
- Auction: bids may not exceed the bidder's cash. When only two railroads
  are left in the game, the first to drop out is still free.
- A town hex takes a dedicated town tile or an ordinary tile with a town
  disk; on a town every edge the tile touches is an exit, so two tiles with
  the same exits are the same placement (dedicated tile preferred, else the
  kind with most tiles left). A new town tile must connect to a city or to
  track the builder may extend, and may not join another player's track.
- Every new piece of track must connect at one end to a city, a built town
  or an open end the builder owns or that is unowned; a piece may point into
  the side of a tile without track (it stays unfinished). Redirection swaps
  the last tile of one's own or unowned unfinished track, keeping the edge it
  comes from; it does not claim unowned track (only lengthening does).
- A link's track count (for VP) is its number of track pieces: each hex it
  runs through, and a town's exit counts once for the link using it.
- Production: the holder places the drawn cubes one at a time, each in the
  empty box of the display he chooses, in either order ("produce red L1 2";
  box 1 is the top, whose cube goes out first). The old short text
  "produce L1" still means the first drawn cube in the top-most empty box.
  Cubes that find no empty box go back to the bag.
- A player who has issued 15 shares is not asked to issue shares, and a
  bidder whose only legal action is to drop out (his cash does not beat the
  high bid, no Turn Order pass left) drops out without being asked; an
  event says so. A Turn Order holder is still asked (passing may change the
  place he takes).
- Action texts: a strict ASCII grammar (:mod:`grammar`); case, leading zeros,
  extra spaces, symmetric rotations and colour letters are mapped to the
  canonical text, which the log stores.
- Insolvency removes the player's unfinished sections (a complex tile losing
  one path becomes the simple tile of the other when one is left) but town
  tiles stay; his completed links stay, unowned. He ranks below every player
  still in the game. The game ends early when at most one railroad is left.
- Locomotive may be taken at 6 links (no effect); the engine upgrade in Move
  Goods is once per step, instead of a delivery.
- Until 'done' a builder may undo his placements (and his urbanization) one
  at a time; 'done' makes them final and settles lost unfinished track.

The small maps (the design note's rulings marked "ours", and ours here):

- Every state stored before the map option is a Rust Belt game (schema 3's
  migration says so). The sea around an island is terrain ``lake``.
- Set-up is one chance outcome ``stock <letters>`` on every map: Barbados
  draws the six cities by growth number, then the top boxes of columns 1-6,
  then A-D (B20), a red cube for A or a blue for B drawn again (B6: the
  outcome is the cube kept); St. Lucia draws the 38 plain and river hexes
  in label order. The player-order roll is drawn on every map (with one
  player it is ``order 0``); on St. Lucia its first player holds the
  priority in odd turns.
- Barbados: Production may fill any empty box of the light side, A-D
  included, never the dark side, with no colour check (B18). A seat with
  one action left takes it without being asked. Turn 10's Goods Growth is
  still rolled (B21: it cannot change the result). The result: "completed
  with $N" ($0 counts as completed) or "lost: short by $M", and "lost:
  insolvent in turn T" when the railroad goes out during the game (B17, B19);
  ``scores`` is the cash left after the buy-back (below 0: the shortfall).
- St. Lucia: the player-order step comes before Issue Shares (S7); the
  priority player is asked first, a player with less than $5 declines
  without being asked (S20); Turn Order gives the priority next turn, and
  does nothing in the last turn (S9). Its safe default is to decline.
- St. Lucia's goods: a cube leaves its hex along track there, either way,
  to the town or city where that track ends (never a dangling end); that
  first leg is a link (one engine link, +1 to the track's owner) and its
  track is not run again by the same cube; on delivery the owner of that
  track gains +1 more (S14, S16), whoever moves the cube; unowned track pays
  no one (S19). A cube on a complex tile may leave along either track
  (S17); building there leaves it in place and costs the same (S18).
- St. Lucia: a player eliminated ends the game at once and the other wins
  (S21); a one-player game ends at once when its railroad is insolvent.
"""

from __future__ import annotations

from .game import AgeOfSteam

GAME = AgeOfSteam()

__all__ = ["GAME", "AgeOfSteam"]
