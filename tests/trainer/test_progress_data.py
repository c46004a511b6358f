"""The progress view's figures against the store's own statistics and figures worked by hand."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.trainer.history import DAY, NOON, Clock
from trainer.history import progress_data as pd
from trainer.history import stats
from trainer.history.stats import MASTERY
from trainer.history.store import Store
from trainer.practice.drill import EXAM_PER_SKILL
from trainer.practice.skills import TARGETS

if TYPE_CHECKING:
    from trainer.practice.deal import DealShoe


def drill(
    store: Store,
    attempts: Sequence[tuple[bool, int]],
    *,
    skill: str = "announce",
    profile: str = "Anna",
    mode: str = "practice",
    skills: Sequence[str] | None = None,
    end: bool = True,
    items: Sequence[str] | None = None,
) -> int:
    """One session of (correct, ms) attempts of one skill; returns its id."""
    session = store.start_session(profile, mode, skills or [skill], "casino-fr")
    with store.batch():
        for n, (correct, ms) in enumerate(attempts):
            item = items[n % len(items)] if items else f"{skill}:i{n % 3}"
            store.record(session, skill, item, {"n": n}, "a" if correct else "x", "a", correct, ms)
    if end:
        store.end_session(session)
    return session


# -- the timeline ------------------------------------------------------------------------------


def test_points_are_each_sessions_figures_per_skill(store: Store, clock: Clock) -> None:
    first = drill(store, [(True, 1000), (False, 3000), (True, 2000)])
    clock.now += DAY
    mixed = store.start_session("Anna", "practice", ["announce", "chips"], "casino-fr")
    for skill, correct, ms in [
        ("chips", True, 4000),
        ("announce", True, 1500),
        ("chips", False, 6000),
        ("announce", True, 2500),
        ("chips", True, 5000),
    ]:
        store.record(mixed, skill, f"{skill}:x", {}, "a", "a", correct, ms)
    store.end_session(mixed)
    clock.now += DAY
    running = drill(store, [(True, 900), (True, 1100), (False, 5000), (True, 800)], end=False)
    drill(store, [], mode="sprint")  # no answer: neither a point nor a line

    points, lines = pd.session_history(store, "Anna")
    assert [(p.session_id, p.skill) for p in points] == [
        (first, "announce"),
        (mixed, "announce"),
        (mixed, "chips"),
        (running, "announce"),
    ]
    for p in points:
        expected = stats.session_stats(store, p.session_id).by_skill[p.skill]
        assert (p.attempts, p.correct, p.total_ms) == (
            expected.attempts,
            expected.correct,
            expected.total_ms,
        )
        assert p.median_ms == expected.median_ms
        assert p.p90_ms == expected.p90_ms
    assert points[-1].median_ms == 1000.0 and not points[-1].ended  # computed: never ended
    assert [line.session_id for line in lines] == [first, mixed, running]
    assert [(line.attempts, line.correct, line.total_ms) for line in lines] == [
        (3, 2, 6000),
        (5, 4, 19000),
        (4, 3, 7800),
    ]
    assert lines[1].skills == ("announce", "chips") and lines[2].ended is None
    assert lines[0].mean_ms == 2000 and lines[0].accuracy == pytest.approx(2 / 3)


def test_timeline_filters_by_skill_mode_and_date(store: Store, clock: Clock) -> None:
    clock.now = NOON - 20 * DAY
    old = drill(store, [(True, 1000)])
    clock.now = NOON - 2 * DAY
    sprint = drill(store, [(True, 1000)], mode="sprint")
    recent = drill(store, [(True, 1000)])
    drill(store, [(True, 1000)], skill="chips")
    points, _ = pd.session_history(store, "Anna")

    def ids(found: list[pd.SessionPoint]) -> list[int]:
        return [p.session_id for p in found]

    assert ids(pd.timeline(points, "announce")) == [old, sprint, recent]
    assert ids(pd.timeline(points, "announce", "sprint")) == [sprint]
    week = pd.since(pd.RANGES["Last 7 days"], NOON)
    assert ids(pd.timeline(points, "announce", None, week)) == [sprint, recent]
    assert ids(pd.timeline(points, "announce", "practice", week)) == [recent]
    assert pd.since(None, NOON) is None


def point(n: int, correct: int, median: float | None) -> pd.SessionPoint:
    return pd.SessionPoint(1, 0.0, "practice", "announce", n, correct, n * 1000, median, None, True)


def test_moving_average_by_hand() -> None:
    points = [point(10, 10, 1000), point(10, 5, 3000), point(20, 20, None), point(40, 20, 2000)]
    accuracy, times = pd.moving_average(points, window=2)
    assert accuracy == [1.0, 15 / 20, 25 / 30, 40 / 60]
    assert times == [1000, 2000, 3000, 2000]  # a point without median is left out of the mean
    assert pd.moving_average([]) == ([], [])


# -- the trend, the heat map, the questions ----------------------------------------------------


def test_trend_compares_this_week_with_the_week_before(store: Store, clock: Clock) -> None:
    clock.now = NOON - 10 * DAY  # the week before: 2 of 4 right, 4 s each
    drill(store, [(True, 4000), (False, 4000), (True, 4000), (False, 4000)])
    clock.now = NOON - 20 * DAY  # too old to count
    drill(store, [(False, 9000)] * 5)
    clock.now = NOON - 1 * DAY  # this week: 3 of 4 right, 3 s each
    drill(store, [(True, 3000), (True, 3000), (True, 3000), (False, 3000)])
    clock.now = NOON - 3 * DAY
    drill(store, [(True, 2000)], skill="chips")  # this week only: no trend

    trends = pd.trends(store, "Anna", NOON)
    announce = trends["announce"]
    assert (announce.attempts, announce.correct, announce.total_ms) == (4, 3, 12000)
    assert (announce.before_attempts, announce.before_correct) == (4, 2)
    assert announce.accuracy_change == pytest.approx(25.0)
    assert announce.mean_ms_change == pytest.approx(-1000.0)
    assert trends["chips"].accuracy_change is None and trends["chips"].attempts == 1


def test_item_cells_in_natural_order_with_their_tallies(store: Store) -> None:
    keys = ["announce:soft-15", "announce:hard-4", "announce:hard-14", "announce:blackjack"]
    drill(store, [(False, 3000), (True, 1000), (True, 2000), (True, 1500)] * 2, items=keys)
    drill(store, [(True, 1000)], skill="pay-blackjack", items=["pay-blackjack:100"])
    drill(store, [(False, 2000)], skill="pay-blackjack", items=["pay-blackjack:25"])
    cells = pd.item_cells(store, "Anna", TARGETS)
    assert [c.item for c in cells] == [
        "announce:blackjack",
        "announce:hard-4",
        "announce:hard-14",
        "announce:soft-15",
        "pay-blackjack:25",
        "pay-blackjack:100",
    ]
    soft = cells[3]
    assert (soft.attempts, soft.wrong, soft.total_ms, soft.label) == (2, 2, 6000, "soft 15")
    assert soft.error_rate == 1.0 and soft.slowness == pytest.approx(3000 / 2000)
    assert cells[4].target_s == TARGETS["pay-blackjack"]
    totals = {w.item: (w.attempts, w.wrong) for w in stats.weakest_items(store, "Anna", 99)}
    assert {c.item: (c.attempts, c.wrong) for c in cells} == totals


def test_questions_of_no_known_skill_in_one_line() -> None:
    assert pd.describe_question({"cards": ["AS", "6D"], "box": 3, "split": False}) == (
        "cards A 6 · box 3"
    )
    assert pd.describe_question({"bet": "25", "doubled": True, "result": "win"}) == (
        "bet 25 · doubled · result win"
    )
    assert pd.describe_question(
        {"cards": [["TH", "9S"], ["JD", "QS"]], "choices": ["a", "b"], "bets": {"seat": "5"}}
    ) == ("cards 10 9 | J Q · bets seat 5")
    assert pd.item_label("chips:37") == "chips:37".split(":")[1]
    # A question stored in another shape than its skill's today: listed, not a traceback.
    assert pd.describe_question({"n": 1}, "exposed-card") == "n 1"


SPOKEN = [
    (
        "exposed-card",
        {"card": "4C", "turn": "2", "boxes": [1, 2, 4, 5], "refused_by": ["2", "4", "5"]},
        "a 4 exposed at box 2's turn, refused by boxes 2, 4 and 5",
    ),
    (
        "exposed-card",
        {"card": "AD", "turn": "3.2", "boxes": [3, 6], "refused_by": ["6", "dealer"]},
        "an A exposed at hand 3.2's turn, refused by box 6 and the dealer",
    ),
    (
        "exposed-card",
        {"card": "8H", "turn": "1", "boxes": [1], "refused_by": []},
        "an 8 exposed at box 1's turn, refused by no one",
    ),
    (
        "announce",
        {"cards": ["AS", "4C", "5S"], "box": 7, "split": False, "stood": False},
        "A, 4 and 5 at box 7",
    ),
    (
        "announce",
        {"cards": ["TS", "9D"], "box": 4, "split": True, "stood": True},
        "10 and 9 at the first hand of split box 4, the hand stood",
    ),
    (
        "dealer",
        {"up": "AD", "shoe": ["KD", "JC", "4D"], "cards": ["AD"]},
        "the dealer shows an A; the shoe's next cards K, J and 4",
    ),
    (
        "outcome",
        {"cards": [["JS", "8H"], ["JD", "AH"]], "hands": ["7.1", "7.2"], "dealer": ["AD", "6C"]},
        "hand 7.1 has J and 8; hand 7.2 has J and A; the dealer has A and 6",
    ),
    ("pay-even", {"bet": "20", "result": "win", "box": 5}, "box 5 wins on a bet of 20"),
    (
        "pay-double",
        {"bet": "20", "doubled": True, "result": "win", "box": 4},
        "box 4 doubled a bet of 20 and wins",
    ),
    (
        "pay-blackjack",
        {"bet": "25", "cards": ["J", "A"], "box": 5},
        "Black Jack (J and A) at box 5 on a bet of 25",
    ),
    (
        "pay-insurance",
        {"bet": "30", "ask": "max", "box": 1},
        "the most box 1 may insure on a bet of 30",
    ),
    (
        "pay-insurance",
        {"bet": "30", "ask": "half", "box": 1},
        "box 1's insurance, half its bet of 30",
    ),
    (
        "pay-insurance",
        {"bet": "5", "insured": "2.5", "ask": "pay", "box": 2},
        "box 2 insured 2.50 on a bet of 5; the dealer makes Black Jack",
    ),
    (
        "pay-split",
        {
            "cards": [["QS", "JD"], ["QD", "4S"]],
            "dealer": ["2C", "KC"],
            "stakes": ["185", "185"],
            "box": 5,
        },
        "box 5 split into 2 hands: hand 5.1 has Q and J for 185; hand 5.2 has Q and 4 for 185; "
        "the dealer has 2 and K",
    ),
    (
        "pay-behind",
        {
            "bets": {"seat": "5", "behind-a": "30", "behind-b": "15"},
            "cards": [["JD", "4C", "6H"]],
            "dealer": ["9H", "JC"],
            "box": 2,
        },
        "at box 2 the seated player bets 5 and behind bettors 30 and 15; the hand has J, 4 and 6; "
        "the dealer has 9 and J",
    ),
    (
        "pay-table",
        {
            "dealer": ["6D", "TD", "JS"],
            "cards": [["KH", "6H"], ["TS", "TS"]],
            "hands": ["1", "2"],
            "stakes": ["5", "120"],
        },
        "the dealer has 6, 10 and J against 2 hands: box 1 has K and 6 for 5; box 2 has 10 and 10 "
        "for 120",
    ),
    (
        "chips",
        {"amount": "30", "chip_set": ["1", "5"], "why": "blackjack", "bet": "20"},
        "pay 30 in chips: a Black Jack on a bet of 20",
    ),
    ("deal-order", {"boxes": [1, 3, 7], "phase": "deal"}, "the deal to boxes 1, 3 and 7"),
    (
        "deal-order",
        {"hands": ["1.1", "1.2", "4"], "phase": "play", "naturals": ["4"]},
        "the play of hands 1.1, 1.2 and 4, Black Jack at 4",
    ),
    (
        "procedure",
        {"dealer": ["5S"], "boxes": [7], "choices": ["a", "b"]},
        "the dealer shows a 5, box 7 in play",
    ),
]


@pytest.mark.parametrize(("skill", "question", "said"), SPOKEN, ids=[s[0] for s in SPOKEN])
def test_questions_read_as_a_croupier_says_them(skill, question, said) -> None:
    assert pd.describe_question(question, skill) == said


def test_every_skill_has_its_words_for_every_question_it_asks() -> None:
    import random

    from trainer.game.rules import PRESETS, HouseRules
    from trainer.practice.skills import SKILLS

    assert set(pd.QUESTION_WORDS) == set(SKILLS)
    rng = random.Random(12)
    for preset in PRESETS:
        rules = HouseRules.from_spec(preset)
        for name, skill in SKILLS.items():
            if skill.available(rules) is not None:
                continue
            for _ in range(15):
                data = skill.make(rng, rules).data
                said = pd.QUESTION_WORDS[name](data)  # no fallback: the skill's own words
                assert said and "·" not in said and "_" not in said, (name, data, said)


# -- readiness ---------------------------------------------------------------------------------


def master(store: Store, skill: str, profile: str = "Anna") -> None:
    fast = int(TARGETS[skill] * 1000)
    drill(store, [(True, fast)] * MASTERY.min_attempts, skill=skill, profile=profile)


def exam(
    store: Store, skills: Sequence[str], wrong_in: Sequence[str] = (), end: bool = True
) -> int:
    """An exam of EXAM_PER_SKILL questions per skill; the first of each skill in `wrong_in` is
    answered wrong (exam answers count towards mastery too)."""
    session = store.start_session("Anna", "exam", list(skills), "casino-fr", seed=1)
    with store.batch():
        for skill in skills:
            for n in range(EXAM_PER_SKILL):
                correct = n > 0 or skill not in wrong_in
                store.record(session, skill, f"{skill}:e", {}, "a", "a", correct, 1000)
    if end:
        store.end_session(session)
    return session


def test_a_new_trainee_is_not_ready_and_is_told_why(store: Store) -> None:
    progress = pd.load_progress(store, "Nobody", TARGETS, now=NOON)
    assert progress.empty and progress.attempts == 0
    r = progress.readiness
    assert not r.ready and not r.exam_passed and r.exam is None
    assert len(r.missing) == len(TARGETS) + 1
    assert r.missing[0] == "Announce the point: 50 more attempts (0 of 50)"
    assert r.missing[-1].startswith("Exam: not taken yet")


def test_ready_once_every_skill_is_mastered_and_the_exam_passed(store: Store) -> None:
    required = list(TARGETS)
    for skill in required[:-1]:
        master(store, skill)
    # Not yet: one skill short, and the exams so far fall short each in its own way.
    exam(store, required, wrong_in=required[-5:])  # 35 of 40: 88 %
    exam(store, required[:-1])  # every answer right, but one skill never asked
    exam(store, required, end=False)  # cut short
    progress = pd.load_progress(store, "Anna", TARGETS, now=NOON)
    r = progress.readiness
    assert not r.ready and not r.exam_passed
    assert [gap.skill for gap in r.skills if not gap.mastered] == [required[-1]]
    assert r.missing[0].startswith(f"{pd.skill_title(required[-1])}: ")
    assert r.missing[1].startswith("Exam: not passed yet")
    assert [e.passed for e in progress.exams] == [False, False, False]
    assert progress.exams[1].uncovered == (required[-1],)

    master(store, required[-1])
    passed = exam(store, required, wrong_in=required[:2])  # 38 of 40: 95 %
    r = pd.load_progress(store, "Anna", TARGETS, now=NOON).readiness
    assert r.ready and r.exam_passed and r.missing == ()
    assert r.exam is not None and r.exam.session_id == passed
    assert r.mastered == len(required)


def test_the_pass_mark_is_inclusive(store: Store) -> None:
    skills = ["announce", "chips", "dealer", "outcome", "pay-even"]  # 10 questions
    exam(store, skills, wrong_in=["chips"])  # 9 of 10: exactly 90 %
    progress = pd.load_progress(store, "Anna", TARGETS, skills, now=NOON)
    assert progress.exams[0].accuracy == 0.9 and progress.exams[0].passed


def test_required_skills_are_the_callers(store: Store) -> None:
    master(store, "announce")
    exam(store, ["announce"])
    r = pd.load_progress(store, "Anna", TARGETS, ["announce"], now=NOON).readiness
    assert r.ready and [g.skill for g in r.skills] == ["announce"]


@settings(max_examples=200, deadline=None)
@given(
    st.integers(0, 80),
    st.lists(st.tuples(st.booleans(), st.integers(500, 4000)), min_size=0, max_size=30),
    st.sampled_from([None, 1.5, 2.0, 2.345]),
)
def test_the_gaps_are_empty_exactly_when_mastered(
    before: int, window: list[tuple[bool, int]], target: float | None
) -> None:
    # The figures as skill_stats builds them from a history of `before` right answers and then
    # `window`: the recent ones are the last MASTERY.window.
    history = [(True, 1000)] * before + window
    recent = history[-MASTERY.window :]
    figures = stats.SkillStats(
        "announce",
        len(history),
        sum(ok for ok, _ in history),
        sum(ms for _, ms in history),
        None,
        None,
        len(recent),
        sum(ok for ok, _ in recent),
        stats.median(ms for _, ms in recent),
        target,
        stats.mastery(len(history), recent, target),
    )
    gaps = pd.mastery_gaps(figures)
    assert (gaps == ()) == figures.mastered
    assert all(gap and gap != "not mastered yet" for gap in gaps)


# -- everything at once ------------------------------------------------------------------------


def test_load_progress_agrees_with_the_statistics(store: Store, clock: Clock) -> None:
    for day in range(5):
        clock.now = NOON - (5 - day) * DAY
        drill(store, [(day % 2 == 0, 1000 + 100 * day)] * 12)
        drill(store, [(True, 3000)] * 5, skill="chips", mode="sprint")
    drill(store, [(True, 900)] * 3, profile="Bruno")
    progress = pd.load_progress(store, "anna", TARGETS, now=NOON)  # names are case-blind
    assert progress.profile == "Anna" and not progress.empty
    assert progress.skills == stats.skill_stats(store, "Anna", TARGETS)
    assert progress.days == tuple(stats.daily_stats(store, "Anna"))
    assert progress.attempts == 5 * 17
    assert len(progress.sessions) == 10 and len(progress.points) == 10
    assert {p.skill for p in progress.points} == {"announce", "chips"}


def test_the_first_step_reads_one_skill(store: Store, clock: Clock) -> None:
    drill(store, [(True, 1000)] * 3, skill="chips")
    clock.now += DAY
    exam(store, ["announce", "chips"])
    clock.now += DAY
    drill(store, [(True, 1000)] * 2, skill="chips", mode="sprint")
    drill(store, [(False, 1000)] * 4)  # announce, last
    drill(store, [], skill="dealer")  # no answer: not counted
    whole = pd.load_progress(store, "Anna", TARGETS, now=NOON)
    first = pd.load_progress(store, "Anna", TARGETS, now=NOON, complete=False)
    assert first.focus == whole.focus == "announce"
    assert not first.complete and first.sessions == ()
    assert first.session_count == whole.session_count == 4 == len(whole.sessions)
    assert [(p.mode, p.skill) for p in first.points] == [
        ("exam", "announce"),
        ("practice", "announce"),
    ]
    assert first.covers("announce") and not first.covers("chips") and whole.covers("chips")
    assert first.readiness == whole.readiness and first.exams == whole.exams
    assert first.attempts == whole.attempts == 13
    assert pd.load_history(store, first) == whole


def test_the_domain_stays_free_of_qt() -> None:
    code = "import sys, trainer.history.progress_data; print('PySide6' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_piped_sessions_are_left_out_of_the_timeline_and_the_exams(tmp_path: Path) -> None:
    with Store.open(tmp_path / "h.sqlite3") as store:
        for interactive in (True, False):
            session = store.start_session(
                "Anna", "exam", ["pay-even"], "p", interactive=interactive
            )
            for _ in range(3):
                store.record(
                    session, "pay-even", "10", {}, "10", "10", True, 1500 if interactive else 2
                )
            store.end_session(session)
        points, lines = pd.session_history(store, "Anna")
        assert {p.median_ms for p in points} == {1500} and len(lines) == 1
        exams = pd.read_exams(store, "Anna", ["pay-even"])
        assert [e.session_id for e in exams] == [lines[0].session_id]


# -- the timeline of every skill, and the history's mark ----------------------------------------


def test_every_skill_sums_each_session(store: Store, clock: Clock) -> None:
    session = store.start_session("Anna", "practice", ["announce", "chips"], "casino-fr")
    for skill, correct, ms in [
        ("announce", True, 1000),
        ("chips", False, 5000),
        ("chips", True, 3000),
    ]:
        store.record(session, skill, f"{skill}:x", {}, "a", "a", correct, ms)
    store.end_session(session)
    clock.now += DAY
    drill(store, [(True, 2000)] * 2)
    points = pd.session_points(store, "Anna")
    every = pd.timeline(points, pd.ALL_SKILLS)
    assert [(p.session_id, p.attempts, p.correct, p.total_ms) for p in every] == [
        (session, 3, 2, 9000),
        (session + 1, 2, 2, 4000),
    ]
    assert every[0].skill == pd.ALL_SKILLS and every[0].median_ms is None
    assert pd.point_ms(every[0]) == 3000  # the mean: medians of skills do not add up
    assert pd.point_ms(points[0]) == points[0].median_ms
    _, times = pd.moving_average(every)
    assert times == [3000, 2500]
    assert pd.timeline(points, pd.ALL_SKILLS, mode="exam") == []
    assert pd.skill_title(pd.ALL_SKILLS) == "All skills"


def test_the_home_game_s_score_sheet_has_a_title_and_is_not_the_first_choice(
    store: Store,
) -> None:
    from trainer.i18n import set_language

    drill(store, [(True, 1000)], skill="chips")
    drill(store, [(True, 2000)], skill="home-score", mode="home")
    # the home game came last, but the view opens on the drill skill practised last
    assert pd.last_practised(store, "Anna") == ("chips", 2)
    assert pd.load_progress(store, "Anna", TARGETS).focus == "chips"
    titles = {}
    for language in ("en", "fr", "it"):
        set_language(language)
        titles[language] = pd.skill_title("home-score")
    assert titles == {
        "en": "Home game score sheet",
        "fr": "Feuille de marque, partie en famille",
        "it": "Foglio dei conti della partita in famiglia",
    }


def test_only_the_home_game_s_score_sheet_is_the_first_choice_when_it_is_all_there_is(
    store: Store,
) -> None:
    drill(store, [(True, 2000)], skill="home-score", mode="home")
    assert pd.last_practised(store, "Anna") == ("home-score", 1)


def test_the_mark_moves_with_an_answer_or_a_session_ended(store: Store) -> None:
    assert pd.history_mark(store, "Nobody") == pd.Mark()
    first = drill(store, [(True, 1000)])
    mark = pd.history_mark(store, "Anna")
    assert pd.load_progress(store, "Anna", TARGETS).mark == mark
    assert mark.ended == 1 and mark.last_attempt > 0
    running = drill(store, [(True, 1000)], end=False)
    moved = pd.history_mark(store, "Anna")
    assert moved.last_attempt > mark.last_attempt and moved.ended == 1
    store.end_session(running)
    assert pd.history_mark(store, "Anna").ended == 2
    store.end_session(store.start_session("Anna", "practice", ["announce"], "casino-fr"))
    assert pd.history_mark(store, "Anna").ended == 2  # nothing answered: nothing to show
    drill(store, [(True, 1000)], profile="Bruno")
    assert pd.history_mark(store, "Anna").last_attempt == moved.last_attempt
    assert first


def test_the_data_version_tells_another_connection_wrote(store: Store) -> None:
    with store.reader() as watcher:
        before = pd.data_version(watcher)
        assert pd.data_version(watcher) == before
        drill(store, [(True, 1000)])
        assert pd.data_version(watcher) != before


# -- deal shoes --------------------------------------------------------------------------------


def _dealt(store: Store, clock: Clock, *, boxes: int, rounds: int, seconds_a_step: int,
           wrong: int = 0, end: bool = True, steps: int | None = None,
           seed: int = 5) -> DealShoe:  # fmt: skip
    """A shoe dealt in deal mode, `rounds` rounds (or as many steps as `steps` says, the last
    round left where they end), each step answered right but the first `wrong`; the store's
    clock, and the shoe's, move `seconds_a_step` a step."""
    from trainer.game.rules import HouseRules
    from trainer.practice.deal import DealShoe

    shoe = DealShoe(
        HouseRules.preset_named("casino-fr"), boxes=boxes, seed=seed, store=store,
        profile="Anna", clock=lambda: round(clock.now * 1e9),
    )  # fmt: skip
    left = steps
    for _ in range(rounds):
        if shoe.shoe_over or left == 0:
            break
        shoe.next_round()
        while not shoe.round_over and left != 0:
            clock.now += seconds_a_step
            s = shoe.step
            if wrong and s.ask == "place":
                wrong -= 1
                shoe.answer("dealer" if s.expected != "dealer" else "1", 900)
            shoe.answer(s.expected, 900)
            left = None if left is None else left - 1
    if end:
        shoe.finish()
    return shoe


def _steps_of(rounds: int, *, boxes: int, seed: int = 5) -> int:
    """The steps of `_dealt`'s first `rounds` rounds."""
    from trainer.game.rules import HouseRules
    from trainer.practice.deal import DealShoe

    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=boxes, seed=seed)
    for _ in range(rounds):
        shoe.next_round()
        while (s := shoe.step) is not None:
            shoe.answer(s.expected, 900)
    return shoe.figures.steps


def _deal_a_shoe(store: Store, clock: Clock, **how: Any) -> int:
    """`_dealt`'s shoe's session."""
    session = _dealt(store, clock, **how).session_id
    assert session is not None
    return session


def test_a_deal_shoe_is_named_in_the_sessions_list_with_its_rounds_and_pace(
    store: Store, clock: Clock
) -> None:
    drill(store, [(True, 1000)] * 3)
    sid = _deal_a_shoe(store, clock, boxes=3, rounds=4, seconds_a_step=2, wrong=2)
    _, lines = pd.session_history(store, "Anna")
    [shoe] = [x for x in lines if x.session_id == sid]
    [other] = [x for x in lines if x.session_id != sid]
    steps = shoe.attempts
    assert shoe.is_shoe and not other.is_shoe and other.shoe is None
    assert shoe.shoe == pd.ShoeFacts(3, 4, 2.0 * steps, 4, 2.0 * steps) and shoe.errors == 2
    assert shoe.rounds_per_hour == pytest.approx(4 * 3600 / (2 * steps))
    assert shoe.reference_per_hour == pytest.approx(3600 / (20 + 6 * 3))
    rate = round(4 * 3600 / (2 * steps))
    assert shoe.shoe_text == f"Deal shoe · 3 boxes · 4 rounds · {rate} rounds/h · 2 errors"
    assert pd.shoe_lines(lines) == [shoe]


def test_a_shoe_that_never_ended_is_paced_to_its_last_step(store: Store, clock: Clock) -> None:
    sid = _deal_a_shoe(store, clock, boxes=1, rounds=1, seconds_a_step=10, end=False)
    clock.now += 3600  # long after: the shoe stopped at its last step (a crash)
    _, [line] = pd.session_history(store, "Anna")
    assert line.session_id == sid and line.ended is None
    assert line.shoe == pd.ShoeFacts(1, 1, 10.0 * line.attempts, 1, 10.0 * line.attempts)
    assert line.shoe_text.startswith("Deal shoe · 1 box · 1 round · ")


@pytest.fixture
def as_recorded_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """Deal mode recording its steps as it did before they said the rounds dealt to their end."""
    from trainer.practice.deal import DealShoe

    said = DealShoe._question

    def before(self: DealShoe, s: Any, *, ends: bool) -> dict[str, Any]:
        q = said(self, s, ends=ends)
        del q["done"], q["done_ms"]
        return q

    monkeypatch.setattr(DealShoe, "_question", before)


@pytest.mark.parametrize("recorded", ["now", "before"])
def test_a_shoe_ended_mid_round_is_paced_as_deal_mode_paced_it(
    store: Store, clock: Clock, recorded: str, request: pytest.FixtureRequest
) -> None:
    # three rounds dealt to their end, the fourth left at its third step, then ended: deal
    # mode says 3 rounds (its summary and the history count the rounds dealt to their end),
    # paced over the time to the end of the third
    if recorded == "before":
        request.getfixturevalue("as_recorded_before")
    shoe = _dealt(store, clock, boxes=2, rounds=4, seconds_a_step=2,
                  steps=_steps_of(3, boxes=2) + 3)  # fmt: skip
    f = shoe.figures
    assert (f.rounds, f.rounds_done) == (4, 3)
    line = next(x for x in pd.session_history(store, "Anna")[1] if x.session_id == shoe.session_id)
    assert line.shoe is not None
    assert (line.shoe.rounds, line.shoe.done) == (f.rounds, f.rounds_done)
    assert line.shoe.done_seconds == f.done_ms / 1000 < line.shoe.seconds
    assert line.rounds_per_hour == pytest.approx(f.rounds_per_hour())
    assert line.shoe.dealt == f.rounds_done == 3
    assert line.shoe_text.startswith("Deal shoe · 2 boxes · 3 rounds · ")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), boxes=st.integers(1, 7), steps=st.integers(1, 160),
       end=st.booleans())  # fmt: skip
def test_the_steps_of_a_shoe_recorded_before_tell_what_deal_mode_paced(
    seed: int, boxes: int, steps: int, end: bool
) -> None:
    # splits, blackjacks paid at once, busts collected at once, a shoe stopped at any step:
    # the last round's steps tell whether it was dealt to its end as the live figures did
    from trainer.practice.deal import DealShoe

    said = DealShoe._question

    def before(self: DealShoe, s: Any, *, ends: bool) -> dict[str, Any]:
        q = said(self, s, ends=ends)
        del q["done"], q["done_ms"]
        return q

    clock = Clock()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DealShoe, "_question", before)
        with (
            tempfile.TemporaryDirectory() as where,
            Store.open(Path(where) / "h.sqlite3", clock=clock) as store,
        ):
            shoe = _dealt(store, clock, boxes=boxes, rounds=99, seconds_a_step=3, seed=seed,
                          steps=steps, end=end)  # fmt: skip
            [line] = pd.session_history(store, "Anna")[1]
    f = shoe.figures
    assert line.shoe is not None
    settles = ("pay:pay", "pay:push", "pay:collect", "pay:blackjack-paid")
    paid = {s.hand for s in shoe.steps[: shoe.position] if s.item in settles}
    left = shoe.steps[shoe.position :]
    last = ("deal:dealer-nothing-to-settle",)  # a step no shoe recorded before had
    if left and all((s.item in settles and s.hand in paid) or s.item in last for s in left):
        # stopped between the bettors of a hand, its seat's and a behind bet's, every hand
        # settled once, or before the dealer's own last decision once every hand was settled:
        # the steps do not say a hand's bettors nor that decision, the round reads as done
        assert line.shoe.done == f.rounds_done + 1
        return
    assert (line.shoe.rounds, line.shoe.done) == (f.rounds, f.rounds_done)
    assert line.rounds_per_hour == (
        None if not f.rounds_done else pytest.approx(f.rounds_per_hour())
    )


def test_a_shoe_whose_steps_do_not_say_its_rounds_is_still_named_a_shoe(store: Store) -> None:
    # as deal mode recorded its steps before they said the round and the boxes
    session = store.start_session("Anna", "deal", ["deal"], "casino-fr")
    store.record(session, "deal-order", "deal:box", {"deal": "Deal the next card"}, "1", "1",
                 True, 800)  # fmt: skip
    store.record(session, "announce", "announce:box", {"deal": "Announce box 1"}, "9", "19",
                 False, 1200)  # fmt: skip
    store.end_session(session)
    _, [line] = pd.session_history(store, "Anna")
    assert line.shoe is None and line.rounds_per_hour is None
    assert line.shoe_text == "Deal shoe · 2 steps · 1 error"
    assert pd.shoe_lines([line]) == []


def test_shoes_are_charted_oldest_first_each_against_its_reference(
    store: Store, clock: Clock
) -> None:
    seven = _deal_a_shoe(store, clock, boxes=7, rounds=2, seconds_a_step=1)
    clock.now += DAY
    two = _deal_a_shoe(store, clock, boxes=2, rounds=3, seconds_a_step=1)
    _, lines = pd.session_history(store, "Anna")
    shoes = pd.shoe_lines(reversed(lines))
    assert [x.session_id for x in shoes] == [seven, two]
    assert [x.shoe.boxes for x in shoes] == [7, 2]
    assert shoes[1].reference_per_hour > shoes[0].reference_per_hour  # fewer players, faster
