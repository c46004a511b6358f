"""Scenario files and the `sabot round` command.

A valid scenario exits 0 and prints the transcript as JSON; an invalid one exits 2 with exactly
one line on stderr naming the box (or the part of the file) and the problem, never a traceback.
The command is driven through `trainer.cli.main([...])` with capsys, and a few times through a
real `python -m trainer.cli round FILE` subprocess.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from trainer.cli import main
from trainer.game.rules import HouseRules
from trainer.game.scenario import ScenarioError, parse_scenario, play, replay, transcript

REPO = Path(__file__).resolve().parents[2]
SCENARIOS = REPO / "resources" / "scenarios"
D = Decimal


def run_cli(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, scenario: Any, *extra: str
) -> tuple[int, str, str]:
    """`sabot round FILE` on `scenario` (an object, written as JSON, or raw text)."""
    path = tmp_path / "scenario.json"
    text = scenario if isinstance(scenario, str) else json.dumps(scenario)
    path.write_text(text, encoding="utf-8")
    code = main(["round", str(path), *extra])
    out, err = capsys.readouterr()
    return code, out, err


def sc(rules: Any, boxes: dict[str, Any], cards: list[Any], **more: Any) -> dict[str, Any]:
    return {"rules": rules, "boxes": boxes, "cards": cards, **more}


# ---------------------------------------------------------------- the example scenarios


def example_files() -> list[Path]:
    return sorted(SCENARIOS.glob("*.json"))


def test_the_example_scenarios_are_there() -> None:
    names = {p.name for p in example_files()}
    assert {"split.json", "insurance.json", "behind.json", "dealer-bust.json"} <= names


@pytest.mark.parametrize("path", example_files(), ids=lambda p: p.name)
def test_every_example_scenario_replays_cleanly(
    path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["round", str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""  # no warning: every action and every card is used
    data = json.loads(out)
    assert set(data) >= {"deal", "hands", "insurance", "dealer", "events"}
    assert all(h["result"] is not None for h in data["hands"])


def test_split_json_transcript() -> None:
    out, warnings = replay((SCENARIOS / "split.json").read_text(encoding="utf-8"))
    assert warnings == []
    assert out["rules"] == "casino-fr"
    assert out["deal"] == ["1", "4", "dealer", "1", "4"]
    assert out["hands"] == [
        {"hand": "1", "cards": ["T", "6", "4"], "announcements": ["16", "20"], "result": "win",
         "net": {"seat": "10", "behind-a": "5"}},
        {"hand": "4.1", "cards": ["8", "K", "3"], "announcements": ["18", "21"], "result": "win",
         "net": {"seat": "25"}},
        {"hand": "4.2", "cards": ["8", "7"], "announcements": ["15"], "result": "win",
         "net": {"seat": "25"}},
    ]  # fmt: skip
    assert out["insurance"] == {}
    assert out["dealer"] == {
        "cards": ["9", "7", "K"],
        "announcements": ["9", "16", "bust"],
        "result": "bust",
    }
    ev = out["events"]
    assert ev[0] == {"type": "deal", "to": "1", "card": "T"}
    assert {"type": "split", "hand": "4", "into": ["4.1", "4.2"]} in ev
    # settled from the dealer's right to his left: box 4's hands last to first, then box 1
    assert ev[-3:] == [
        {"type": "pay", "hand": "4.2", "amounts": {"seat": "25"}},
        {"type": "pay", "hand": "4.1", "amounts": {"seat": "25"}},
        {"type": "pay", "hand": "1", "amounts": {"seat": "10", "behind-a": "5"}},
    ]


def test_insurance_json_transcript() -> None:
    out, warnings = replay((SCENARIOS / "insurance.json").read_text(encoding="utf-8"))
    assert warnings == []
    assert out["dealer"]["cards"][0] == "A"
    assert out["dealer"]["result"] == "blackjack"
    assert out["insurance"] == {"1": {"seat": "20"}}  # 10 insured, paid 2 to 1
    results = {h["hand"]: (h["result"], h["net"]) for h in out["hands"]}
    assert results == {
        "1": ("lose", {"seat": "-20"}),
        "3": ("push", {"seat": "0"}),  # the natural against the dealer's Black Jack
        "6": ("lose", {"seat": "-20"}),  # the doubled stake, casino-fr: dealer_bj_takes all
    }
    kinds = [e["type"] for e in out["events"]]
    assert kinds.index("insurance-offered") < kinds.index("insure") < kinds.index("stand")


def test_behind_json_transcript() -> None:
    out, warnings = replay((SCENARIOS / "behind.json").read_text(encoding="utf-8"))
    assert warnings == []
    results = {h["hand"]: h["net"] for h in out["hands"]}
    assert results["2"] == {"seat": "40", "ann": "20", "bob": "10"}  # bob refused to double
    assert results["5.1"] == {"seat": "10", "cara": "5"}
    assert results["5.2"] == {"seat": "-10", "cara": "-5"}


def test_dealer_bust_json_transcript() -> None:
    out, warnings = replay((SCENARIOS / "dealer-bust.json").read_text(encoding="utf-8"))
    assert warnings == []
    assert out["dealer"]["result"] == "bust"
    results = {h["hand"]: (h["result"], h["net"]) for h in out["hands"]}
    assert results == {
        "1": ("bust", {"seat": "-10"}),
        "2": ("blackjack", {"seat": "37.5"}),
        "4": ("win", {"seat": "20"}),
    }
    kinds = [e["type"] for e in out["events"]]
    # the natural is paid before any box plays, the bust box collected before the dealer draws
    assert kinds.index("blackjack-paid") < kinds.index("hit")
    assert kinds.index("collect") < max(i for i, k in enumerate(kinds) if k == "deal")


# ---------------------------------------------------------------- the command, valid scenarios


def test_sabot_round_prints_the_transcript(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-fr", {"2": {"bets": {"seat": 10}, "actions": ["hit", "stand"]}},
           ["T", "9", "2", "5", "8"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["deal"] == ["2", "dealer", "2"]
    assert data["hands"] == [
        {"hand": "2", "cards": ["T", "2", "5"], "announcements": ["12", "17"], "result": "push",
         "net": {"seat": "0"}}
    ]  # fmt: skip
    assert data["dealer"] == {"cards": ["9", "8"], "announcements": ["9", "17"], "result": "17"}
    assert data["insurance"] == {}
    assert [e["type"] for e in data["events"]][-1] == "push"


def test_sabot_round_compact_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run_cli(capsys, tmp_path, (SCENARIOS / "split.json").read_text(), "--compact")
    assert code == 0
    assert out.count("\n") == 1
    assert json.loads(out)["dealer"]["result"] == "bust"


def test_sabot_round_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    text = (SCENARIOS / "dealer-bust.json").read_text(encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["round", "-"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out)["dealer"]["result"] == "bust"


def test_sabot_round_insurance_in_the_transcript(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-fr", {"1": {"bets": {"seat": 10}, "insurance": 5, "actions": ["stand"]}},
           ["T", "A", "9", "7"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["insurance"] == {"1": {"seat": "-5"}}
    assert data["dealer"]["announcements"] == ["1 or 11", "18"]


def test_sabot_round_insurance_per_bettor(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # [003] "ogni giocatore può fare una scommessa supplementare": the standing bettor too
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-fr", {"1": {"bets": {"seat": 10, "behind-a": 10},
                               "insurance": {"seat": 5, "behind-a": 5}, "actions": ["stand"]}},
           ["T", "A", "9", "K"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["insurance"] == {"1": {"seat": "10", "behind-a": "10"}}
    assert data["hands"][0]["net"] == {"seat": "-10", "behind-a": "-10"}
    insured = [e for e in data["events"] if e["type"] in ("insure", "insurance-paid")]
    assert insured == [
        {"type": "insure", "box": "1", "bettor": "seat", "amount": "5"},
        {"type": "insure", "box": "1", "bettor": "behind-a", "amount": "5"},
        {"type": "insurance-paid", "box": "1", "bettor": "seat", "amount": "10"},
        {"type": "insurance-paid", "box": "1", "bettor": "behind-a", "amount": "10"},
    ]


def test_a_plain_insurance_for_the_whole_box_through_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 9: 10 on a box of 10 + 10 is not the seat's insurance (5 at most) but exactly every
    # bettor's half (5 + 5): each of them insures half of his own bet [000][003]
    text = json.dumps(
        sc("casino-fr", {"1": {"bets": {"seat": 10, "behind-a": 10}, "insurance": 10,
                               "actions": ["stand"]}},
           ["T", "A", "9", "K"])
    )  # fmt: skip
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert main(["round", "-"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data = json.loads(out)
    assert [e for e in data["events"] if e["type"] == "insure"] == [
        {"type": "insure", "box": "1", "bettor": "seat", "amount": "5"},
        {"type": "insure", "box": "1", "bettor": "behind-a", "amount": "5"},
    ]
    assert data["insurance"] == {"1": {"seat": "10", "behind-a": "10"}}


def test_a_box_of_several_bettors_need_not_insure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # regression: a box with a behind bet and no insurance at all, on a dealer Ace
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-fr", {"1": {"bets": {"seat": 10, "behind-a": 10}, "actions": ["stand"]}},
           ["T", "A", "9", "7"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert json.loads(out)["insurance"] == {}


@pytest.mark.parametrize("rules", ["casino-fr", "casino-it"])
def test_a_plain_insurance_valid_for_the_seat_is_the_seats(
    rules: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # 5 on a box of 10 + 10: the seat's half, so the seat's alone, the standing bettor uninsured;
    # in casino-it 3 is a valid insurance for the seat too (at most half [003])
    amount = 5 if rules == "casino-fr" else 3
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc(rules, {"1": {"bets": {"seat": 10, "behind-a": 10}, "insurance": amount,
                         "actions": ["stand"]}},
           ["T", "A", "9", "7"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert json.loads(out)["insurance"] == {"1": {"seat": f"-{amount}"}}


def test_a_standing_bettor_insures_less_than_half_where_the_table_allows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-it", {"1": {"bets": {"seat": 10, "behind-a": 10},
                               "insurance": {"behind-a": "2.5"}, "actions": ["stand"]}},
           ["T", "A", "9", "7"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    assert json.loads(out)["insurance"] == {"1": {"behind-a": "-2.5"}}


def test_sabot_round_exposed_card(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # [003] the card exposed when box 1 is about to play: box 1 refuses, box 2 takes it
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc(
            "casino-it",
            {"1": {"bets": {"seat": 10}, "actions": ["stand"]},
             "2": {"bets": {"seat": 10}, "actions": ["stand"]}},
            ["T", "5", "9", "7", "6", "4", "8"],
            exposed={"at": "1", "refused_by": ["1"]},
        ),
    )  # fmt: skip
    assert (code, err) == (0, ""), err
    data = json.loads(out)
    assert data["hands"][1]["cards"] == ["5", "6", "4"]
    offers = [e for e in data["events"] if e["type"] == "offer"]
    assert offers == [
        {"type": "offer", "to": "1", "card": "4", "taken": False},
        {"type": "offer", "to": "2", "card": "4", "taken": True},
    ]


def test_sabot_round_warns_of_unused_actions_and_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-fr", {"3": {"bets": {"seat": 10}, "actions": ["stand", "hit"]}},
           ["T", "9", "7", "8", "5"]),
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["hands"][0]["result"] == "push"
    assert err.splitlines() == [
        "sabot round: warning: box 3: 1 action not used (hit): its hands were already closed",
        "sabot round: warning: cards: 1 card not used",
    ]


def test_scenario_cards_accept_10_and_suits(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-fr", {"1": {"bets": {"seat": "12.5"}, "actions": ["stand"]}},
           ["10s", "9H", "qd", "8C"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["hands"][0]["cards"] == ["TS", "QD"]
    assert data["hands"][0]["net"] == {"seat": "12.5"}


def test_scenario_rules_with_overrides(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc({"preset": "casino-fr", "dealer_hits_soft_17": True},
           {"1": {"bets": {"seat": 10}, "actions": ["stand"]}}, ["T", "A", "9", "6", "2"]),
    )  # fmt: skip
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert data["rules"] == "casino-fr + dealer_hits_soft_17=True"
    assert data["dealer"]["cards"] == ["A", "6", "2"]


# ---------------------------------------------------------------- the command, invalid scenarios

B1 = {"bets": {"seat": 10}, "actions": ["stand"]}

INVALID: list[tuple[str, Any, list[str]]] = [
    # an action the rules forbid at that moment
    ("double on 16", sc("casino-fr", {"3": {"bets": {"seat": 10}, "actions": ["double"]}},
                        ["T", "9", "6", "8"]),
     ["box 3", "cannot double", "9-11"]),
    ("split K Q by rank", sc("casino-fr", {"4": {"bets": {"seat": 10}, "actions": ["split"]}},
                             ["K", "9", "Q", "8"]),
     ["box 4", "cannot split", "K and Q are not a pair"]),
    ("double at home", sc("home", {"2": {"bets": {"seat": 10}, "actions": ["double"]}},
                          ["6", "9", "5", "8", "T"]),
     ["box 2", "cannot double", "no doubling under home"]),
    ("split at home", sc("home", {"2": {"bets": {"seat": 10}, "actions": ["split"]}},
                         ["8", "9", "8", "8", "T"]),
     ["box 2", "cannot split", "no split under home"]),
    ("a fourth hand", sc("casino-fr", {"1": {"bets": {"seat": 10},
                                             "actions": ["split", "split", "split"]}},
                         ["8", "9", "8", "8", "8", "8", "8"]),
     ["box 1", "cannot split", "3 hands at most"]),
    ("double after split", sc({"preset": "casino-fr", "double_after_split": False},
                              {"1": {"bets": {"seat": 10},
                                                  "actions": ["split", "double"]}},
                              ["5", "9", "5", "5", "T"]),
     ["box 1", "hand 1.1 cannot double", "no double after a split"]),
    ("double after a hit", sc("online", {"1": {"bets": {"seat": 10},
                                              "actions": ["hit", "double"]}},
                              ["2", "9", "3", "4", "T"]),
     ["box 1", "cannot double", "first two cards only"]),
    ("casino-it refusal", sc("casino-it", {"1": {"bets": {"seat": 10, "ann": 10},
                                                 "refuse": ["ann"], "actions": ["double"]}},
                             ["6", "9", "5", "T"]),
     ["box 1", "cannot double", "ann refuses"]),
    ("unknown action", sc("casino-fr", {"3": {"bets": {"seat": 10}, "actions": ["surrender"]}},
                          ["T", "9", "7", "8"]),
     ["box 3", "unknown action 'surrender'"]),
    ("no action left", sc("casino-fr", {"3": {"bets": {"seat": 10}, "actions": []}},
                          ["T", "9", "7", "8"]),
     ["box 3", "no action left for hand 3"]),
    # too few cards
    ("too few cards for a hit", sc("casino-fr", {"3": {"bets": {"seat": 10}, "actions": ["hit"]}},
                                   ["T", "9", "2"]),
     ["box 3", "too few cards"]),
    ("too few cards for the dealer", sc("casino-fr", {"3": B1}, ["T", "9", "2"]),
     ["dealer", "too few cards"]),
    ("too few cards for a split hand",
     sc("casino-fr", {"5": {"bets": {"seat": 10}, "actions": ["split", "stand"]}},
        ["8", "9", "8", "3"]),
     ["box 5", "too few cards"]),
    # an unknown card
    ("unknown card", sc("casino-fr", {"3": B1}, ["T", "9", "Z", "8"]),
     ["card 3", "unknown card 'Z'"]),
    ("card as a number", sc("casino-fr", {"3": B1}, ["T", 9, "7", "8"]),
     ["card 2", "unknown card 9"]),
    # a bet outside the table limits
    ("bet above the maximum", sc("casino-fr", {"3": {"bets": {"seat": 600}}}, ["T", "9", "7"]),
     ["box 3", "above the table maximum 500"]),
    ("behind bets above the maximum",
     sc("casino-fr", {"3": {"bets": {"seat": 400, "ann": 200}}}, ["T", "9", "7"]),
     ["box 3", "total 600, above the table maximum 500"]),
    ("bet below the minimum", sc("casino-fr", {"6": {"bets": {"seat": 2}}}, ["T", "9", "7"]),
     ["box 6", "below the table minimum 5"]),
    ("negative bet", sc("casino-fr", {"6": {"bets": {"seat": -10}}}, ["T", "9", "7"]),
     ["box 6", "must be positive"]),
    ("bet as text", sc("casino-fr", {"6": {"bets": {"seat": "ten"}}}, ["T", "9", "7"]),
     ["box 6", "expected an amount"]),
    # insurance when none is offered
    ("insurance on a 9", sc("casino-fr", {"3": {"bets": {"seat": 10}, "insurance": 5,
                                                "actions": ["stand"]}}, ["T", "9", "7", "8"]),
     ["box 3", "insurance is not offered", "the dealer shows a 9"]),
    ("insurance at home", sc("home", {"3": {"bets": {"seat": 10}, "insurance": 5,
                                            "actions": ["stand"]}}, ["T", "A", "7", "8", "9"]),
     ["box 3", "insurance is not offered", "home offers no insurance"]),
    ("insurance above half", sc("casino-it", {"3": {"bets": {"seat": 10}, "insurance": 6,
                                                    "actions": ["stand"]}},
                                ["T", "A", "7", "8"]),
     ["box 3", "more than half the seated player's bet"]),
    ("insurance not half", sc("casino-fr", {"3": {"bets": {"seat": 10}, "insurance": 4,
                                                  "actions": ["stand"]}},
                              ["T", "A", "7", "8"]),
     ["box 3", "insurance is half the bet, so the seated player's is 5, not 4 [000]"]),
    # [003] each bettor insures his own bet: a plain amount neither the seat's nor every bettor's
    # half is refused, and the message says how to write it
    ("box insurance as one wrong amount", sc("casino-fr", {"1": {"bets": {"seat": 10,
                                                                          "behind-a": 10},
                                                                 "insurance": 7,
                                                                 "actions": ["stand"]}},
                                             ["T", "A", "7", "8"]),
     ["box 1", "insurance 7 is neither the seated player's (at most 5) nor half of every "
      "bettor's bet (10 in all)", 'write each bettor\'s insurance, "insurance": {"seat": 5, '
      '"behind-a": 5}']),
    ("insurance of a stranger", sc("casino-fr", {"1": {"bets": {"seat": 10},
                                                       "insurance": {"bob": 5}}},
                                   ["T", "A", "7", "8"]),
     ["box 1", "insurance of bob: bob has no bet on the box (the bettors are seat)"]),
    # [000][003] a standing bettor on the box may refuse to follow a double or a split
    ("refusal by a stranger", sc("casino-fr", {"1": {"bets": {"seat": 10, "ann": 5},
                                                     "actions": ["double"], "refuse": ["nobody"]}},
                                 ["5", "6", "7", "9", "8"]),
     ["box 1", "refusal of nobody: nobody has no bet on the box (the bettors are seat, ann)"]),
    ("refusal by the seated player", sc("casino-fr", {"1": {"bets": {"seat": 10, "ann": 5},
                                                            "actions": ["double"],
                                                            "refuse": ["seat"]}},
                                        ["5", "6", "7", "9", "8"]),
     ["box 1", "refusal of seat", "only a behind bettor refuses"]),
    # the table
    ("box out of the table", sc("online", {"4": B1}, ["T", "9", "7", "8"]),
     ["box 4", "boxes 1 to 3"]),
    ("box not a number", sc("casino-fr", {"one": B1}, ["T", "9", "7", "8"]),
     ["box 'one'"]),
    ("behind bet online", sc("online", {"2": {"bets": {"seat": 10, "ann": 5}}}, ["T", "9", "7"]),
     ["box 2", "behind bets are not taken under online"]),
    ("behind bet without a seat", sc("casino-fr", {"2": {"bets": {"ann": 5}}}, ["T", "9", "7"]),
     ["box 2", "seated player"]),
    ("box without bets", sc("casino-fr", {"2": {"actions": ["stand"]}}, ["T", "9", "7"]),
     ["box 2", "bets"]),
    ("unknown box field", sc("casino-fr", {"2": {"bets": {"seat": 5}, "surrender": True}},
                             ["T", "9", "7"]),
     ["box 2", "unknown field 'surrender'"]),
    # the rules
    ("unknown preset", sc("vegas", {"1": B1}, ["T", "9", "7", "8"]),
     ["rules", "unknown preset 'vegas'"]),
    ("unknown option", sc({"preset": "casino-fr", "surrender": True}, {"1": B1}, ["T"]),
     ["rules", "unknown option 'surrender'"]),
    ("impossible rules", sc({"preset": "home", "max_hands": 3}, {"1": B1}, ["T"]),
     ["rules", "max_hands must be 1"]),
    # the file
    ("malformed JSON", '{"rules": "casino-fr", "boxes": {', ["malformed JSON", "line 1"]),
    ("empty file", "", ["malformed JSON"]),
    ("not an object", "[1, 2]", ["a scenario is a JSON object"]),
    ("no boxes", sc("casino-fr", {}, ["T"]), ["boxes"]),
    ("no cards", {"rules": "casino-fr", "boxes": {"1": B1}}, ["cards"]),
    ("unknown field", sc("casino-fr", {"1": B1}, ["T"], dealer="me"), ["unknown field 'dealer'"]),
    ("exposed never played", sc("casino-fr", {"1": B1}, ["T", "9", "7", "8"],
                                exposed={"at": "4"}),
     ["exposed", "hand 4 never came to play"]),
    ("exposed refused by a stranger", sc("casino-fr", {"1": B1}, ["T", "9", "7", "8", "5"],
                                         exposed={"at": "1", "refused_by": ["5"]}),
     ["5 cannot refuse it"]),
    # too big or absurd: refused with the bound, never a traceback
    ("rules null", sc(None, {"1": B1}, ["T", "9", "7", "8"]), ["rules", "not null"]),
    # JSON's words, not Python's: "not None", "unknown preset None", "not True"
    ("preset null", sc({"preset": None}, {"1": B1}, ["T", "9", "7", "8"]),
     ["rules", "unknown preset null:"]),
    ("decks null", sc({"preset": "casino-it", "decks": None}, {"1": B1}, ["T", "9", "7", "8"]),
     ["rules", "option decks takes a whole number from 1 to 8, not null"]),
    ("bet true", sc("casino-fr", {"1": {"bets": {"seat": True}}}, ["T"]),
     ["box 1: bet of seat", "not true"]),
    ("bet null", sc("casino-fr", {"1": {"bets": {"seat": None}}}, ["T"]),
     ["box 1: bet of seat", "not null"]),
    ("box in Arabic-Indic digits", sc("casino-fr", {"١": B1}, ["T", "9", "7", "8"]),
     ["box '١'", "plain digits"]),
    ("box with a leading zero", sc("casino-fr", {"01": B1}, ["T", "9", "7", "8"]),
     ["box '01'", "plain digits"]),
    ("bet with an underscore", sc("casino-fr", {"1": {"bets": {"seat": "1_0"}}}, ["T"]),
     ["box 1: bet of seat", "'1_0'", "at most 12 digits, and 2 after the point"]),
    ("bet in full-width digits", sc("casino-fr", {"1": {"bets": {"seat": "１０"}}}, ["T"]),
     ["box 1: bet of seat", "'１０'", "at most 12 digits"]),
    ("bet with nine decimals", sc("casino-fr", {"1": {"bets": {"seat": "10.123456789"}}}, ["T"]),
     ["box 1: bet of seat", "'10.123456789'", "2 after the point"]),
    ("bet as a number with nine decimals",
     sc("casino-fr", {"1": {"bets": {"seat": 10.123456789}}}, ["T"]),
     ["box 1: bet of seat", "10.123456789", "2 after the point"]),
    ("bet of 1e999999999", '{"boxes": {"1": {"bets": {"seat": 1e999999999}}}, "cards": ["T"]}',
     ["box 1: bet of seat", "at most 12 digits", "not '1e999999999'"]),
    ("bet of 1e999999999 as text", sc("casino-fr", {"1": {"bets": {"seat": "1e999999999"}}},
                                      ["T"]),
     ["box 1: bet of seat", "'1e999999999'", "at most 12 digits"]),
    ("bet of 13 digits", sc("casino-fr", {"1": {"bets": {"seat": 10**12}}}, ["T"]),
     ["box 1: bet of seat", "at most 12 digits"]),
    ("bet of 5,000 digits", '{"boxes": {"1": {"bets": {"seat": ' + "9" * 5000 + '}}}}',
     ["box 1: bet of seat", "at most 12 digits", "(5,000 characters)"]),
    ("bet of 1e9", '{"boxes": {"1": {"bets": {"seat": 1e9}}}, "cards": ["T"]}',
     ["box 1: bet of seat", "at most 12 digits", "not '1e9'"]),
    ("table maximum of 1e9", '{"rules": {"preset": "casino-fr", "table_max": 1e9}, '
     '"boxes": {"1": {"bets": {"seat": 10}}}, "cards": ["T"]}',
     ["rules", "option table_max", "not '1e9'"]),
    ("decks of 5,000 digits", '{"rules": {"preset": "casino-fr", "decks": ' + "9" * 5000
     + '}, "boxes": {"1": {"bets": {"seat": 10}}}, "cards": ["T"]}',
     ["rules", "option decks takes a whole number from 1 to 8", "(5,000 characters)"]),
    ("JSON 100,000 levels deep", "[" * 100_000 + "]" * 100_000,
     ["malformed JSON", "nested too deeply"]),
    ("an empty bettor name", sc("casino-fr", {"1": {"bets": {"seat": 10, "": 5}}}, ["T"]),
     ["box 1", "bettor's name cannot be empty or blank"]),
    ("a blank bettor name", sc("casino-fr", {"1": {"bets": {"seat": 10, "  ": 5}}}, ["T"]),
     ["box 1", "bettor's name cannot be empty or blank", "'  '"]),
    ("a bettor name with an escape",
     sc("casino-fr", {"1": {"bets": {"seat": 10, "ann\x1b[2J": 5}}}, ["T"]),
     ["box 1", "'ann\\x1b[2J'", "control or invisible character"]),
    ("a bettor name with a newline", sc("casino-fr", {"1": {"bets": {"seat": 10, "a\nb": 5}}},
                                        ["T"]),
     ["box 1", "control or invisible character"]),
    ("a bettor name with a lone surrogate", '{"boxes": {"1": {"bets": {"seat": 10, '
     '"\\ud800": 5}}}, "cards": ["T"]}',
     ["box 1", "control or invisible character"]),
    ("bettor names that differ by a trailing space",
     sc("casino-fr", {"1": {"bets": {"seat": 10, "ann": 5, "ann ": 5}}}, ["T"]),
     ["box 1", "'ann' and 'ann '", "differ only by spaces"]),
    ("21 bettors on a box",
     sc("casino-fr", {"1": {"bets": {"seat": 5, **{f"b{i}": 5 for i in range(20)}}}}, ["T"]),
     ["box 1", "at most 20 bettors on a box", "not 21"]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "scenario", "needles"), INVALID, ids=[c[0] for c in INVALID])
def test_an_invalid_scenario_exits_2_with_one_clear_line(
    name: str,
    scenario: Any,
    needles: list[str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    code, out, err = run_cli(capsys, tmp_path, scenario)
    assert code == 2
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert err.endswith("\n")
    line = lines[0]
    assert line.startswith("sabot round: ")
    for needle in needles:
        assert needle in line


def test_a_hit_on_a_split_ace_is_never_asked_for(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # split Aces take one card each: the box is closed, the replay warns of the unused hit
    code, out, err = run_cli(
        capsys,
        tmp_path,
        sc("casino-fr", {"1": {"bets": {"seat": 10}, "actions": ["split", "hit"]}},
           ["A", "9", "A", "5", "5", "T"]),
    )  # fmt: skip
    assert code == 0
    assert [h["cards"] for h in json.loads(out)["hands"]] == [["A", "5"], ["A", "5"]]
    assert err == (
        "sabot round: warning: box 1: 1 action not used (hit): its hands were already closed\n"
    )


def test_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code = main(["round", str(tmp_path / "nothing.json")])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.startswith("sabot round: cannot read ") and err.count("\n") == 1


def test_a_file_that_is_not_utf8(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{"rules": "casino-fr", "note": "brûlée"}'.encode("latin-1"))
    assert main(["round", str(path)]) == 2
    _, err = capsys.readouterr()
    assert err == f"sabot round: {path} is not UTF-8 text\n"


def test_twenty_bettors_on_a_box_are_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bets = {"seat": 5, **{f"b{i}": 5 for i in range(19)}}
    scenario = sc("casino-fr", {"1": {"bets": bets, "actions": ["stand"]}}, ["T", "9", "7", "8"])
    code, out, err = run_cli(capsys, tmp_path, scenario)
    assert code == 0, err
    assert set(json.loads(out)["hands"][0]["net"]) == set(bets)


def test_too_few_cards_in_the_deal_names_the_box(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run_cli(capsys, tmp_path, sc("casino-fr", {"3": B1}, ["T", "9"]))
    assert code == 2
    assert err.count("\n") == 1
    assert "box 3" in err


def test_a_preset_that_is_not_a_name(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run_cli(capsys, tmp_path, sc({"preset": []}, {"1": B1}, ["T", "9", "7", "8"]))
    assert code == 2
    assert "rules" in err and "preset" in err


def test_a_huge_bet_at_home(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run_cli(
        capsys, tmp_path, sc("home", {"1": {"bets": {"seat": "1e30"}, "actions": ["stand"]}},
                             ["T", "9", "Q", "8"])
    )  # fmt: skip
    assert code in (0, 2)
    assert "Traceback" not in err


# ---------------------------------------------------------------- parse and play, in Python


def test_parse_scenario_reads_rules_boxes_and_cards() -> None:
    s = parse_scenario(
        json.dumps(
            sc(
                {"preset": "casino-it", "decks": 2},
                {"4": {"bets": {"seat": 10, "ann": "2.5"}, "actions": ["hit"], "refuse": ["ann"]},
                 "1": {"bets": {"seat": 5}, "insurance": 2}},
                ["10", "as", "K"],
                exposed={"at": "4", "refused_by": [4, "dealer"]},
                title="t",
                note="n",
            )
        )
    )  # fmt: skip
    assert s.rules == HouseRules.from_spec({"preset": "casino-it", "decks": 2})
    assert [p.number for p in s.boxes] == [1, 4]  # in box order
    assert s.boxes[1].bets == {"seat": D(10), "ann": D("2.5")}
    assert s.boxes[1].actions == ("hit",)
    assert s.boxes[1].refuse == ("ann",)
    assert s.boxes[0].insurance == {"seat": D(2)}  # a plain amount: the seated player's
    assert s.cards == ("T", "AS", "K")
    assert s.exposed_at == "4"
    assert s.exposed_refused_by == ("4", "dealer")


def test_rules_default_to_casino_fr() -> None:
    s = parse_scenario(json.dumps({"boxes": {"1": B1}, "cards": []}))
    assert s.rules.preset == "casino-fr"


def test_play_returns_the_round_and_warnings() -> None:
    rnd, warnings = play(parse_scenario((SCENARIOS / "split.json").read_text(encoding="utf-8")))
    assert rnd.done and warnings == []
    assert transcript(rnd)["dealer"]["result"] == "bust"
    assert rnd.balances() == {"seat": D(60), "behind-a": D(5)}


def test_scenario_error_is_a_value_error() -> None:
    assert issubclass(ScenarioError, ValueError)
    with pytest.raises(ScenarioError, match="malformed JSON"):
        parse_scenario("{")


# ---------------------------------------------------------------- a real process


def run_process(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    return subprocess.run(
        [sys.executable, "-m", "trainer.cli", "round", *args],
        cwd=REPO,
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.slow
def test_subprocess_valid_scenario() -> None:
    p = run_process(str(SCENARIOS / "split.json"))
    assert p.returncode == 0, p.stderr
    assert p.stderr == ""
    data = json.loads(p.stdout)
    assert data["deal"] == ["1", "4", "dealer", "1", "4"]
    assert [h["hand"] for h in data["hands"]] == ["1", "4.1", "4.2"]


@pytest.mark.slow
def test_subprocess_invalid_scenario(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        json.dumps(sc("casino-fr", {"3": {"bets": {"seat": 10}, "actions": ["double"]}},
                      ["T", "9", "6", "8"])),
        encoding="utf-8",
    )  # fmt: skip
    p = run_process(str(path))
    assert p.returncode == 2
    assert p.stdout == ""
    assert "Traceback" not in p.stderr
    assert p.stderr.count("\n") == 1
    assert p.stderr.startswith("sabot round: box 3: hand 3 cannot double")


@pytest.mark.slow
def test_subprocess_malformed_json_from_stdin() -> None:
    p = run_process("-", stdin="{not json")
    assert p.returncode == 2
    assert p.stderr.startswith("sabot round: malformed JSON")
    assert p.stderr.count("\n") == 1


@pytest.mark.slow
def test_subprocess_invalid_utf8_on_standard_input() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO), env.get("PYTHONPATH", "")])
    scenario = sc("casino-fr", {"1": B1}, ["T", "9", "7", "8"], note="é")
    text = json.dumps(scenario, ensure_ascii=False)
    raw = text.encode("utf-8").replace("é".encode(), b"\xff")
    assert b"\xff" in raw
    for locale in ("C.UTF-8", "C"):
        # in the C locale Python reads standard input with surrogateescape: still refused
        p = subprocess.run(
            [sys.executable, "-m", "trainer.cli", "round", "-"],
            cwd=REPO,
            env=dict(env, LC_ALL=locale),
            input=raw,
            capture_output=True,
            timeout=60,
        )
        assert p.returncode == 2, p.stderr
        assert p.stdout == b""
        assert p.stderr == b"sabot round: standard input is not UTF-8 text\n"


@pytest.mark.slow
def test_subprocess_deeply_nested_json_from_stdin() -> None:
    p = run_process("-", stdin="{" + '"a": {' * 100_000 + "}" * 100_001)
    assert p.returncode == 2
    assert "Traceback" not in p.stderr and p.stderr.count("\n") == 1
    assert p.stderr.startswith("sabot round: malformed JSON: nested too deeply")


@pytest.mark.parametrize(
    ("lang", "scenario", "said"),
    [
        ("fr", '{"bad": 1}', "champ inconnu 'bad'\u202f: un scénario a rules, boxes, cards"),
        ("it", "not json", "JSON malformato: era atteso un valore alla riga 1, colonna 1"),
        (
            "fr",
            '{"boxes": {"1": {"bets": {"seat": -5}}}, "cards": []}',
            "case 1\u202f: mise de seat\u202f: un montant doit être positif, pas -5",
        ),
        (
            "it",
            '{"boxes": {"9": {"bets": {"seat": 5}}}, "cards": []}',
            "riquadro 9: questo tavolo ha i riquadri da 1 a 7",
        ),
        (
            "it",
            '{"boxes": {"1": {"bets": {"seat": 5}}}, "cards": ["ZZ"]}',
            "cards: carta 1: carta sconosciuta 'ZZ': atteso un valore A, 2-9",
        ),
    ],
)
def test_a_scenario_s_mistake_is_said_in_the_instructor_s_language(lang, scenario, said) -> None:
    from trainer import i18n

    i18n.set_language(lang)
    try:
        with pytest.raises(ScenarioError) as e:
            parse_scenario(scenario)
    finally:
        i18n.set_language("en")
    assert str(e.value) == said or str(e.value).startswith(said)


def test_unused_actions_and_cards_are_counted_in_the_language() -> None:
    from trainer import i18n

    text = '{"boxes": {"1": {"bets": {"seat": 10}, "actions": ["stand", "hit", "hit"]}},'
    text += ' "cards": ["T", "9", "8", "7", "6", "5"]}'
    i18n.set_language("it")
    try:
        _, warnings = play(parse_scenario(text))
    finally:
        i18n.set_language("en")
    assert warnings == [
        "riquadro 1: 2 azioni non usate (hit, hit): le sue mani erano già chiuse",
        "cards: 1 carta non usata",
    ]
