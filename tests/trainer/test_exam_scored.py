"""An exam that reaches the pass mark on fewer skills than readiness asks (an instructor's
assigned exam of two skills) is not a failure: the class view neither calls it failed nor
lists the trainee as needing attention for it; it is still not the exam readiness asks for."""

from __future__ import annotations

from trainer.commands.classview import class_lines
from trainer.history.classview import ClassView, SeedExam, TraineeRow, attention
from trainer.history.progress_data import ExamResult

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
    assert "seed 42: ana 4/4 passed on its skills, not every one" in lines
    assert "seed 43: ana 2/4 failed" in lines
    assert "seed 44: ana 4/4 passed" in lines and "seed 44: ana 4/4 passed on" not in lines
