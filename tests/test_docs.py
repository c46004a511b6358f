"""The README and the guides in docs/: every relative link and image resolves (an `#anchor` to a
heading of its page, as GitHub makes its slug), the README stays a short front page, and its
test command is the one CI runs. Plain Python: no Qt here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]
GUIDES = ["docs/user-guide.md", "docs/school-guide.md", "docs/developer-guide.md"]
README_MAX_LINES = 160

_FENCE = re.compile(r"^\s*(```|~~~)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# [text](target) and ![alt](target), an optional "title" after the target; the text may hold
# one level of brackets
_LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _prose_lines(text: str) -> list[str]:
    """The page's lines outside fenced code blocks, inline code spans blanked (a link or a
    heading inside code is not one)."""
    lines, fenced = [], False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        if not fenced:
            lines.append(line)
    return lines


def _without_code_spans(line: str) -> str:
    return re.sub(r"`[^`]*`", "``", line)


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: the text as rendered (code and emphasis marks and
    link targets gone), lower case, every character but letters, digits, `_`, `-` and spaces
    dropped, each space a hyphen."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = text.replace("`", "").replace("*", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """Every heading's slug on the page; a repeated one gets -1, -2, … as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    for line in _prose_lines(page.read_text(encoding="utf-8")):
        m = _HEADING.match(line)
        if not m:
            continue
        base = slug(m.group(2))
        n = seen.get(base, 0)
        seen[base] = n + 1
        found.add(base if n == 0 else f"{base}-{n}")
    return found


def links(page: Path) -> list[str]:
    """Every link and image target on the page, outside code."""
    targets = []
    for line in _prose_lines(page.read_text(encoding="utf-8")):
        targets += _LINK.findall(_without_code_spans(line))
    return targets


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("Where your data lives", "where-your-data-lives"),
        ("`sabot drill --assignment`", "sabot-drill---assignment"),
        ("Assigned exams, in the app", "assigned-exams-in-the-app"),
        ("Importing a trainee's history", "importing-a-trainees-history"),
        ("Sabot — a trainer for blackjack croupiers", "sabot--a-trainer-for-blackjack-croupiers"),
    ],
)
def test_a_heading_s_slug_is_github_s(heading: str, expected: str) -> None:
    assert slug(heading) == expected


def test_the_pages_are_found() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in PAGES}
    assert {"README.md", *GUIDES} <= names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_and_image_resolves(page: Path) -> None:
    broken = []
    for target in links(page):
        if _SCHEME.match(target):
            continue  # a web address: not checked here
        path_part, _hash, anchor = target.partition("#")
        dest = (page.parent / path_part).resolve() if path_part else page
        if not dest.is_relative_to(ROOT):
            broken.append(f"{target}: outside the repository (a clone would not have it)")
        elif not dest.exists():
            broken.append(f"{target}: no such file")
        elif anchor:
            if dest.suffix != ".md":
                broken.append(f"{target}: an anchor into a file that is not a page")
            elif anchor not in anchors(dest):
                broken.append(f"{target}: no heading #{anchor} in {dest.name}")
    assert not broken, f"{page.relative_to(ROOT)}: " + "; ".join(broken)


def test_the_readme_links_to_each_guide() -> None:
    assert set(GUIDES) <= {t.partition("#")[0] for t in links(README)}


def test_the_readme_is_a_short_front_page() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES


def _readme_test_command() -> str:
    """The README's test command: its one line that makes the venv and ends by running pytest."""
    found = [
        line.strip()
        for line in README.read_text(encoding="utf-8").splitlines()
        if line.strip().startswith("python3 -m venv") and line.strip().endswith("&& pytest")
    ]
    assert len(found) == 1, f"the README's test command, once: {found}"
    return found[0]


def test_ci_runs_the_readme_s_test_command_verbatim() -> None:
    """.ci/run runs the README's line with one change only: pip is told to be quiet (-q)."""
    ci = ROOT / ".ci" / "run"
    if not ci.exists():
        pytest.skip("no .ci/run here (a source release carries no CI)")
    command = _readme_test_command()
    assert command.count("pip install ") == 1
    expected = command.replace("pip install ", "pip install -q ")
    ci_lines = [
        line.strip()
        for line in ci.read_text(encoding="utf-8").splitlines()
        if not line.lstrip().startswith("#")
    ]
    assert expected in ci_lines, f".ci/run does not run: {expected}"
