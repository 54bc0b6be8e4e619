"""Mine Carts: the team game (``../shared/rules/mine-carts.txt`` for the four
phases of a team's turn, ``../shared/design/mine-carts.md`` for the rest).

Action grammar (tokens separated by single spaces):

- Phase I, one card an action, until the allotment is laid:
  ``<card> <square> <rotation>`` (``curve C4 90``, ``green-straight D6 180``)
  or ``pit <square>``. Cards: ``straight``, ``curve``, ``crossing``,
  ``<colour>-straight``/``<colour>-curve`` (a junction whose black track is
  straight or curved, with one coloured branch), ``green-orange``,
  ``orange-fuchsia``, ``green-fuchsia`` and ``pit``. Rotations are clockwise
  degrees (``0 90 180 270``), only the distinct ones of a card.
- Phases II and III in one action: the switch's colour, then, for each cart
  leaving a town or the mine where several tracks join it, the edge it takes
  (``green``, ``orange 1E``, ``fuchsia 2N goldW``).
- Chance: ``deal <6 cards>`` (Red's factory, then Blue's) and
  ``draw <3 cards>`` with ``reshuffle`` before the first card of the
  reshuffled deck, and only there: when the deck runs out before the draw
  is complete.

Only ASCII spaces (space, tab, line breaks) separate tokens, in every phase
and in chance texts (read through :func:`games.core.tokens`, which refuses
any other character): ``curve\u00a0G7\u00a00`` and
``draw curve\u00a0curve curve`` are refused, never logged.

Rulings where the rulebook and the design note are silent (ours):

- Seats: 2 players (one a team) or 4 (two a team), as the design note says;
  Red has seats 0 and 2, Blue 1 and 3 (seated alternately). Red plays first;
  a round is Red's turn then Blue's.
- Board: row 1 is the top row. Cart 1 of Red starts in B2 and cart 2 in H8;
  Blue's cart 1 in H2 and cart 2 in B8.
- Cards: the junction cards are, at rotation 0, stem S with the black track
  N (straight) or E (curved) and the coloured branch E or N respectively;
  the two-colour junctions are stem S, black N, the first colour E and the
  second W (two each of green-orange, orange-fuchsia, green-fuchsia).
- A card laid on track covers it: the covered card goes to the discard pile
  (and so back into the deck at the reshuffle); a pit does the same to the
  track it destroys. Nothing is laid on a square with a cart, including the
  gold cart; carts waiting in a town or the mine occupy no track.
- The deck's order is chance: each draw takes a card uniformly from the
  cards left, so the state keeps only counts and nothing is hidden (the
  factories are face up, the discard pile is public).
- Phase IV: the team discards first, then draws; if the deck runs out during
  a draw, the discard pile (with the cards just discarded) is reshuffled
  once and the draw goes on. The game ends after the turn of a team that
  cannot be given three cards by the deck and, if not yet reshuffled, the
  discard pile: "the reshuffled deck runs out" (the end says so only after
  the reshuffle; before it, that the deck and the discard pile hold fewer
  than three cards).
- A cart rests on the length of track it last followed, heading on. Next
  turn it follows that length first (the switch has no say on its first
  square, black or coloured: the rulebook's "does not affect your cart's
  ability to move off this length of track"), trying its heading; only if
  no track goes on that way does it reverse. A cart whose very next square
  on its heading holds a cart does not move at all: it halts "on the tile
  before the collision" (it is on it already) and does not reverse.
- The switch gates a junction's coloured branch from both ends (rulebook:
  "This cart can only hop onto the green colored track if the switch had
  been placed on the green tile"): a cart enters a coloured branch only
  while the switch is on its colour, whether it comes by the stem (else the
  junction sends it along black), by the branch's own end (else it halts on
  the square before) or hops out of a town or the mine (else that track is
  not offered). A black end is always open. Entering by a branch's end or
  the black exit, the cart leaves by the stem.
- Leaving a town or the mine, the tracks offered are those whose edge
  touches it and whose square the cart can enter (no cart there, and not a
  coloured branch's end with the switch on another colour); with one, the
  cart takes it; with several, the team picks, after the earlier carts of
  the turn have moved.
- Team carts never enter a town or the mine again: they stop before them.
  The gold cart enters any town whose edge its track reaches, even one where
  carts still wait (they are not on track); the town's team scores, even when
  it is the moving team's opponent. It never re-enters the mine by track; it
  goes back there after scoring.
- Carts block carts of either team and the gold cart alike.
- "Spaces" counts squares entered (a town entered by the gold cart included,
  though only carts 1 and 2 raise the allotment). The higher allotment counts
  from the team's next turn.
- Either member of the active team may take any of the team's actions, one
  card at a time; the switch action is the team's last of the turn.
- Each team member's score is the team's gold; equal gold at the end is a
  draw (both teams share the ranking).
"""

from games.mine_carts.game import MineCarts

GAME = MineCarts()

__all__ = ["GAME", "MineCarts"]
