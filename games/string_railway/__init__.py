"""String Railway (Hisashi Hayashi, OKAZU Brand): the rules core.

Railroad strings on a continuous table, measured in centimetres; see
``/work/shared/rules/string-railway.txt`` and ``design/string-railway.md``.
shapely does the geometry.

Action grammar (tokens separated by single spaces; cells are grid names like
``K12``, a cell standing for its centre):

- Corner: ``NW`` (a corner name of the field).
- Countryside's extra draw: ``extra`` or ``no-extra``.
- Place a station: ``<block> <cell>`` (``K11-O15 M12``); typing the cell
  alone (``m12``) is the same action.
- Lay a string: ``<short|long> <cells joined by ->`` (``short B2-K12-T30``);
  typed points may also be separated by spaces, case and leading zeros do
  not matter. ``skip`` when the engine finds no placement at all.
- Chance: ``table <number> first <seat>`` (the layout and the first player),
  ``draw <tile>`` (tile numbers 1-35, see ``params.tile_kinds``).

Rulings (where the rulebook and the design note are silent; ours):

- Playing order: clockwise (seat order) from the first player, who is drawn
  at set-up. With two players the companies play first player, second,
  first, second: the first player has the 1st and 3rd colours.
- Corners: chosen in company order; with two players the other colour takes
  the opposite corner at once; the last corner left is assigned without a
  question. A home station sits on the cell nearest its corner whose tile
  fits in the field (in the square it touches both sides of the corner; in
  the triangle's and pentagon's sharper corners a square tile cannot touch
  the corner point, so it sits as close as it fits).
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
  set aside (never seen in play: the field is large).
- A string lies on a station when it passes over the tile with a stretch of
  positive length; grazing a corner is not entering. "Twice" is two separate
  stretches over one tile.
- Points on a station tile are not bends; at most 3 bends off stations.
- The field string is 1 cm wide: a railroad string keeps 0.5 cm from the
  outline. A drawn station's tile may not touch the outline.
- Crossings are counted per point where the strings cross (crossing the
  river twice costs 2), including the company's own strings; a crossing on
  or at the edge of any station tile is free. Touching, or running along
  another string and leaving on the same side, is not crossing.
- "No legal placement" is judged by the engine's search: when it finds no
  string for any length left, the turn offers ``skip`` (a short string goes
  first); a typed string is still accepted if it is legal.
- Ownership chips: the four ownable stations (2 town, 2 transfer) can never
  use up a colour's four chips, so chips are not counted.
- Two players: each player's score is his weaker company's; the ranking
  compares the weaker companies, then the stronger ones.
"""

from games.string_railway.game import StringRailway

GAME = StringRailway()

__all__ = ["GAME", "StringRailway"]
