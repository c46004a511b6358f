"""An exam that reaches the pass mark on fewer skills than readiness asks (an instructor's
assigned exam of two skills) is not a failure: the class view neither calls it failed nor
lists the trainee as needing attention for it; it is still not the exam readiness asks for."""

from __future__ import annotations

import pytest

from trainer.commands.classview import class_lines
from trainer.history.classview import ClassView, SeedExam, TraineeRow, attention
from trainer.history.progress_data import ExamResult
from trainer.i18n import set_language

NOW = 1_764_590_400.0  # a noon, unix seconds


def _exam(correct: int, uncovered: tuple[str, ...] = ("dealer",)) -> ExamResult:
    return ExamResult(
        session_id=1, started=NOW - 60, ended=True, attempts=4, correct=correct,
        uncovered=uncovered, planned=4,
    )  # fmt: skip


def test_a_few_skills_exam_at_the_pass_mark_is_scored_but_not_passed() -> None:
    assert _exam(4).scored and not _exam(4).passed
    assert _exam(4, ()).scored and _exam(4, ()).passed
    assert not _exam(3).scored  # 75 % is under the 90 % mark


def test_it_does_not_ask_for_the_instructors_attention() -> None:
    assert attention([], NOW, [SeedExam(42, _exam(4))], NOW) == ()


def test_an_exam_under_the_pass_mark_still_does() -> None:
    assert attention([], NOW, [SeedExam(42, _exam(2))], NOW) == (
        "failed the latest exam (seed 42): 2 right of 4",
    )


def _view(*results: ExamResult) -> ClassView:
    row = TraineeRow(
        login="ana", cells={}, last_activity=None,
        exams=tuple(SeedExam(42 + n, r) for n, r in enumerate(results)), ready=False, attention=(),
    )  # fmt: skip
    return ClassView(NOW, (), (row,))


def test_sabot_class_says_an_exam_of_a_few_skills_passed_on_them() -> None:
    lines = "\n".join(class_lines(_view(_exam(4), _exam(2), _exam(4, ()))))
    assert "exam 42: ana: passed 4/4 on its skills, not every one" in lines
    assert "exam 43: ana: failed 2/4" in lines
    assert "exam 44: ana: passed 4/4" in lines and "exam 44: ana: passed 4/4 on" not in lines


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ("réussi 4/4", "réussi 4/4 sur ses exercices, pas sur tous", "échoué 2/4")),
        (
            "it",
            ("superato 4/4", "superato 4/4 sui suoi esercizi, non su tutti", "non superato 2/4"),
        ),
    ],
)
def test_the_terminal_and_the_window_say_an_exam_in_the_same_words(
    language: str, words: tuple[str, str, str]
) -> None:
    # one function says the verdict for both: the words each used to choose on its own
    from ui.school.class_view import _exam_text

    set_language(language)
    view = _view(_exam(4, ()), _exam(4), _exam(2))
    passed, on_its_skills, failed = words
    colon = "\u202f:" if language == "fr" else ":"
    expected = [f"ana{colon} {passed}", f"ana{colon} {on_its_skills}", f"ana{colon} {failed}"]
    assert [view.exam_marks(seed) for seed in (42, 43, 44)] == [[m] for m in expected]
    lines = class_lines(view)
    text = _exam_text(view)
    for mark in expected:
        assert any(line.endswith(f": {mark}") for line in lines), (mark, lines)
        assert any(line.endswith(f": {mark}") for line in text.split("\n")), (mark, text)


def test_a_failed_assigned_exam_is_named_by_its_title_as_every_tab_names_it() -> None:
    failed = SeedExam(42, _exam(2), 7)  # a try at the exam assigned as number 7
    assert attention([], NOW, [failed], NOW, (), {7: "Payouts, week 2"}) == (
        "failed the latest exam, Payouts, week 2: 2 right of 4",
    )
    # a trainee's own exam, of no assignment, by its seed
    assert attention([], NOW, [SeedExam(42, _exam(2))], NOW, (), {7: "Payouts, week 2"}) == (
        "failed the latest exam (seed 42): 2 right of 4",
    )
