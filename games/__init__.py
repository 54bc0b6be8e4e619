"""Rules cores of Railyard's games: pure Python, no Discord, drawing or storage.

See :mod:`games.core` for the contract and :mod:`games.registry` for the list.
"""
