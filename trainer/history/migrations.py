"""The SQLite history's schema, version by version: `MIGRATIONS` takes a file from each version
to the next, `_migrate` brings a file up to `SCHEMA_VERSION` (or refuses a newer one).

Schema (version 8; `SCHEMA_VERSION`, `PRAGMA user_version`):

    profile(id, name UNIQUE NOCASE, created)          created: unix seconds, UTC
    skill(id, name)                                   interned names
    item(id, skill, key, question, said)              `question` is the question of the
                                                      item's first attempt
    session(id, profile, mode, skills JSON, preset, seed, started, ended,
            first_attempt, last_attempt, planned,     started/ended: unix seconds, UTC;
            interactive, assignment)                  planned: the questions a sprint or an
                                                      exam set out to ask (NULL: open-ended);
                                                      fewer answered is an incomplete session;
                                                      interactive: 1 typed, 0 piped;
                                                      assignment: the id of the exam assigned
                                                      on a school's server it was taken for
    attempt(id, session, item, at, ms, correct, answer, expected, question, said)

`attempt.at` is when it was answered, in whole seconds since the session started (small
integers are short on disk).
`attempt.question` is NULL when equal to the item's question, else compact JSON as TEXT (as is
`item.question`): read as it is, where deflating it saved ~20 bytes an attempt but cost the
export as much time as its parsing (before version 6, a BLOB of a version byte (1) + raw deflate
when that was shorter: still read, and made text by the migration). `said` is the question's
said form (`trainer.history.said_forms`: the values its words are made of, ~20 bytes), NULL
with the question or for a question of no skill's own shape; the export says the question from
it rather than parsing the JSON. `attempt` has no index: a
session's attempts lie in the id range [first_attempt, last_attempt] (ids only grow).

Aggregates, all exact (response times are whole milliseconds) and updated with each attempt
(the profile's — all but session_skill — with the attempts of interactive sessions only, and
not of a mode with figures of its own, `measures.OWN_FIGURES`: a deal shoe's steps):

    session_skill(session, skill, n, correct, total_ms, median_ms, p90_ms)
                                 median/p90 are filled in by end_session()
    tally(profile, skill, day, n, correct, total_ms)     day: local calendar day at the time of
                                                         the attempt, as days since 1970-01-01
    hist(profile, skill, ms, n)                          response-time histogram, 1 ms buckets
    hist_tenth(profile, skill, tenth, n)                 the same by tenth of a second: to find
                                                         which few 1-ms rows hold a percentile
    item_tally(profile, item, n, wrong, total_ms)
    recent(profile, skill, attempt)                      ids of the last RECENT attempts

The only thing the aggregates fix at write time is the day: it is the trainee's local day when
the attempt was recorded, so moving to another time zone later does not move old practice.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, Final

from trainer.history.interface import StoreError
from trainer.history.measures import MASTERY, MEDIAN, OWN_FIGURES, P90, quantile_sorted
from trainer.history.questions import _as_text, _form_of
from trainer.i18n import _ as say

SCHEMA_VERSION: Final = 8

# The mastery window is stored, so the store keeps exactly as many recent attempts per skill as
# the rule looks at. Lengthening the window needs a migration that refills `recent`.
RECENT: Final = MASTERY.window


# Migrations, applied in order: MIGRATIONS[v] takes a file from version v to v + 1, inside one
# transaction. Never edit a released step: files in the wild were made by it. Add a new one.


def _v1_tables(conn: sqlite3.Connection) -> None:
    """Version 1: the plain record, with an index to find a session's attempts."""
    for statement in (
        """CREATE TABLE profile (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            created INTEGER NOT NULL)""",
        "CREATE TABLE skill (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)",
        """CREATE TABLE item (
            id INTEGER PRIMARY KEY,
            skill INTEGER NOT NULL REFERENCES skill,
            key TEXT NOT NULL,
            question,
            UNIQUE (skill, key))""",
        """CREATE TABLE session (
            id INTEGER PRIMARY KEY,
            profile INTEGER NOT NULL REFERENCES profile,
            mode TEXT NOT NULL,
            skills TEXT NOT NULL,
            preset TEXT NOT NULL,
            seed INTEGER,
            started INTEGER NOT NULL,
            ended INTEGER)""",
        "CREATE INDEX session_profile ON session (profile)",
        """CREATE TABLE attempt (
            id INTEGER PRIMARY KEY,
            session INTEGER NOT NULL REFERENCES session,
            item INTEGER NOT NULL REFERENCES item,
            at INTEGER NOT NULL,
            ms INTEGER NOT NULL,
            correct INTEGER NOT NULL,
            answer TEXT NOT NULL,
            expected TEXT NOT NULL,
            question)""",
        "CREATE INDEX attempt_session ON attempt (session)",
    ):
        conn.execute(statement)


def _v2_aggregates(conn: sqlite3.Connection) -> None:
    """Version 2: aggregates for fast statistics; a session's attempts found by id range.

    The index on attempt(session) cost ~13 bytes per attempt; the id range costs nothing.
    """
    for statement in (
        "DROP INDEX attempt_session",
        "ALTER TABLE session ADD COLUMN first_attempt INTEGER",
        "ALTER TABLE session ADD COLUMN last_attempt INTEGER",
        """CREATE TABLE session_skill (
            session INTEGER NOT NULL, skill INTEGER NOT NULL,
            n INTEGER NOT NULL, correct INTEGER NOT NULL, total_ms INTEGER NOT NULL,
            median_ms REAL, p90_ms REAL,
            PRIMARY KEY (session, skill)) WITHOUT ROWID""",
        """CREATE TABLE tally (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, day INTEGER NOT NULL,
            n INTEGER NOT NULL, correct INTEGER NOT NULL, total_ms INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, day)) WITHOUT ROWID""",
        """CREATE TABLE hist (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, ms INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, ms)) WITHOUT ROWID""",
        """CREATE TABLE hist_tenth (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, tenth INTEGER NOT NULL,
            n INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, tenth)) WITHOUT ROWID""",
        """CREATE TABLE item_tally (
            profile INTEGER NOT NULL, item INTEGER NOT NULL,
            n INTEGER NOT NULL, wrong INTEGER NOT NULL, total_ms INTEGER NOT NULL,
            PRIMARY KEY (profile, item)) WITHOUT ROWID""",
        """CREATE TABLE recent (
            profile INTEGER NOT NULL, skill INTEGER NOT NULL, attempt INTEGER NOT NULL,
            PRIMARY KEY (profile, skill, attempt)) WITHOUT ROWID""",
        # Backfill from the attempts of a version-1 file. Written out here rather than by
        # calling record()'s code, which may change in later versions.
        """CREATE TEMP TABLE span (session INTEGER PRIMARY KEY, lo INTEGER, hi INTEGER)""",
        "INSERT INTO span SELECT session, min(id), max(id) FROM attempt GROUP BY session",
        """UPDATE session SET
            first_attempt = (SELECT lo FROM span WHERE span.session = session.id),
            last_attempt = (SELECT hi FROM span WHERE span.session = session.id)""",
        "DROP TABLE span",
        """INSERT INTO session_skill (session, skill, n, correct, total_ms)
            SELECT a.session, i.skill, count(*), sum(a.correct), sum(a.ms)
            FROM attempt a JOIN item i ON i.id = a.item GROUP BY a.session, i.skill""",
        """INSERT INTO tally
            SELECT s.profile, i.skill, sabot_day(s.started + a.at),
                   count(*), sum(a.correct), sum(a.ms)
            FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
            GROUP BY 1, 2, 3""",
        """INSERT INTO hist
            SELECT s.profile, i.skill, a.ms, count(*)
            FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
            GROUP BY 1, 2, 3""",
        """INSERT INTO hist_tenth
            SELECT profile, skill, ms / 100, sum(n) FROM hist GROUP BY 1, 2, 3""",
        """INSERT INTO item_tally
            SELECT s.profile, a.item, count(*), sum(1 - a.correct), sum(a.ms)
            FROM attempt a JOIN session s ON s.id = a.session
            GROUP BY 1, 2""",
        f"""INSERT INTO recent
            SELECT profile, skill, id FROM (
                SELECT s.profile, i.skill, a.id, row_number() OVER (
                    PARTITION BY s.profile, i.skill ORDER BY a.id DESC) AS rank
                FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item)
            WHERE rank <= {RECENT}""",
    ):
        conn.execute(statement)
    # Medians of the sessions already ended, as end_session() would have stored them.
    rows = conn.execute(
        """SELECT a.session, i.skill, a.ms
        FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
        WHERE s.ended IS NOT NULL ORDER BY a.session, i.skill, a.ms"""
    )
    _store_quantiles(conn, rows)


def _v3_planned(conn: sqlite3.Connection) -> None:
    """Version 3: how many questions a session set out to ask, so that one ended early is told
    from one that ran its course (an exam stopped at 6 of 28 is incomplete, not 6 right of 6).
    Sessions from before stay NULL: unknown, judged as before."""
    conn.execute("ALTER TABLE session ADD COLUMN planned INTEGER")


def _v4_interactive(conn: sqlite3.Connection) -> None:
    """Version 4: whether a session's answers were typed (1) or piped from a file or program (0).

    Older sessions were all counted as typed, and stay so: nothing in them tells otherwise.
    """
    conn.execute("ALTER TABLE session ADD COLUMN interactive INTEGER NOT NULL DEFAULT 1")


def _v5_assignment(conn: sqlite3.Connection) -> None:
    """Version 5: the exam assigned on a school's server that a session was taken for (its id
    there), so its tries are told from the trainee's own exams. Older sessions were none."""
    conn.execute("ALTER TABLE session ADD COLUMN assignment INTEGER")


def _v6_plain_questions(conn: sqlite3.Connection) -> None:
    """Version 6: every stored question is its compact JSON text, no longer deflated: reading it
    back (the export reads every one) cost as much as parsing it. ~20 bytes more an attempt
    whose question is its own."""
    conn.create_function("sabot_question_text", 1, _as_text, deterministic=True)
    for table in ("item", "attempt"):
        conn.execute(
            f"""UPDATE {table} SET question = sabot_question_text(question)
            WHERE typeof(question) = 'blob'"""
        )


def _v7_said_forms(conn: sqlite3.Connection) -> None:
    """Version 7: beside each stored question, its said form (`said_form`): the few values its
    words are made of, so the export says it without parsing its JSON — that parsing was a
    quarter of the export's time. ~20 bytes more an attempt whose question is its own."""
    skills = dict(conn.execute("SELECT i.id, k.name FROM item i JOIN skill k ON k.id = i.skill"))
    conn.create_function(
        "sabot_said_form",
        2,
        lambda item, stored: _form_of(skills.get(item), stored),
        deterministic=True,
    )
    for table, item in (("item", "id"), ("attempt", "item")):
        conn.execute(f"ALTER TABLE {table} ADD COLUMN said TEXT")
        conn.execute(
            f"""UPDATE {table} SET said = sabot_said_form({item}, question)
            WHERE question IS NOT NULL"""
        )


def _v8_own_figures(conn: sqlite3.Connection) -> None:
    """Version 8: the steps of a deal shoe (`measures.OWN_FIGURES`) leave the profile's
    aggregates — a drill skill's figures come from its own questions. Every row is kept (the
    attempts, the sessions and their own figures are as they were); the aggregates are made
    again without those steps: the histograms, the item tallies and the mastery window are
    rebuilt from the attempts that count, and the daily tallies have the shoes' steps taken
    away, so the days of every drill answer stay the ones fixed when it was recorded (a shoe's
    step is told its day in the time zone of the migration)."""
    modes = sorted(OWN_FIGURES)
    marks = ", ".join("?" for _ in modes)
    counted = f"s.interactive AND s.mode NOT IN ({marks})"
    # the shoes' steps, per day, to take off the tallies
    conn.execute(
        f"""CREATE TEMP TABLE own_tally AS
        SELECT s.profile AS profile, i.skill AS skill, sabot_day(s.started + a.at) AS day,
            count(*) AS n, sum(a.correct) AS correct, sum(a.ms) AS total_ms
        FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
        WHERE s.interactive AND s.mode IN ({marks}) GROUP BY 1, 2, 3""",
        modes,
    )
    conn.execute(
        """UPDATE tally SET n = tally.n - o.n, correct = tally.correct - o.correct,
            total_ms = tally.total_ms - o.total_ms
        FROM own_tally o
        WHERE o.profile = tally.profile AND o.skill = tally.skill AND o.day = tally.day"""
    )
    conn.execute("DELETE FROM tally WHERE n <= 0")
    conn.execute("DROP TABLE own_tally")
    for statement in (
        "DELETE FROM hist",
        f"""INSERT INTO hist
            SELECT s.profile, i.skill, a.ms, count(*)
            FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
            WHERE {counted} GROUP BY 1, 2, 3""",
        "DELETE FROM hist_tenth",
        """INSERT INTO hist_tenth
            SELECT profile, skill, ms / 100, sum(n) FROM hist GROUP BY 1, 2, 3""",
        "DELETE FROM item_tally",
        f"""INSERT INTO item_tally
            SELECT s.profile, a.item, count(*), sum(1 - a.correct), sum(a.ms)
            FROM attempt a JOIN session s ON s.id = a.session
            WHERE {counted} GROUP BY 1, 2""",
        "DELETE FROM recent",
        f"""INSERT INTO recent
            SELECT profile, skill, id FROM (
                SELECT s.profile, i.skill, a.id, row_number() OVER (
                    PARTITION BY s.profile, i.skill ORDER BY a.id DESC) AS rank
                FROM attempt a JOIN session s ON s.id = a.session JOIN item i ON i.id = a.item
                WHERE {counted})
            WHERE rank <= {RECENT}""",
    ):
        conn.execute(statement, modes if "?" in statement else ())


MIGRATIONS: Final[tuple[Callable[[sqlite3.Connection], None], ...]] = (
    _v1_tables,
    _v2_aggregates,
    _v3_planned,
    _v4_interactive,
    _v5_assignment,
    _v6_plain_questions,
    _v7_said_forms,
    _v8_own_figures,
)
assert len(MIGRATIONS) == SCHEMA_VERSION


def _store_quantiles(conn: sqlite3.Connection, rows: Iterable[Any]) -> None:
    """Fill session_skill's median and p90 from (session, skill, ms) rows sorted in that order."""
    key: tuple[int, int] | None = None
    times: list[int] = []
    updates: list[tuple[float | None, float | None, int, int]] = []

    def flush() -> None:
        if key is not None:
            updates.append(
                (quantile_sorted(times, MEDIAN), quantile_sorted(times, P90), key[0], key[1])
            )

    for session, skill, ms in rows:
        if (session, skill) != key:
            flush()
            key, times = (session, skill), []
        times.append(ms)
    flush()
    conn.executemany(
        "UPDATE session_skill SET median_ms = ?, p90_ms = ? WHERE session = ? AND skill = ?",
        updates,
    )


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if version > SCHEMA_VERSION:
        raise StoreError(
            say(
                "The history file {path} was written by a newer version of Sabot (format "
                "{version}; this version reads up to {supported}). Please update Sabot to open it."
            ).format(path=path, version=version, supported=SCHEMA_VERSION)
        )
    while version < SCHEMA_VERSION:
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read under the write lock: another program may have migrated meanwhile.
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version < SCHEMA_VERSION:
                MIGRATIONS[version](conn)
                version += 1
                conn.execute(f"PRAGMA user_version = {version}")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
