"""A school's shared history: which store opens (SABOT_DATABASE_URL, the setting), no password
in the settings, and the PostgreSQL store's own behaviour against a real server — a trainee's
history on another PC, answers waiting while the server is down, a process killed with answers
in its outbox, the import of a local history."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer, school_login
from trainer.history.interface import StoreError, SyncStatus
from trainer.history.opening import database_url, has_password, is_database_url, open_history
from trainer.settings import Settings, SettingsError

REPO = Path(__file__).resolve().parents[2]


# -- choosing, and no password saved ----------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://ana:secret@school/sabot",
        "postgresql://school/sabot?user=ana&password=secret",
        "host=school dbname=sabot user=ana password=secret",
        "service=school password=x",
    ],
)
def test_a_url_with_a_password_is_never_saved(url: str, tmp_path: Path) -> None:
    assert has_password(url)
    settings = Settings.load(tmp_path / "settings.json")
    with pytest.raises(SettingsError, match="never saved in the settings.*pgpass"):
        settings.set_database_url(url)
    assert settings.prefs.database_url is None
    settings.prefs.database_url = url  # set behind its back: save refuses all the same
    with pytest.raises(SettingsError, match="never saved"):
        settings.save()
    assert not (tmp_path / "settings.json").exists()


@pytest.mark.parametrize(
    ("url", "bare"),
    [
        ("postgresql://ana:secret@school/sabot", "postgresql://ana@school/sabot"),
        ("postgresql://school/sabot?user=ana&password=x", "postgresql://school/sabot?user=ana"),
        ("host=school password='a b' user=ana", "host=school user=ana"),
        ("service=school", "service=school"),
    ],
)
def test_this_pcs_copy_is_found_by_the_url_without_its_password(url: str, bare: str) -> None:
    from trainer.history.opening import without_password

    assert without_password(url) == bare and not has_password(bare)


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://school/sabot?user=ana",
        "postgresql://ana@school:5433/sabot",
        "service=school",
        "host=school dbname=sabot user=ana",
    ],
)
def test_a_url_without_a_password_is_saved_and_read_back(url: str, tmp_path: Path) -> None:
    assert is_database_url(url) and not has_password(url)
    settings = Settings.load(tmp_path / "settings.json")
    settings.set_database_url(url)
    settings.save()
    assert Settings.load(tmp_path / "settings.json").prefs.database_url == url
    assert "password" not in (tmp_path / "settings.json").read_text()


def test_a_password_written_into_the_file_by_hand_is_dropped(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps({"version": 1, "preferences": {"database_url": "postgresql://a:pw@h/db"}})
    )
    settings = Settings.load(path)
    assert settings.prefs.database_url is None
    assert settings.notice is not None and "database_url" in settings.notice


def test_not_a_server_url_is_one_sentence(tmp_path: Path) -> None:
    settings = Settings.load(tmp_path / "settings.json")
    with pytest.raises(SettingsError, match="postgresql://HOST/DATABASE"):
        settings.set_database_url("mysql://school/sabot")
    with pytest.raises(StoreError, match="postgresql://HOST/DATABASE"):
        open_history("mysql://school/sabot")


def test_the_environment_comes_before_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SABOT_DATABASE_URL", raising=False)
    assert database_url(None) is None
    assert database_url("service=school") == "service=school"
    monkeypatch.setenv("SABOT_DATABASE_URL", "service=other")
    assert database_url("service=school") == "service=other"


def test_no_url_opens_this_pcs_history() -> None:
    from trainer.history.store import Store

    store = open_history(None)
    try:
        assert isinstance(store, Store) and store.status() is None
    finally:
        store.close()


def test_the_status_says_how_many_answers_wait() -> None:
    assert SyncStatus(online=False, waiting=12).text == "offline — 12 answers waiting"
    assert SyncStatus(online=False, waiting=1).text == "offline — 1 answer waiting"
    assert SyncStatus(online=True, waiting=0).text == "school's server: every answer sent"
    assert SyncStatus(online=False, waiting=0).text == "offline — no answer waiting"
    refused = SyncStatus(online=True, waiting=3, problem="permission denied for table attempt")
    assert refused.text.startswith("the school's server refuses them (permission denied")


# -- against a real server ---------------------------------------------------------------------

_N = iter(range(1, 10_000))


@pytest.fixture(scope="module")
def own_server() -> object:
    """A server of this module's own: these tests stop and start it."""
    server = PgServer()
    yield server
    server.remove()


def _login(server: PgServer) -> str:
    return school_login(server, f"pupil_{os.getpid()}_{next(_N)}")


def _drill(store: object, answers: int, *, first: int = 0) -> int:
    sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")  # type: ignore[attr-defined]
    for n in range(first, first + answers):
        store.record(
            sid, "announce", f"hard-{n % 9 + 12}", {"n": n}, str(n), str(n), n % 4 > 0, 700 + n
        )  # type: ignore[attr-defined]  # noqa: E501
    store.end_session(sid)  # type: ignore[attr-defined]
    return sid


def _on_server(url: str) -> list[tuple[str, int]]:
    from trainer.history.server_reads import ServerHistory

    with ServerHistory(url) as server:
        return [(a.answer, a.response_ms) for a in server.attempts()]


@pytest.mark.slow
def test_the_setting_or_the_environment_opens_the_schools_history(
    own_server: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    from trainer.commands.common import open_store
    from trainer.history.postgres import PostgresStore

    url = _login(own_server)
    monkeypatch.setenv("SABOT_DATABASE_URL", url)
    store = open_store()
    try:
        assert isinstance(store, PostgresStore)
        _drill(store, 3)
        assert store.sync(30)
        assert store.status() == SyncStatus(online=True, waiting=0)
    finally:
        store.close()
    assert _on_server(url) == [("0", 700), ("1", 701), ("2", 702)]


@pytest.mark.slow
def test_a_trainee_finds_their_history_on_another_pc(own_server: PgServer, tmp_path: Path) -> None:
    from trainer.history import stats
    from trainer.history.postgres import PostgresStore

    url = _login(own_server)
    clock = Clock()
    with PostgresStore.open(url, data=tmp_path / "pc1", clock=clock) as pc1:
        _drill(pc1, 12)
        clock.now += 3600
        _drill(pc1, 5, first=12)
        assert pc1.sync(30)
        seen = [(a.item, a.answer, a.correct, a.response_ms, a.at) for a in pc1.attempts()]
        figures = stats.skill_stats(pc1, "Ana", {"announce": 2.0})
        sessions = [
            (s.mode, s.started, s.ended, s.attempts, s.correct) for s in pc1.sessions("Ana")
        ]
    with PostgresStore.open(url, data=tmp_path / "pc2", clock=clock) as pc2:
        assert pc2.sync(30)
        assert [(a.item, a.answer, a.correct, a.response_ms, a.at) for a in pc2.attempts()] == seen
        assert stats.skill_stats(pc2, "Ana", {"announce": 2.0}) == figures
        assert [
            (s.mode, s.started, s.ended, s.attempts, s.correct) for s in pc2.sessions("Ana")
        ] == sessions
        _drill(pc2, 2, first=100)  # practised on pc2: sent once, and pc1 gets it next time
        assert pc2.sync(30)
    with PostgresStore.open(url, data=tmp_path / "pc1", clock=clock) as pc1:
        assert pc1.sync(30)
        assert len(list(pc1.attempts())) == 19
    assert len(_on_server(url)) == 19


@pytest.mark.slow
def test_a_profile_on_the_schools_server_is_renamed_not_deleted(
    own_server: PgServer, tmp_path: Path
) -> None:
    from trainer.history.interface import UnwritableError
    from trainer.history.postgres import PostgresStore
    from trainer.history.server_reads import ServerHistory

    url = _login(own_server)
    with PostgresStore.open(url, data=tmp_path) as store:
        _drill(store, 2)
        with pytest.raises(UnwritableError, match="only be deleted by the school"):
            store.delete_profile("Ana")
        store.rename_profile("Ana", "Ana B.")
        assert store.sync(30)
    with ServerHistory(url) as server:
        assert {a.profile for a in server.attempts()} == {"Ana B."}


@pytest.mark.slow
def test_a_profile_renamed_on_another_pc_is_renamed_here_at_the_next_pull(
    own_server: PgServer, tmp_path: Path
) -> None:
    from trainer.history.postgres import PostgresStore
    from trainer.history.server_reads import ServerHistory

    url = _login(own_server)
    clock = Clock()
    with PostgresStore.open(url, data=tmp_path / "pc1", clock=clock) as pc1:
        _drill(pc1, 3)
        assert pc1.sync(30)
    with PostgresStore.open(url, data=tmp_path / "pc2", clock=clock) as pc2:
        assert pc2.sync(30)
        assert [p.name for p in pc2.profiles()] == ["Ana"]
    with PostgresStore.open(url, data=tmp_path / "pc1", clock=clock) as pc1:
        pc1.rename_profile("Ana", "Ana B.")
        clock.now += 60
        sid = pc1.start_session("Ana B.", "practice", ["announce"], "casino-fr")
        for n in range(2):  # under the new name
            pc1.record(sid, "announce", "hard-12", {"n": n}, "12", "12", True, 800)
        pc1.end_session(sid)
        assert pc1.sync(30)
    with PostgresStore.open(url, data=tmp_path / "pc2", clock=clock) as pc2:
        assert pc2.sync(30)
        assert [p.name for p in pc2.profiles()] == ["Ana B."]
        assert [s.attempts for s in pc2.sessions("Ana B.")] == [3, 2]  # one profile, all of it
        assert pc2.waiting() == 0
        (n,) = pc2._conn.execute("SELECT count(*) FROM sync_outbox").fetchone()
        assert n == 0  # nothing to send back: the server had it
    with ServerHistory(url) as server:
        assert {a.profile for a in server.attempts()} == {"Ana B."}
        assert len(server.attempts()) == 5


@pytest.mark.slow
def test_answers_wait_while_the_server_is_down_and_arrive_once(
    own_server: PgServer, tmp_path: Path
) -> None:
    from trainer.history.postgres import PostgresStore

    url = _login(own_server)
    with PostgresStore.open(url, data=tmp_path, retry_s=0.2) as store:
        _drill(store, 3)
        assert store.sync(30)
        own_server.stop()  # the server restarts, or the network is down
        try:
            sid = store.start_session("Ana", "sprint", ["announce"], "casino-fr", planned=12)
            for n in range(12):
                # recorded at once, as ever: nothing waits on the network
                assert store.record(sid, "announce", "soft-17", {"n": n}, "7", "7", True, 900 + n)
            assert store.sync(10) is False
            status = store.status()
            assert status == SyncStatus(online=False, waiting=12)
            assert status.text == "offline — 12 answers waiting"
            assert len(list(store.attempts())) == 15  # every figure still reads: this PC's copy
        finally:
            own_server.start()
        assert store.sync(30)
        assert store.status() == SyncStatus(online=True, waiting=0)
    remote = _on_server(url)
    assert remote == [(str(n), 700 + n) for n in range(3)] + [("7", 900 + n) for n in range(12)]


def test_answers_held_on_a_full_disk_are_tried_a_chunk_at_a_time(
    own_server: PgServer, tmp_path: Path
) -> None:
    """An hour with this PC's copy on a full disk holds thousands of answers, and each new one
    tries to write what is held: a try that fails costs one chunk of them, not all (it cost
    every one, in one transaction); once there is room, every one is written, in order, and
    reaches the server."""
    from tests.volumes import fill, small_volume
    from trainer.history.postgres import PostgresStore
    from trainer.history.store import SAVE_CHUNK

    url = _login(own_server)
    with (
        small_volume(tmp_path / "volume", "1m") as volume,
        PostgresStore.open(url, data=volume, retry_s=0.2) as store,
    ):
        sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
        filler = fill(volume)
        given = 0

        def answer() -> int | None:
            nonlocal given
            given += 1
            q = {"n": given - 1}
            return store.record(sid, "announce", "hard-15", q, "5", "5", True, given - 1)

        while given < 5000 and answer() is not None:
            pass
        while store.kept < 4 * SAVE_CHUNK:
            answer()
        tried: list[str] = []
        store._conn.set_trace_callback(tried.append)
        before = store.kept
        assert answer() is None
        store._conn.set_trace_callback(None)
        saved = before + 1 - store.kept
        inserts = sum(1 for sql in tried if "INSERT INTO attempt" in sql)
        assert inserts - saved <= SAVE_CHUNK, (inserts, saved, before)
        filler.unlink()
        assert store.retry() is True and store.kept == 0
        store.end_session(sid)
        assert store.sync(30)
    assert [ms for _, ms in _on_server(url)] == list(range(given))


CHILD = """
import sys
from pathlib import Path
from trainer.history.postgres import PostgresStore

store = PostgresStore.open(sys.argv[1], data=Path(sys.argv[2]), send=sys.argv[3] == "send")
sid = store.start_session("Ana", "practice", ["announce"], "casino-fr")
for n in range(int(sys.argv[4])):
    store.record(sid, "announce", "hard-15", {"n": n}, str(n), str(n), True, 800 + n)
print("recorded", flush=True)
sys.stdin.readline()  # killed here, with -9
"""


@pytest.mark.slow
@pytest.mark.parametrize("sending", ["send", "nosend"])
def test_answers_in_the_outbox_survive_a_kill_and_go_with_the_next_start(
    own_server: PgServer, tmp_path: Path, sending: str
) -> None:
    from trainer.history.postgres import PostgresStore

    url = _login(own_server)
    if sending == "send":
        own_server.stop()  # they cannot go: they wait in the outbox when the kill comes
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, url, str(tmp_path), sending, "25"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=REPO,
        )
        assert child.stdout is not None and child.stdin is not None
        try:
            assert child.stdout.readline() == "recorded\n"
        finally:
            child.send_signal(signal.SIGKILL)
            child.wait(timeout=30)
            child.stdout.close()
            child.stdin.close()
        assert child.returncode == -signal.SIGKILL
    finally:
        if sending == "send":
            own_server.start()
    assert _on_server(url) == []
    with PostgresStore.open(url, data=tmp_path) as store:  # the next start
        assert store.status().waiting == 25
        assert store.sync(30)
    assert _on_server(url) == [(str(n), 800 + n) for n in range(25)]
    with PostgresStore.open(url, data=tmp_path) as store:  # and once only
        assert store.sync(30) and store.status().waiting == 0
    assert len(_on_server(url)) == 25


@pytest.mark.slow
def test_an_answer_sent_but_not_yet_forgotten_is_stored_once(
    own_server: PgServer, tmp_path: Path
) -> None:
    # the server committed, the program died before the outbox forgot them: sent again
    from trainer.history.postgres import PostgresStore

    url = _login(own_server)
    store = PostgresStore.open(url, data=tmp_path)
    _drill(store, 4)
    assert store.sync(30)
    store._forgotten = store._sent_upto = 0  # as a new process finds the outbox
    store._forget_sent = lambda conn: None  # type: ignore[method-assign]
    store.close()
    with PostgresStore.open(url, data=tmp_path) as again:
        assert again.status().waiting == 4  # still in the outbox: sent again ...
        assert again.sync(30)
    assert len(_on_server(url)) == 4  # ... and stored once


def _sabot(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", *args],
        capture_output=True, text=True, env=env, cwd=REPO, timeout=120,
    )  # fmt: skip


@pytest.mark.slow
def test_a_local_history_is_imported_once(own_server: PgServer, tmp_path: Path) -> None:
    from trainer.history.postgres import PostgresStore
    from trainer.history.store import Store

    data = tmp_path / "own"
    clock = Clock()
    with Store.open(data / "history.sqlite3", clock=clock) as own:
        _drill(own, 6)
        clock.now += 60
        sid = own.start_session("Ben", "sprint", ["sums"], "casino-fr", planned=3)
        own.record(sid, "sums", "s1", {"cards": ["9", "7"]}, "16", "16", True, 1200)
        # left running: an unfinished session goes up as it is
    url = _login(own_server)
    env = dict(os.environ, PYTHONPATH=str(REPO), SABOT_DATA_DIR=str(data))
    first = _sabot("server", "import", url, "--profile", "ana", env=env)
    assert first.returncode == 0, first.stderr
    assert first.stdout.strip() == "6 answers uploaded, 0 already on the server"
    again = _sabot("server", "import", url, env=env)  # every profile now: Ana's are there
    assert again.returncode == 0, again.stderr
    assert again.stdout.strip() == "1 answer uploaded, 6 already on the server"
    third = _sabot("server", "import", url, env=env)
    assert third.stdout.strip() == "0 answers uploaded, 7 already on the server"
    assert sorted(_on_server(url)) == sorted([(str(n), 700 + n) for n in range(6)] + [("16", 1200)])
    missing = _sabot("server", "import", url, "--profile", "Zoe", env=env)
    assert missing.returncode == 2 and "no profile named 'Zoe'" in missing.stderr
    assert "Traceback" not in missing.stderr
    # the school's copy on a PC finds the imported history too, its figures whole
    with PostgresStore.open(url, data=tmp_path / "pc") as pc:
        assert pc.sync(30)
        sessions = {s.profile: s for p in ("Ana", "Ben") for s in pc.sessions(p)}
        assert sessions["Ana"].attempts == 6 and sessions["Ana"].ended is not None
        assert sessions["Ben"].attempts == 1 and sessions["Ben"].ended is None
        assert sessions["Ben"].planned == 3


@pytest.mark.slow
def test_a_terminal_drill_on_the_schools_server(own_server: PgServer, tmp_path: Path) -> None:
    url = _login(own_server)
    env = dict(os.environ, PYTHONPATH=str(REPO), SABOT_DATA_DIR=str(tmp_path / "data"))
    down = dict(env, SABOT_DATABASE_URL="postgresql:///sabot?host=/nonexistent-sabot&user=ana")
    r = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "drill", "announce", "--count", "2", "--seed", "5"],
        input="6 or 16\n17\n", capture_output=True, text=True, env=down, cwd=REPO, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "2 answers wait on this PC and go with the next start of Sabot" in r.stderr
    assert "Traceback" not in r.stderr
    up = dict(env, SABOT_DATABASE_URL=url)
    r = subprocess.run(
        [sys.executable, "-m", "trainer.cli", "drill", "announce", "--count", "2", "--seed", "5"],
        input="6 or 16\n17\n", capture_output=True, text=True, env=up, cwd=REPO, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "wait on this PC" not in r.stderr
    assert [answer for answer, _ in _on_server(url)] == ["6 or 16", "17"]


@pytest.mark.slow
def test_the_instructor_reads_every_trainee_on_the_server(
    own_server: PgServer, tmp_path: Path
) -> None:
    # the reader the class view is built on: row security alone decides what it sees
    from trainer.history.postgres import PostgresStore
    from trainer.history.server_reads import ServerHistory
    from trainer.history.server_setup import add_login

    ana, ben = _login(own_server), _login(own_server)
    for n, url in enumerate((ana, ben)):
        with PostgresStore.open(url, data=tmp_path / str(n)) as store:
            _drill(store, 2 + n)
            assert store.sync(30)
    add_login(own_server.url, "roux", instructor=True)
    ana_login, ben_login = (u.rsplit("user=", 1)[1] for u in (ana, ben))
    with ServerHistory(own_server.login_url("roux")) as school:
        assert {ana_login, ben_login} <= set(school.trainees())
        assert len(school.attempts(ana_login)) == 2 and len(school.attempts(ben_login)) == 3
    with ServerHistory(ana) as own:
        assert own.trainees() == [ana_login]
        assert own.attempts(ben_login) == []
