"""String Railway (Hisashi Hayashi, OKAZU Brand): the rules core.

Railroad strings on a continuous table, measured in centimetres; see
``/work/shared/rules/string-railway.txt`` and ``design/string-railway.md``.
shapely does the geometry.

Action grammar (tokens separated by ASCII spaces only: another space, such
as U+00A0, is part of a token and refused; cells are grid names like
``K12``, a cell standing for its centre):

- Corner: ``NW`` (a corner name of the field).
- Countryside's extra draw: ``extra`` or ``no-extra``.
- Place a station: ``<block> <cell>`` (``K11-O15 M12``); typing the cell
  alone (``m12``) is the same action.
- Lay a string: ``<short|long> <cells joined by ->`` (``short B2-K12-T30``);
  typed points may also be separated by spaces, case and leading zeros do
  not matter. ``skip`` only when no string left can be laid anywhere.
- Chance: ``table <number> first <seat>`` (the layout and the first player),
  ``draw <tile>`` (tile numbers 1-35, see ``params.tile_kinds``).

Rulings (where the rulebook and the design note are silent; ours):

- Playing order: clockwise (seat order) from the first player, who is drawn
  at set-up. With two players the companies play first player, second,
  first, second: the first player has the 1st and 3rd colours.
- Corners: chosen in company order; with two players the other colour takes
  the opposite corner at once; the last corner left is assigned without a
  question. A home station's tile touches its corner (the rulebook: "so
  that they touch the white corner markers"), reaching as far into the
  field as a tile touching it can: in the square it lies in the corner,
  touching both sides; a grid tile cannot fit into the triangle's and the
  pentagon's corners, so there it overhangs the field string (as a card held
  against a string's sharp corner does); strings still keep to the field.
- The home station's 3 points are the starting score (the rulebook puts the
  marker on 3); its owner's strings never "newly enter" it again.
- A junction scores 1 for every string of the company placed on it, the
  first included (its printed points are "1 each time"; not 2 on the first).
- The river and mountain range come from the set-up number: the first
  drawing from it that meets the rulebook's conditions, and (ours) keeping
  2 cm clear of every corner's home station. They may cross each other.
- The deck is not stored as an order: each draw is a chance outcome naming a
  uniformly random tile still in the deck, the same as drawing the top of a
  shuffled deck; nothing is hidden, so ``view`` shows everything.
- A seat whose turn clock ran out and is skipped declines the extra draw;
  for its other choices the bot plays the seat (none is safe for all).
- The countryside's extra draw is the player's choice ("may"), once a turn,
  also on the first turn; a countryside drawn by the extra draw gives none.
- Stations are placed in the order drawn. A station that fits nowhere is
  set aside (``set_aside``) and the post says so ("No room on the field for
  the suburban station drawn: set aside."). The rulebook warns that on a
  field too small "the game may collapse": with three players (the 80 cm
  triangle) it happens in every game measured (30 all-bot games: 4.7
  stations set aside a game, at most 9), never with 2, 4 or 5 players
  (``bench/string_railway_room.py --seeds 30``).
- A string lies on a station when it passes over the tile with a stretch of
  positive length; grazing a corner is not entering. "Twice" is two separate
  stretches over one tile.
- A string joins two different stations: both ends on one tile (``short
  B2-A1``, or a loop back to it) is refused. Its ends may lie anywhere on
  their tiles ("both ends on top of a station tile"): on any grid point of
  the tile inside the field, not only its centre.
- Points on a station tile are not bends; at most 3 bends off stations.
- The field string is 1 cm wide: a railroad string keeps 0.5 cm from the
  outline. A drawn station's tile may not touch the outline.
- Crossings cost per string crossed ("for each railroad string, river
  string or mountain string crossed: -1 point"): each other string, the
  company's own included, costs once however often the new string crosses
  it (the river crossed twice, or the mountain range entered and left, is
  -1). A crossing on or at the edge of any station tile is free. Touching,
  or running along another string and leaving on the same side, is not
  crossing; crossings are decided from the strings' own directions, with no
  tolerance that could drop one (see ``crossings.py``). The board's header
  and the proposals' labels count what the score counts, in its words ("1
  string crossed"); the table marks each place crossed.
- A station tile may not touch a string: one through a single corner of the
  tile lies under it. Touching is decided exactly on the decimals the table
  is written in, never rounded (see ``touching.py``).
- "No legal placement": the engine's search (``routes.py``) finds a string
  whenever one can be laid (ends anywhere on the tiles, bending round
  tiles); only when it finds none for any length left does the turn offer
  ``skip`` (a short string goes first), which is then also the turn clock's
  default.
- Ownership chips: the four ownable stations (2 town, 2 transfer) can never
  use up a colour's four chips, so chips are not counted.
- Two players: each player's score is his weaker company's; the ranking
  compares the weaker companies, then the stronger ones.
"""

from games.string_railway.game import StringRailway

GAME = StringRailway()

__all__ = ["GAME", "StringRailway"]
