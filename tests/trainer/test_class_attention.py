"""Who needs the instructor's attention, and why, from a class seeded on a real PostgreSQL server
of its own (started by the tests; skipped with the reason where it cannot be): a class whose weak,
falling, idle, slow, unfinished, failing and late trainees are known in advance — each flagged for
its reason, in one line, and no one else flagged. Time is the view's `now`, given, never the
clock of the machine."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta

import pytest

from tests.trainer.history import Clock
from tests.trainer.pg_server import PgServer
from trainer.history.classview import (
    DUE,
    FAILED,
    FALLING,
    IDLE,
    SLOW,
    UNFINISHED,
    WEAK,
    ClassView,
    class_view,
)
from trainer.history.postgres import PostgresStore
from trainer.history.server_exams import assign_exam
from trainer.history.server_setup import add_login, init_server

pytestmark = pytest.mark.slow

NOW = datetime(2030, 3, 15, 12, 0, tzinfo=UTC).timestamp()
DAY = 86400
TARGETS = {"announce": 2.0, "dealer": 3.0, "outcome": 3.0}
REQUIRED = ["announce", "dealer"]
SEED = 7001  # the exam assigned to the class
FAST = {"announce": 900, "dealer": 1200, "outcome": 1500}

# a session: (days before NOW it starts, mode, {skill: marks ('1' right, '0' wrong)}, ms by skill,
# and for an exam: seed, planned, assigned)
Session = tuple[float, str, dict[str, str], dict[str, int], dict[str, object]]


def practice(days: float, marks: dict[str, str], ms: dict[str, int] | None = None) -> Session:
    return (days, "practice", marks, ms or FAST, {})


def exam(days: float, marks: dict[str, str], seed: int, **kw: object) -> Session:
    planned = kw.pop("planned", sum(len(m) for m in marks.values()))
    return (days, "exam", marks, FAST, {"seed": seed, "planned": planned, **kw})


def good(days: float) -> Session:
    """30 right answers at each required skill, quickly."""
    return practice(days, {"announce": "1" * 30, "dealer": "1" * 30})


def assigned_try(days: float = 16) -> Session:
    return exam(days, {"announce": "11", "dealer": "11"}, SEED, assigned=True)


# Who is who, and the one reason each should be flagged for (None: nobody should look)
CLASS: dict[str, tuple[str | None, list[Session]]] = {
    # mastered both, passed the assigned exam; an older failed exam started before a later
    # pass but sent to the server after it (its id higher): his latest is the pass
    "fine": (
        None,
        [
            exam(3, {"outcome": "1" * 10}, 7101),
            assigned_try(),
            good(10),
            good(2),
            exam(15, {"outcome": "1" * 2 + "0" * 8}, 7102),
        ],
    ),
    # 50 % on announce last week, 66 % this week: weak, not falling
    "weak": (
        WEAK,
        [
            assigned_try(),
            practice(10, {"announce": "10" * 15, "dealer": "1" * 30}),
            practice(2, {"announce": "110" * 10, "dealer": "1" * 30}),
        ],
    ),
    # 100 % last week, 70 % this week over 40 answers: the last 30 and the 30 before are both
    # this week's and both bad — a fall week on week all the same
    "falling": (
        FALLING,
        [
            assigned_try(),
            practice(10, {"announce": "1" * 30, "dealer": "1" * 30}),
            practice(2, {"announce": "1101101011" * 4, "dealer": "1" * 30}),
        ],
    ),
    # 100 % last week; this week 50 % at first, then 30 right: each week is judged on its
    # last 30 answers, as mastery judges — recovered, not falling (the week's 60 are 75 %)
    "recovered": (
        None,
        [
            assigned_try(),
            practice(10, {"announce": "1" * 30}),
            practice(3, {"announce": "10" * 15}),
            practice(1, {"announce": "1" * 30}),
        ],
    ),
    # 100 % last week, 90 % this week (27 of 30): under the mastery's 95 % and 10 points down,
    # but a trainee at 95 % gets 27 or fewer one time in five — not yet evidence of either
    "noisy": (
        None,
        [
            assigned_try(),
            practice(10, {"announce": "1" * 30, "dealer": "1" * 30}),
            practice(2, {"announce": "1111111110" * 3, "dealer": "1" * 30}),
        ],
    ),
    # everything right, nothing for nine days
    "idle": (IDLE, [assigned_try(), good(12), good(9.5)]),
    # 30/30 at 4.2 s against a target of 3 s, and announce slow too: nothing mastered
    "slow": (
        SLOW,
        [
            assigned_try(),
            practice(
                10, {"announce": "1" * 30, "dealer": "1" * 30}, {"announce": 2600, "dealer": 4200}
            ),
            practice(
                2, {"announce": "1" * 30, "dealer": "1" * 30}, {"announce": 2600, "dealer": 4200}
            ),
        ],
    ),
    # an exam left at 7 answers of 28 two days ago, not taken again since
    "unfinished": (
        UNFINISHED,
        [assigned_try(), good(10), good(3), exam(2, {"outcome": "1" * 7}, 7201, planned=28)],
    ),
    # a pass, then his latest exam, of the outcome alone (its answers too few to make the
    # outcome weak), failed
    "failing": (
        FAILED,
        [
            assigned_try(),
            good(10),
            good(3),
            exam(4, {"outcome": "1" * 10}, 7301),
            exam(1, {"outcome": "1" * 5 + "0" * 5}, 7302),
        ],
    ),
    # practised well, the assigned exam not taken: its last day is tomorrow
    "late": (DUE, [good(10), good(2)]),
    # an exam under way (begun an hour ago, not ended): not yet unfinished
    "sitting": (None, [assigned_try(), good(10), good(2)]),
}


def _record(store: PostgresStore, clock: Clock, session: Session, assignment: int) -> None:
    days, mode, marks, ms, kw = session
    clock.now = NOW - days * DAY
    assigned = assignment if kw.pop("assigned", False) else None
    sid = store.start_session(
        "Ana", mode, list(marks), "casino-fr",
        seed=kw.get("seed"), planned=kw.get("planned"), assignment=assigned,  # type: ignore[arg-type]
    )  # fmt: skip
    for skill, answers in marks.items():
        for n, mark in enumerate(answers):
            clock.now += 5
            store.record(sid, skill, f"i{n % 7}", {"n": n}, str(n), str(n), mark == "1", ms[skill])
    store.end_session(sid)


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ClassView]:
    """The class on a server of its own (its class is these trainees alone), read at NOW."""
    server = PgServer()
    try:
        init_server(server.url)
        today = date.fromtimestamp(NOW)
        add_login(server.url, "attention_roux", instructor=True)
        instructor = server.login_url("attention_roux")
        a = assign_exam(
            instructor, REQUIRED, SEED, "casino-fr", 900,
            today - timedelta(days=20), today + timedelta(days=1), "Payouts week",
        )  # fmt: skip
        folder = tmp_path_factory.mktemp("attention")
        for login, (_kind, sessions) in CLASS.items():
            add_login(server.url, login)
            clock = Clock(NOW)
            url = server.login_url(login)
            with PostgresStore.open(url, data=folder / login, clock=clock) as store:
                for session in sessions:
                    _record(store, clock, (*session[:4], dict(session[4])), a.id)
                if login == "sitting":  # begun an hour ago, two answers in, not ended
                    clock.now = NOW - 3600
                    sid = store.start_session("Ana", "exam", ["outcome"], "casino-fr", seed=7401,
                                              planned=20)  # fmt: skip
                    for n in range(2):
                        store.record(sid, "outcome", "i", {"n": n}, "1", "1", True, 900)
                assert store.sync(30)
        yield class_view(instructor, TARGETS, REQUIRED, now=NOW)
    finally:
        server.remove()


def test_each_trainee_is_flagged_for_its_reason_and_no_one_else(seeded: ClassView) -> None:
    rows = {t.login: t for t in seeded.trainees}
    assert set(rows) == set(CLASS)
    for login, (kind, _sessions) in CLASS.items():
        kinds = [r.kind for r in rows[login].attention]  # type: ignore[attr-defined]
        assert kinds == ([] if kind is None else [kind]), (login, rows[login].attention)
        assert all("\n" not in r for r in rows[login].attention)  # one line each
    for kind in (WEAK, FALLING, IDLE, SLOW, UNFINISHED, FAILED, DUE):
        expected = sorted(login for login, (k, _s) in CLASS.items() if k == kind)
        assert [t.login for t in seeded.flagged(kind)] == expected
    assert {t.login for t in seeded.attention} == {k for k, (v, _s) in CLASS.items() if v}


def test_each_reason_says_what_and_how_much(seeded: ClassView) -> None:
    said = {t.login: t.attention[0] if t.attention else "" for t in seeded.trainees}
    assert said["weak"] == (
        "weak (clearly under 95%: 83% or less over the last 30): Announce the point 66%"
    )
    assert said["falling"] == (
        "falling since last week (each week's last 30): Announce the point 100% → 70%"
    )
    assert said["idle"] == "no practice for 9 days"
    assert said["slow"] == (
        "nothing mastered, and slower than the target on all 2 skills practised"
    )
    assert said["unfinished"] == ("1 exam left unfinished this week, the latest at 7 answers of 28")
    assert said["failing"] == "failed the latest exam (seed 7302): 5 right of 10"
    assert said["late"] == "assigned exam not taken yet: Payouts week, its last day tomorrow"


def test_the_cells_stand_on_their_answers_and_say_their_speed(seeded: ClassView) -> None:
    rows = {t.login: t for t in seeded.trainees}
    slow = rows["slow"].cells["dealer"]
    # 30/30 at 4.2 s against 3 s: right every time, slow, not mastered — not a strength
    assert (slow.recent_correct, slow.recent_attempts, slow.recent_median_ms) == (30, 30, 4200)
    assert slow.slow and not slow.mastered and not slow.weak
    assert slow.gaps() == ("speed",)
    fine = rows["fine"].cells["announce"]
    assert fine.mastered and fine.slow is False and fine.judged
    # the failing trainee's outcome: 20 exam answers, too few to call weak or strong
    few = rows["failing"].cells["outcome"]
    assert few.too_few and not few.judged and not few.weak
    # week on week, each week on its last 30: the falling trainee's 30 of last week, and the
    # last 30 of the 40 of this one
    fall = rows["falling"].cells["announce"]
    assert (fall.last_week_correct, fall.last_week_attempts) == (30, 30)
    assert (fall.week_correct, fall.week_attempts) == (21, 30)
    assert fall.falling and fall.weak  # said as falling, not again as weak
    idle = rows["idle"].cells["announce"]
    assert (idle.week_attempts, idle.last_week_attempts) == (0, 30)  # 60 last week: its last 30
    back = rows["recovered"].cells["announce"]
    assert (back.week_correct, back.week_attempts) == (30, 30)  # not the week's 45 of 60
    assert not back.falling and back.mastered
    noisy = rows["noisy"].cells["announce"]
    assert (noisy.last_week_correct, noisy.week_correct, noisy.recent_correct) == (30, 27, 27)
    assert not noisy.weak and not noisy.falling and not noisy.mastered


def test_ready_says_what_is_missing(seeded: ClassView) -> None:
    rows = {t.login: t for t in seeded.trainees}
    assert rows["fine"].ready and rows["fine"].missing(seeded.needed) == ((), False)
    cells, exam_missing = rows["late"].missing(seeded.needed)
    assert cells == () and exam_missing and not rows["late"].ready
    cells, exam_missing = rows["weak"].missing(seeded.needed)
    assert [c.skill for c in cells] == ["announce"] and not exam_missing
    assert cells[0].gaps() == ("accuracy",)
    assert seeded.needed == tuple(REQUIRED)


def test_the_class_average_of_each_skill(seeded: ClassView) -> None:
    dealer = seeded.average("dealer")
    # every trainee's last 30 at dealer: all right
    assert (dealer.trainees, dealer.correct, dealer.attempts) == (10, 300, 300)
    assert dealer.slow == 1 and dealer.mastered == 9
    announce = seeded.average("announce")
    # weak 20/30, falling 21/30 (its last 30), noisy 27/30, the others 30/30 (the recovered
    # trainee too)
    assert (announce.trainees, announce.correct, announce.attempts) == (
        11,
        20 + 21 + 27 + 8 * 30,
        330,
    )
    outcome = seeded.average("outcome")
    assert outcome.trainees == 0 and outcome.accuracy is None  # nobody on a full window
    assert [t.login for t in seeded.ready] == ["failing", "fine", "idle", "sitting", "unfinished"]


@pytest.fixture
def english_after() -> Iterator[None]:
    from trainer.i18n import set_language

    try:
        yield
    finally:
        set_language("en")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ("faible", "en baisse", "aucun entraînement", "Annoncer le point")),
        ("it", ("debole", "in calo", "nessun allenamento", "Annunciare il punto")),
    ],
)
def test_the_reasons_in_french_and_italian(
    seeded: ClassView, english_after: None, lang: str, words: tuple[str, ...]
) -> None:
    from dataclasses import replace

    from trainer.history.classview import attention
    from trainer.i18n import set_language

    set_language(lang)
    said = []
    for t in seeded.trainees:
        last = None if t.last_activity is None else t.last_activity.timestamp()
        again = replace(t, attention=attention(t.cells.values(), last, t.exams, NOW, t.due))
        assert [r.kind for r in again.attention] == [r.kind for r in t.attention]  # type: ignore[attr-defined]
        said += again.attention
    text = "\n".join(said)
    assert "weak" not in text and "falling" not in text and "Announce" not in text
    for word in words:
        assert word in text, (word, text)
