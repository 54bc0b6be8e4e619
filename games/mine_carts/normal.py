"""Mine Carts' normal bot: the tactics (:mod:`.tactics`), a team that plans
its whole turn with the other team's cards in mind.

The easy bot sees the other team's reply only as its carts moving with the
switch worst for us; this one also reads the other factory, face up on the
table, and counts the gold its cards threaten, spoils the other team's
route and runs its own carts for a higher allotment.
"""

from __future__ import annotations

from games.bots import Policy

from .tactics import TACTICS

NORMAL: Policy = TACTICS
"""The normal level."""
