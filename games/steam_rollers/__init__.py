"""Steam Rollers (Mark Gerrits, Flatlined Games 2015): the rules core.

Every player draws track on a map of his own with dice shared by all; see
``/work/shared/rules/steam-rollers.txt`` and ``design/steam-rollers.md``.

Action grammar (tokens separated by single spaces):

- Pick and act in one action, when no 2b holder can claim the die:
  ``<die> [<card change>] <action>`` with actions ``build <hex> <piece>``
  (``3 build G3 N-S``), ``improve`` (``5 improve``), ``deliver
  <colour>@<city> to<city>-<distance>[+<3b bonus>]`` (``1 deliver red@1 to2-4``,
  ``1 deliver red@1 to2-3+1``), ``card`` (``6 card``) and, only when nothing
  else is possible with the die, ``pass``.
- Card changes, before the action: ``1a=4``/``1b=4``, ``5a+1``/``5a-1``,
  ``5b=flip``, ``5b=reroll`` (complete on its own: the reroll is a chance
  outcome ``reroll 4``, then the player sends just the action,
  ``improve``).
- When an upright 2b may claim the die, the pick is an action of its own
  (``3``); the holder answers ``claim`` or ``let``; the picker then sends the
  action (``build G3 N-S``) or, if claimed, picks again. The claimer's turn
  starts with the claimed die in hand (``improve``).
- Card 2a, after the first action: ``2a <die> ...`` or ``done``.
- Chance outcomes: ``setup cubes:<6 cities' cube letters> sides:<6 a/b>
  first:<seat> [wall:<die>]``, ``roll <black> <white>...``, ``reroll <die>``.
- Typed texts follow the strict ASCII grammar of :mod:`grammar`: any case,
  leading zeros, extra spaces and a piece from either end (``SW-NE``) are
  read as the canonical text, which is what the log stores; anything else
  is refused with a short message.

Decisions where the rulebook and the design note are silent (ours):

- One die-changing card per die (1, 5a or 5b), used before the action.
- A card is usable only while upright (2b: see below), so a card taken this
  turn (sideways) waits for the next round, also for 2a's second die. Card 4b's +1 engine
  counts while held, sideways or not. A player may take his own upright card
  again to turn it sideways (rulebook), not one already sideways.
- 6a is spent only when the piece drawn is one the black die forbids; 4a
  only when the delivery's distance (with 3b's bonus) exceeds the engine.
  3b and 4a may be used on the same delivery.
- 2b: the claim is offered only while the pool can still give the picker
  another die and every later player one (2a may have used the spare die);
  2a's second die likewise only if it leaves a die for every later player.
  The claimer may change the claimed die with his own cards.
- 2b's guaranteed opportunity (rulebook: the card turns upright right before
  its holder drafts, so he can use it before anyone steals it). 2b is played
  before one's own pick, so its opportunity is the picks other players make
  before his in a round: from the round after he took it the holder may
  claim with it while it is still sideways, and it turns upright at his
  draft only if he has been offered a claim that round. A holder who drafts
  first in the next round thus keeps it sideways (safe) until a round in
  which someone picks before him.
- A die with no possible action (region full, box crossed, nothing to
  deliver, card sideways elsewhere) may be used to ``pass``.
- Track pointing at a wall or off the map may be drawn; it connects nothing.
- The tie-break "best engine" compares checkboxes (as the engine bonus does).
- The game also ends at the end of a round in which every map is full and no
  cube left can ever be delivered (see :mod:`ending`); otherwise such a game
  could never end.
- Panel order: hexes an end of the player's track points into first, then
  nearest to his track; pieces that join his track or a city first, each
  named from the end that joins ("gentle curve, NE to S"); deliveries by
  points, longest first. When several routes give one distance the player
  need not choose: they score alike; the board shows the first found.
"""

from games.steam_rollers.game import SteamRollers

GAME = SteamRollers()

__all__ = ["GAME", "SteamRollers"]
