"""Posting through the outbox: each notice handed to the transport and
taken out of the outbox once Discord took it; what is still queued past
its lease (a crash, a failed post) posted again, by one scheduler only,
unless Discord already has it or the game moved on (see :mod:`bot.scheduler`,
"Posting: the outbox")."""

from __future__ import annotations

from ..store import OutboxPost, StoreError
from .core import SchedulerContext, log
from .notices import Notice
from .timing import OUTBOX_LEASE, OUTBOX_MAX_TRIES


ENDINGS = {"lobby_expired": "lobby", "idle_archived": "active"}
"""The scheduler's posts that announce the end of a game, and the status
the game ends from."""


class OutboxDelivery:
    """The scheduler's posting (see the module)."""

    def __init__(self, context: SchedulerContext) -> None:
        self.context = context
        self.store = context.store

    async def deliver(self, notice: Notice, notices: list[Notice]) -> None:
        """Hand ``notice`` to the transport (without one, to the caller of
        :meth:`tick`: that is its delivery) and take its post out of the
        outbox once taken; a post that fails stays queued."""
        notices.append(notice)
        posted = True
        notify = self.context.notify
        if notify is not None:
            try:
                posted = await notify(notice) is not False
            except Exception:  # noqa: BLE001 - the post stays queued and is tried again
                log.exception("game %s: the scheduler's %s could not be posted", notice.game_id, notice.kind)
                posted = False
        if posted and notice.outbox_key is not None:
            await self.context.guard(notice.game_id, self.store.post_done(notice.outbox_key))

    async def post_queued(self, now: float, notices: list[Notice]) -> None:
        """Post again what is still queued in the outbox past its lease (a
        crash or a failed post left it), each by one scheduler only."""
        try:
            queued = await self.store.due_posts(now)
        except StoreError as exc:
            log.warning("the outbox could not be read: %s", exc)
            return
        for item in queued:
            again = await self.context.guard(item.game_id, self._queued_notices(item, now))
            for notice in again or []:
                await self.deliver(notice, notices)

    async def _queued_notices(self, item: OutboxPost, now: float) -> list[Notice]:
        """The notice of a queued post, leased for one more try; none when
        another scheduler took it, or when its move's thread message is
        already known (Discord took it; the crash came before the outbox
        heard)."""
        if item.tries >= OUTBOX_MAX_TRIES:
            log.warning("game %s: gave up posting the scheduler's %s after %s tries", item.game_id, item.kind,
                        item.tries)
            await self.store.post_done(item.key)
            return []
        row = await self.context.service.context.get(item.game_id)
        if row.status == "paused":  # its thread is gone; the resume posts the board afresh
            await self.store.post_done(item.key)
            return []
        if not await self.store.lease_post(item, now + OUTBOX_LEASE):
            return []
        row = await self.context.service.context.get(item.game_id)
        if item.kind in ENDINGS and row.status != "abandoned" and not await self._end_interrupted(item, row.status):
            await self.store.post_done(item.key)
            return []
        notice = self.context.notice(item, row.thread_id)
        notice.retry, notice.queued_at = True, item.created_at
        if item.kind == "move":
            if item.seq is not None and await self.store.post_message(item.game_id, item.seq) is not None:
                await self.store.post_done(item.key)
                return []
            notice.post = await self.context.service.turns.queued_post(item)
        return [notice]

    async def _end_interrupted(self, item: OutboxPost, status: str) -> bool:
        """A lobby's expiry or an idle game's archiving whose claim (with its
        queued post) was committed but whose ending was not (a crash came
        between the two): ended now, if the game is still as it was then
        (a lobby; an active game nobody moved in since its plan). False when
        it has moved on: the post is then not due."""
        wanted = ENDINGS[item.kind]
        version = None if wanted == "lobby" else await self.store.planned_version(item.game_id)
        return status == wanted and await self.context.keeping.end_quietly(item.game_id, wanted, version)
