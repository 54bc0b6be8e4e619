"""PostgreSQL's schema: the tables a new database starts with
(:data:`SCHEMA`, version :data:`~bot.store.postgres.SCHEMA_BASE_VERSION`)
and the scripts that take a database up one version at a time
(:data:`UPGRADES`), the same logical schema as SQLite's migrations
(``bot/store/sqlite.py``). Kept apart from the store's code so either reads
in one sitting; :mod:`bot.store.postgres` runs them.
"""

from __future__ import annotations

SCHEMA = """
CREATE TABLE railyard_schema (
    only_row BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (only_row),
    version INTEGER NOT NULL
);
CREATE TABLE games (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id BIGINT,
    channel_id BIGINT,
    thread_id BIGINT CONSTRAINT games_thread_id_key UNIQUE,
    lobby_message_id BIGINT,
    slug TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    options TEXT NOT NULL DEFAULT '{}',
    secret TEXT,
    state TEXT,
    schema_version INTEGER,
    version INTEGER NOT NULL DEFAULT 0,
    creator_id BIGINT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL,
    archived_at DOUBLE PRECISION
);
CREATE INDEX games_channel ON games (channel_id);
CREATE INDEX games_housekeeping ON games (status, updated_at);
CREATE TABLE seats (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    CONSTRAINT seats_pkey PRIMARY KEY (game_id, seat),
    CONSTRAINT seats_game_id_user_id_key UNIQUE (game_id, user_id)
);
CREATE TABLE actions (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    events TEXT NOT NULL DEFAULT '[]',
    interaction_id TEXT CONSTRAINT actions_interaction_id_key UNIQUE,
    at DOUBLE PRECISION NOT NULL,
    CONSTRAINT actions_pkey PRIMARY KEY (game_id, seq)
);
CREATE TABLE archived_logs (
    game_id BIGINT CONSTRAINT archived_logs_pkey PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    log BYTEA NOT NULL
);
CREATE FUNCTION railyard_actions_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the action log is append-only';
END
$$;
CREATE FUNCTION railyard_actions_no_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- A log may go only with its game, or once folded into archived_logs.
    IF EXISTS (SELECT 1 FROM games WHERE id = OLD.game_id AND archived_at IS NULL) THEN
        RAISE EXCEPTION 'the action log is append-only';
    END IF;
    RETURN OLD;
END
$$;
CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
    FOR EACH ROW EXECUTE FUNCTION railyard_actions_no_update();
CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
    FOR EACH ROW EXECUTE FUNCTION railyard_actions_no_delete();
CREATE TRIGGER actions_append_only_truncate BEFORE TRUNCATE ON actions
    FOR EACH STATEMENT EXECUTE FUNCTION railyard_actions_no_update();
"""

POSTS_TABLE = """
CREATE TABLE posts (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    message_id BIGINT NOT NULL,
    CONSTRAINT posts_pkey PRIMARY KEY (game_id, seq)
);
"""
"""Version 2 -> 3: the thread post reporting each move (the message to correct
when the move is taken back), by the number of the move's log entry."""

UPGRADES: dict[int, str] = {
    2: POSTS_TABLE,
    # 3 -> 4: games that last a week: bot seats, each game's reminder and
    # clock settings, the stored due times the scheduler picks up, mutes.
    3: """
    ALTER TABLE seats ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE schedules (
        game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        remind_every DOUBLE PRECISION DEFAULT 43200,
        turn_clock DOUBLE PRECISION,
        hours TEXT NOT NULL DEFAULT '',
        zone TEXT NOT NULL DEFAULT 'UTC',
        planned_version INTEGER NOT NULL DEFAULT -1,
        replan INTEGER NOT NULL DEFAULT 0,
        nudged_at DOUBLE PRECISION
    );
    CREATE TABLE timers (
        game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        seat INTEGER NOT NULL,
        due_at DOUBLE PRECISION,
        count INTEGER NOT NULL DEFAULT 0,
        CONSTRAINT timers_pkey PRIMARY KEY (game_id, kind, seat)
    );
    CREATE INDEX timers_due ON timers (due_at);
    CREATE TABLE reminder_mutes (
        game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        CONSTRAINT reminder_mutes_pkey PRIMARY KEY (game_id, user_id)
    );
    """,
    # 4 -> 5: the outbox: what the scheduler committed to post and Discord
    # has not yet accepted, kept until it has.
    4: """
    CREATE TABLE outbox (
        key TEXT CONSTRAINT outbox_pkey PRIMARY KEY,
        game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        seat INTEGER,
        seq INTEGER,
        version INTEGER,
        text TEXT NOT NULL,
        pings TEXT NOT NULL DEFAULT '[]',
        created_at DOUBLE PRECISION NOT NULL,
        leased_until DOUBLE PRECISION NOT NULL,
        tries INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX outbox_due ON outbox (leased_until);
    """,
    # 5 -> 6: standings: turn notices, servers' rule for bot seats, ratings.
    5: """
    CREATE TABLE player_settings (
        user_id BIGINT PRIMARY KEY,
        notify TEXT NOT NULL DEFAULT 'thread'
    );
    CREATE TABLE guild_settings (
        guild_id BIGINT PRIMARY KEY,
        bot_games TEXT NOT NULL DEFAULT 'humans'
    );
    CREATE TABLE rating_pools (
        guild_id BIGINT NOT NULL,
        slug TEXT NOT NULL,
        touched INTEGER NOT NULL DEFAULT 0,
        CONSTRAINT rating_pools_pkey PRIMARY KEY (guild_id, slug)
    );
    CREATE TABLE rated_games (
        game_id BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        guild_id BIGINT NOT NULL,
        slug TEXT NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        match TEXT NOT NULL
    );
    CREATE INDEX rated_games_pool ON rated_games (guild_id, slug, finished_at, game_id);
    CREATE TABLE ratings (
        guild_id BIGINT NOT NULL,
        slug TEXT NOT NULL,
        user_id BIGINT NOT NULL,
        name TEXT NOT NULL,
        mu DOUBLE PRECISION NOT NULL,
        sigma DOUBLE PRECISION NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        CONSTRAINT ratings_pkey PRIMARY KEY (guild_id, slug, user_id)
    );
    CREATE TABLE game_results (
        game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id BIGINT NOT NULL,
        guild_id BIGINT NOT NULL,
        slug TEXT NOT NULL,
        finished_at DOUBLE PRECISION NOT NULL,
        won INTEGER NOT NULL,
        score INTEGER NOT NULL,
        mu_before DOUBLE PRECISION,
        sigma_before DOUBLE PRECISION,
        mu_after DOUBLE PRECISION,
        sigma_after DOUBLE PRECISION,
        CONSTRAINT game_results_pkey PRIMARY KEY (game_id, user_id)
    );
    CREATE INDEX game_results_member ON game_results (guild_id, user_id, slug, finished_at);
    """,
    # 6 -> 7: a game whose thread was deleted mid-game is paused until
    # resumed in a new thread.
    6: """
    ALTER TABLE games DROP CONSTRAINT games_status_check;
    ALTER TABLE games ADD CONSTRAINT games_status_check
        CHECK (status IN ('lobby', 'active', 'finished', 'abandoned', 'paused'));
    """,
    # 7 -> 8: a bot seat's level; seats made before play at normal, as they did.
    7: """
    ALTER TABLE seats ADD COLUMN level TEXT NOT NULL DEFAULT 'normal';
    """,
    # 8 -> 9: the due timers in firing order straight from the index.
    8: """
    DROP INDEX IF EXISTS timers_due;
    CREATE INDEX timers_due ON timers (due_at, game_id, kind, seat);
    """,
}
"""Scripts taking a database from version ``n`` to ``n + 1``."""
