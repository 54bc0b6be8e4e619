"""Bot seats' moves: a due bot timer claimed (due again later, so a move
that fails is retried ever less often, and the thread told once when it
keeps failing), the seat's player choosing from the seat's view off the
event loop, a refused choice replaced by a random legal one, and the move
made through the service."""

from __future__ import annotations

import random

from games.core import Game, IllegalAction, State
from games.playout import random_action

from ..service import Post, ServiceError
from ..store import StoreError, Timer
from .core import SchedulerContext, log
from .notices import Notice
from .planning import bot_may_act
from .players import BotPlayer, at_level
from .settings import describe_duration
from .timing import BOT_RETRY_MAX, BOT_STUCK_AFTER, OUTBOX_LEASE, RETRY


class BotMoves:
    """The handler of ``bot`` timers: the bot seats' moves (see the module)."""

    status = "active"
    """The game's status a ``bot`` timer fires in (else it is dropped)."""

    def __init__(self, context: SchedulerContext) -> None:
        self.context = context
        self.store = context.store

    async def fire(self, timer: Timer, now: float, thread_id: int | None) -> list[Notice]:
        """The bot's move. The timer is claimed first, due again after
        :func:`bot_retry_delay`, so a move that fails (the database down, a
        bug) is tried again later, ever less often, and the thread is told
        once when it has failed :data:`BOT_STUCK_AFTER` times in a row."""
        tries = timer.count + 1
        again = now + bot_retry_delay(tries)
        if not await self.store.claim_timer(timer, again, tries):
            return []  # another scheduler took it
        try:
            post = await self.bot_move(timer.game_id, timer.seat, queue_until=now + OUTBOX_LEASE)
        except Exception as exc:  # noqa: BLE001 - logged with the game; tried again later
            if isinstance(exc, (ServiceError, StoreError)):
                log.warning("game %s: bot move for seat %s failed (try %s): %s", timer.game_id, timer.seat,
                            tries, exc)
            else:
                log.exception("game %s: bot move for seat %s failed (try %s)", timer.game_id, timer.seat, tries)
            if tries != BOT_STUCK_AFTER:
                return []
            text = (f"🤖 The bot could not make its move for seat {timer.seat + 1} ({tries} tries); it keeps "
                    f"trying, at least every {describe_duration(BOT_RETRY_MAX)}, and the error is logged for "
                    "the server's bot operator.")
            stuck = self.context.queued(timer, "bot_stuck", text, now)
            await self.store.queue_post(stuck)
            return [self.context.notice(stuck, thread_id)]
        await self.store.claim_timer(claimed_as(timer, again, tries), None, 0, drop=True)
        if post is not None:
            post.undo_seq = None  # nobody clicks for a bot
        return [] if post is None else [Notice("move", timer.game_id, thread_id, post.text, post.ping_user_ids,
                                               post, timer.seat, outbox_key=post.outbox_key)]

    async def bot_move(self, game_id: int, seat: int, queue_until: float | None = None) -> Post | None:
        """The bot's move for ``seat``, through ``service.turns.act``
        (None when the seat is no longer the bot's or not due); with
        ``queue_until``, its post is queued in the outbox with the move. The
        chooser sees the seat's view; a choice the rules refuse is replaced
        by a uniformly random legal action (and logged)."""
        context = self.context
        table = await context.service.context.table(game_id)
        due = table.game.to_act(table.state)
        if seat >= len(table.seats) or not table.seats[seat].bot or seat not in due:
            return None
        if not bot_may_act(seat, table.game.partners(table.state, seat), due, table.seats,
                           await self._timed_out(game_id)):
            return None  # a human teammate is due: his say first
        rng = random.Random(f"{game_id}:{table.row.version}:{seat}")
        user_id = table.seats[seat].user_id
        # a policy may think for seconds: off the event loop, in the bots'
        # own pool, so every interaction and every other game's move
        # meanwhile is still answered at once
        player = at_level(context.bot_player, table.seats[seat].level)
        action = await context.pool.decide(game_id, self._choice, player, table.game, table.state, seat, rng, game_id)
        return await context.service.turns.act(game_id, user_id, action, expected_version=table.row.version,
                                               interaction_id=f"bot:{game_id}:{table.row.version + 1}",
                                               queue_until=queue_until)

    async def _timed_out(self, game_id: int) -> set[int]:
        """The seats whose turn clock ran out (a spent clock mark)."""
        return {t.seat for t in await self.store.timers(game_id) if t.kind == "clock" and t.due_at is None}

    @staticmethod
    def _choice(player: BotPlayer, game: Game, state: State, seat: int, rng: random.Random, game_id: int) -> str:
        """``player``'s legal choice from the seat's view, or a random legal
        one (logged) when its policy fails or is refused by the rules."""
        view = game.view(state, seat)
        try:
            action = player.choose(game, view, seat, rng)
            game.apply(state, seat, action)
        except (IllegalAction, RuntimeError, KeyError, IndexError, ValueError) as exc:
            log.warning("game %s: the bot's choice for seat %s failed (%s); playing a random legal move",
                        game_id, seat, exc)
            action = random_action(game, view, seat, rng)
        return action


def bot_retry_delay(tries: int) -> float:
    """How long after its ``tries``-th failed try in a row a bot's move is
    tried again: :data:`RETRY`, doubling each time, at most
    :data:`BOT_RETRY_MAX`."""
    return float(min(RETRY * 2.0 ** min(max(tries - 1, 0), 16), BOT_RETRY_MAX))


def claimed_as(timer: Timer, due_at: float, count: int) -> Timer:
    """``timer`` as :meth:`Store.claim_timer` left it."""
    return Timer(timer.game_id, timer.kind, timer.seat, due_at, count)
