"""Property tests of the rules engine, with hypothesis.

- No illegal action is ever offered: random rounds under every preset (and random overrides),
  random choices among `legal_actions()`, random refusals by behind bettors, random exposed
  cards; every offered action succeeds and every action not offered raises RoundError and
  changes nothing.
- Money balances: every hand's net is recomputed from its final cards, stakes and the dealer's
  hand by an independent reading of RULES.md §9, and the round's balances add up.
- Announcements and the dealer's play are recomputed from the cards (§2, §8).
- Cards are conserved: through a real shoe over many rounds and reshuffles, exposed cards burned
  included, dealt + burned + remaining is always the decks' multiset.
- A recorded round replays exactly: the same cards and decisions give the same events, through
  `Round` with `ScriptedCards` and through a scenario file.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trainer.game.cards import RANKS, full_deck
from trainer.game.round import (
    ACTIONS,
    BLACKJACK,
    BUST,
    DEALER,
    DOUBLE,
    HIT,
    LOSE,
    PUSH,
    SEAT,
    SPLIT,
    STAND,
    UNFINISHED,
    WIN,
    Round,
    RoundError,
)
from trainer.game.rules import PRESETS, HouseRules
from trainer.game.scenario import replay, transcript
from trainer.game.shoe import ScriptedCards, Shoe

D = Decimal
T = TypeVar("T")
PRESET_NAMES = sorted(PRESETS)

FAST = settings(
    max_examples=50,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
FEWER = settings(FAST, max_examples=25)
REPLAYS = settings(FAST, max_examples=30)


# ------------------------------------------------------ an independent reading of the rules


def val(card: str) -> int:
    return {"A": 1, "T": 10, "J": 10, "Q": 10, "K": 10}.get(card[0]) or int(card[0])


def low_soft(cards: Sequence[str]) -> tuple[int, bool]:
    low = sum(val(c) for c in cards)
    return low, any(c[0] == "A" for c in cards) and low + 10 <= 21


def best_of(cards: Sequence[str]) -> int:
    low, soft = low_soft(cards)
    return low + 10 if soft else low


def natural(cards: Sequence[str]) -> bool:
    return len(cards) == 2 and sorted(val(c) for c in cards) == [1, 10]


def dealer_must_draw(cards: Sequence[str], rules: HouseRules) -> bool:
    low, soft = low_soft(cards)
    b = low + 10 if soft else low
    return b < 17 or (rules.dealer_hits_soft_17 and soft and b == 17)


def words(cards: Sequence[str], *, split: bool = False, stands: bool = False) -> str:
    low, soft = low_soft(cards)
    if natural(cards) and not split:
        return "Black Jack"
    if low > 21:
        return "bust"
    if soft:
        return str(low + 10) if (stands or low + 10 == 21) else f"{low} or {low + 10}"
    return str(low)


def expected_hand_words(cards: Sequence[str], split: bool, played: bool) -> list[str]:
    out = [words(cards[:k], split=split) for k in range(2, len(cards) + 1)]
    low, soft = low_soft(cards)
    if played and soft and low + 10 < 21 and not (natural(cards) and not split):
        out.append(str(low + 10))  # a soft hand closed below 21: its standing value once more
    return out


def expected_dealer_words(cards: Sequence[str], rules: HouseRules) -> list[str]:
    up = "1 or 11" if val(cards[0]) == 1 else str(val(cards[0]))
    rest = [
        words(cards[:k], stands=not dealer_must_draw(cards[:k], rules))
        for k in range(2, len(cards) + 1)
    ]
    return [up, *rest]


def blackjack_pay(stake: Decimal, rules: HouseRules) -> Decimal:
    num, den = (D(x) for x in rules.blackjack_pays.split(":"))
    win = stake * num / den
    return D(int(win)) if rules.round_half_units else win  # rounded down to the unit


def check_settlement(rnd: Round, rules: HouseRules) -> None:
    """RULES.md §9, recomputed from the final hands."""
    dealer = rnd.dealer
    d_nat = natural(dealer)
    d_best = best_of(dealer)
    total: dict[str, Decimal] = {}
    for box in rnd.boxes.values():
        split = len(box.hands) > 1
        for i, h in enumerate(box.hands):
            assert h.closed, h.label  # no peek: every hand is played out [001][004]
            nat = natural(h.cards) and not split
            low, _ = low_soft(h.cards)
            assert h.result is not None
            assert set(h.net) == set(h.stakes)
            for bettor, stake in h.stakes.items():
                base = box.bets[bettor]
                # the stake on a hand is the bettor's bet, or twice it on a double he followed
                assert stake == base or (h.doubled and stake == 2 * base), (h.label, bettor)
                original = base if i == 0 else D(0)  # split hands are added money
                exp: tuple[str | None, Decimal]
                if low > 21:
                    exp = (BUST, -stake)
                elif nat:
                    exp = (PUSH, D(0)) if d_nat else (BLACKJACK, blackjack_pay(stake, rules))
                elif d_nat:
                    if rules.dealer_bj_takes == "all":
                        exp = (LOSE, -stake)
                    else:
                        exp = (None, -original)  # LOSE, or PUSH when nothing original is on it
                elif d_best > 21 or best_of(h.cards) > d_best:
                    exp = (WIN, stake)
                elif best_of(h.cards) == d_best:
                    exp = (PUSH, D(0))
                else:
                    exp = (LOSE, -stake)
                assert h.net[bettor] == exp[1], (h.label, bettor, h.cards, dealer)
                if exp[0] is not None:
                    assert h.result == exp[0], (h.label, h.cards, dealer)
                # the only possible nets: -stake, 0, +stake, the natural's payout, and the
                # original bet alone against a dealer Black Jack that takes only that
                assert h.net[bettor] in (
                    -stake, D(0), stake, blackjack_pay(stake, rules), -original
                )  # fmt: skip
                total[bettor] = total.get(bettor, D(0)) + h.net[bettor]
            if d_nat and not nat and low <= 21 and rules.dealer_bj_takes == "original":
                assert h.result == (LOSE if any(h.net.values()) else PUSH)
        assert set(box.insurance_nets) == set(box.insured)
        for bettor, insured in box.insured.items():
            # [003] every bettor insures against his own bet: at most half of it, or exactly half
            # where the table says so [000][001][002]
            half = box.bets[bettor] / 2
            assert D(0) < insured <= half
            if rules.insurance_amount == "half":
                assert insured == half
            assert box.insurance_nets[bettor] == (2 * insured if d_nat else -insured)
            total[bettor] = total.get(bettor, D(0)) + box.insurance_nets[bettor]
    assert rnd.balances() == total


def check_dealer(rnd: Round, rules: HouseRules) -> None:
    """RULES.md §8: the dealer draws to 16 and stands on 17 (soft 17 per the option), exposed
    cards he kept [003] included."""
    cards = rnd.dealer
    assert cards
    for k in range(2, len(cards)):
        assert dealer_must_draw(cards[:k], rules), cards  # never drew past a standing hand
        assert not natural(cards[:k])
    assert rnd.dealer_announcements == expected_dealer_words(cards, rules)
    # the hands his own is settled against, once naturals are paid and bust hands collected
    live = [
        h
        for h in rnd.hands()
        if h.result != BUST and not (natural(h.cards) and len(rnd.boxes[h.box].hands) == 1)
    ]
    if live and not natural(cards[:2]):
        assert not dealer_must_draw(cards, rules), cards  # it stood, or busted
    if natural(cards[:2]) and len(cards) >= 2:
        assert len(cards) == 2 and rnd.dealer_result == BLACKJACK
    # his result reads what his hand became, never the point of a hand still to draw to
    if natural(cards):
        assert rnd.dealer_result == BLACKJACK
    elif best_of(cards) > 21:
        assert rnd.dealer_result == BUST
    elif dealer_must_draw(cards, rules):
        assert rnd.dealer_result == UNFINISHED and not live, cards
    else:
        assert rnd.dealer_result == str(best_of(cards))
    if not live:
        # nothing to draw for (chosen, RULES.md §6.5): no card past the second, and a second
        # card only with a hole card, or for an insurance or a natural waiting for it
        waiting = any(b.insured for b in rnd.boxes.values()) or any(
            natural(h.cards) and len(rnd.boxes[h.box].hands) == 1 and val(cards[0]) in (1, 10)
            for h in rnd.hands()
        )
        second = rules.hole_card or waiting
        assert len(cards) == (2 if second else 1), (cards, [h.cards for h in rnd.hands()])


def check_announcements(rnd: Round, rules: HouseRules) -> None:
    for box in rnd.boxes.values():
        split = len(box.hands) > 1
        for h in box.hands:
            assert h.announcements == expected_hand_words(h.cards, split, True), h.label


# ---------------------------------------------------------------- driving a round at random


class Chooser:
    """Random decisions from a seeded Random."""

    def __init__(self, pick: Callable[[Sequence[Any]], Any], coin: Callable[[int], bool]) -> None:
        self.pick = pick
        self.coin = coin  # coin(p): true with about p percent

    @classmethod
    def from_random(cls, rng: random.Random) -> Chooser:
        return cls(lambda xs: rng.choice(list(xs)), lambda p: rng.randrange(100) < p)


@dataclass
class Recorder:
    """A card source that remembers what it dealt."""

    source: Any
    drawn: list[str] = field(default_factory=list)

    def draw(self) -> str:
        c = self.source.draw()
        self.drawn.append(c)
        return c

    def begin_round(self) -> None:
        begin = getattr(self.source, "begin_round", None)
        if begin is not None:
            begin()


@dataclass
class Played:
    rnd: Round
    log: list[tuple[Any, ...]]
    dealer_kept: list[str]  # exposed cards the dealer took
    exposed_at: str | None = None
    exposed_refused: tuple[str, ...] = ()
    box_refusals: dict[int, list[str]] = field(default_factory=dict)


def amounts_for(rules: HouseRules) -> list[Decimal]:
    unit = rules.table_min or D(1)
    return [unit, 2 * unit, 5 * unit, unit * D("2.5")]


def drive(
    rules: HouseRules,
    source: Any,
    ch: Chooser,
    *,
    on_burn: Callable[[str], None] | None = None,
    check_legal: bool = True,
    scenario_mode: bool = False,
    max_boxes: int | None = None,
) -> Played:
    """Play one round with random bets, insurance, refusals, exposed cards and decisions.

    In scenario mode each box has one fixed list of refusals and at most one card is exposed, at
    the first decision of a hand, so the round can be written as a scenario file.
    """
    rnd = Round(rules, source, on_burn=on_burn)
    log: list[tuple[Any, ...]] = []
    top = min(rules.boxes, max_boxes or rules.boxes)
    boxes = [n for n in range(1, top + 1) if ch.coin(40)] or [ch.pick(range(1, top + 1))]
    assert rnd.legal_actions() == ()
    box_refusals: dict[int, list[str]] = {}
    for n in boxes:
        amount = ch.pick(amounts_for(rules))
        rnd.bet(n, SEAT, amount)
        log.append(("bet", n, SEAT, amount))
        if rules.behind_bets:
            for name in ("ann", "bob"):
                if ch.coin(30):
                    rnd.bet(n, name, rules.table_min or D(1))
                    log.append(("bet", n, name, rules.table_min or D(1)))
            behind = [k for k in rnd.boxes[n].bets if k != SEAT]
            box_refusals[n] = [k for k in behind if ch.coin(30)]
    rnd.deal()
    log.append(("deal",))
    with pytest.raises(RoundError):  # no bet once the first card is out
        rnd.bet(boxes[0], "late", rules.table_min or D(1))
    if rnd.phase == "insurance":
        offered = rnd.insurable()
        assert set(offered) == set(rnd.boxes)
        for n, bettors in offered.items():
            assert set(bettors) == set(rnd.boxes[n].bets)  # every bettor may insure [003]
            for who, half in bettors.items():
                assert half == rnd.boxes[n].bets[who] / 2  # half of his own bet
                with pytest.raises(RoundError):
                    rnd.insure(n, half + D("0.5"), who)
                if rules.insurance_amount == "half":
                    with pytest.raises(RoundError):
                        rnd.insure(n, half / 2, who)
                if ch.coin(40):
                    amount = half if rules.insurance_amount == "half" else ch.pick([half, half / 2])
                    rnd.insure(n, amount, who)
                    log.append(("insure", n, amount, who))
        rnd.close_insurance()
        log.append(("close",))
    else:
        assert rnd.insurable() == {}
        with pytest.raises(RoundError):
            rnd.insure(boxes[0], D(1))
    dealer_kept: list[str] = []
    exposes = 0
    seen: set[str] = set()
    exposed_at: str | None = None
    exposed_refused: tuple[str, ...] = ()
    while rnd.current is not None:
        h = rnd.current
        first_look = h.label not in seen
        seen.add(h.label)
        may_expose = exposes < (1 if scenario_mode else 2) and (first_look or not scenario_mode)
        if may_expose and ch.coin(8):
            exposes += 1
            # the dealer is offered the card unless he already stands on what he holds face up
            # (his up card and the cards he kept); a hidden card nobody knows [003]
            up_and_kept = [*rnd.dealer[:1], *dealer_kept]
            stands = not rules.hole_card and (
                natural(up_and_kept) or not dealer_must_draw(up_and_kept, rules)
            )
            cands = [
                str(b.number)
                for b in rnd.boxes.values()
                if b.number >= h.box and any(not x.closed for x in b.hands)
            ] + ([] if stands else [DEALER])
            assert rnd.exposed_offer_order() == cands
            refused = tuple(c for c in cands if ch.coin(60))
            out = rnd.expose(refused)
            taker = next((c for c in cands if c not in refused), "burned")
            assert out.taken_by == taker
            in_turn = cands if taker == "burned" else cands[: cands.index(taker) + 1]
            assert out.offered == tuple(in_turn)
            if taker == DEALER:
                dealer_kept.append(out.card)
            log.append(("expose", refused))
            exposed_at, exposed_refused = h.label, refused
            continue
        if scenario_mode:
            refusals = box_refusals.get(h.box, [])
        else:
            refusals = [k for k in h.stakes if k != SEAT and ch.coin(30)]
        legal = rnd.legal_actions(refusals)
        if check_legal:
            check_offer(rnd, legal, refusals)
        action = ch.pick(legal)
        log.append(("act", action, tuple(refusals)))
        rnd.act(action, refusals)
    assert rnd.done
    assert rnd.legal_actions() == ()
    with pytest.raises(RoundError):
        rnd.act(STAND)
    return Played(rnd, log, dealer_kept, exposed_at, exposed_refused, box_refusals)


def check_offer(rnd: Round, legal: tuple[str, ...], refusals: list[str]) -> None:
    """Every offered action succeeds; every other raises RoundError and changes nothing."""
    assert {HIT, STAND} <= set(legal) <= set(ACTIONS)
    assert len(set(legal)) == len(legal)
    h = rnd.current
    assert h is not None
    for action in ACTIONS:
        if action in legal:
            if action in (DOUBLE, SPLIT):
                twin = copy.deepcopy(rnd)
                twin.act(action, refusals)  # must not raise
        else:
            before = (len(rnd.events), list(h.cards), dict(h.stakes), len(rnd.hands()))
            with pytest.raises(RoundError) as e:
                rnd.act(action, refusals)
            assert f"box {h.box}:" in str(e.value)
            assert (len(rnd.events), list(h.cards), dict(h.stakes), len(rnd.hands())) == before
    with pytest.raises(RoundError):
        rnd.act("surrender", refusals)


# ---------------------------------------------------------------- strategies


@st.composite
def house_rules(draw: st.DrawFn) -> HouseRules:
    """A preset, sometimes with overrides, repaired into a possible table."""
    spec: dict[str, Any] = {"preset": draw(st.sampled_from(PRESET_NAMES))}
    spec.update(
        draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "dealer_hits_soft_17": st.booleans(),
                    "double_on": st.sampled_from(["9-11", "10-11", "any", "none"]),
                    "double_after_split": st.booleans(),
                    "split": st.sampled_from(["rank", "value", "none"]),
                    "max_hands": st.integers(2, 4),
                    "dealer_bj_takes": st.sampled_from(["all", "original"]),
                    "blackjack_pays": st.sampled_from(["3:2", "6:5", "1:1"]),
                    "round_half_units": st.booleans(),
                    "hole_card": st.booleans(),
                    "insurance": st.booleans(),
                    "insurance_amount": st.sampled_from(["half", "up-to-half"]),
                },
            )
        )
    )
    base = HouseRules.from_spec(spec["preset"]).options()
    merged = {**base, **spec}
    if merged["split"] == "none":
        spec["max_hands"] = 1
        spec["double_after_split"] = False
    elif merged["max_hands"] < 2:
        spec["max_hands"] = 2
    if merged["double_on"] == "none":
        spec["double_after_split"] = False
    return HouseRules.from_spec(spec)


class Cards:
    """Scripted cards that a deep copy of a round shares instead of copying."""

    def __init__(self, cards: Sequence[str], pos: int = 0) -> None:
        self.cards = tuple(cards)
        self.pos = pos

    def draw(self) -> str:
        c = self.cards[self.pos]
        self.pos += 1
        return c

    def __deepcopy__(self, memo: dict[int, Any]) -> Cards:
        return Cards(self.cards, self.pos)


def stacked_cards(data: st.DataObject) -> Cards:
    """The first cards chosen by hypothesis (so pairs, Aces and naturals come up often and a
    failure shrinks to a short deal), then enough seeded random cards to finish any round."""
    head = data.draw(st.lists(st.sampled_from(list(RANKS)), min_size=30, max_size=30))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    return Cards(head + [rng.choice(RANKS) for _ in range(400)])


def chooser(data: st.DataObject) -> Chooser:
    """Decisions from a seed hypothesis draws: fast, and a failure reproduces from the seed."""
    return Chooser.from_random(random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed")))


# ---------------------------------------------------------------- the properties


@FAST
@given(rules=house_rules(), data=st.data())
def test_no_illegal_action_is_ever_offered_and_money_balances(
    rules: HouseRules, data: st.DataObject
) -> None:
    played = drive(rules, stacked_cards(data), chooser(data))
    rnd = played.rnd
    check_settlement(rnd, rules)
    check_dealer(rnd, rules)
    check_announcements(rnd, rules)


@FEWER
@given(preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**32 - 1))
def test_every_preset_with_a_real_shoe(preset: str, seed: int) -> None:
    rules = HouseRules.from_spec(preset)
    shoe = Shoe(rules.decks, seed=seed, every_round=rules.reshuffle == "every-round")
    played = drive(rules, shoe, Chooser.from_random(random.Random(seed)), on_burn=shoe.burn)
    check_settlement(played.rnd, rules)
    check_dealer(played.rnd, rules)
    check_announcements(played.rnd, rules)


@FEWER
@given(
    preset=st.sampled_from(PRESET_NAMES),
    seed=st.integers(0, 2**32 - 1),
    rounds=st.integers(5, 40),
)
def test_cards_are_conserved_through_the_shoe(preset: str, seed: int, rounds: int) -> None:
    rules = HouseRules.from_spec(preset)
    decks = Counter(full_deck() * rules.decks)
    shoe = Shoe(rules.decks, seed=seed, every_round=rules.reshuffle == "every-round")
    rng = random.Random(seed)
    for _ in range(rounds):
        source = Recorder(shoe)
        burned: list[str] = []

        def on_burn(card: str, burned: list[str] = burned) -> None:
            burned.append(card)
            shoe.burn(card)

        before = Counter(shoe.dealt)
        shuffles = shoe.shuffles
        played = drive(rules, source, Chooser.from_random(rng), on_burn=on_burn, check_legal=False)
        rnd = played.rnd
        # the shoe: dealt + burned + remaining is always the decks
        assert Counter(shoe.dealt) + Counter(shoe.burned) + Counter(shoe.remaining) == decks
        # the round: every card it drew is in a hand, the dealer's hand, or burned ...
        drawn = Counter(source.drawn)
        held = Counter(c for h in rnd.hands() for c in h.cards) + Counter(rnd.dealer)
        assert held + Counter(rnd.burned) == drawn
        assert Counter(rnd.burned) == Counter(burned)
        # what the shoe dealt this round is what the round drew, less what it burned; a small
        # shoe that ran out mid-round reshuffled the discards, and holds this round's cards only
        if shoe.shuffles == shuffles:
            assert Counter(shoe.dealt) - before == drawn - Counter(burned)
        else:
            assert rules.decks == 1
            assert Counter(shoe.dealt) == drawn - Counter(burned)
        check_settlement(rnd, rules)
        due = rules.reshuffle == "every-round" or shoe.red_card_out or shoe.shuffles > shuffles
        assert shoe.end_round() is due  # [002] every hand; else at the red card (chosen)
        if due:
            assert Counter(shoe.dealt) == Counter() and len(shoe.burned) == 5
            assert Counter(shoe.burned) + Counter(shoe.remaining) == decks


@REPLAYS
@given(rules=house_rules(), data=st.data())
def test_a_recorded_round_replays_exactly(rules: HouseRules, data: st.DataObject) -> None:
    source = Recorder(stacked_cards(data))
    played = drive(rules, source, chooser(data), check_legal=False)
    again = Round(rules, ScriptedCards(source.drawn))
    for step in played.log:
        kind, *args = step
        if kind == "bet":
            again.bet(*args)
        elif kind == "deal":
            again.deal()
        elif kind == "insure":
            again.insure(*args)
        elif kind == "close":
            again.close_insurance()
        elif kind == "expose":
            again.expose(args[0])
        else:
            again.act(args[0], args[1])
    assert again.done
    assert again.events == played.rnd.events
    assert transcript(again) == transcript(played.rnd)
    assert again.balances() == played.rnd.balances()


@REPLAYS
@given(rules=house_rules(), data=st.data())
def test_a_recorded_round_replays_as_a_scenario_file(
    rules: HouseRules, data: st.DataObject
) -> None:
    source = Recorder(stacked_cards(data))
    played = drive(rules, source, chooser(data), check_legal=False, scenario_mode=True)
    rnd = played.rnd
    boxes: dict[str, Any] = {}
    for kind, *args in played.log:
        if kind == "bet":
            n, bettor, amount = args
            box = boxes.setdefault(str(n), {"bets": {}, "actions": []})
            box["bets"][bettor] = str(amount)
        elif kind == "insure":
            n, amount, bettor = args
            boxes[str(n)].setdefault("insurance", {})[bettor] = str(amount)
    for h_box, refusals in played.box_refusals.items():
        if refusals:
            boxes[str(h_box)]["refuse"] = refusals
    acts = [step[1] for step in played.log if step[0] == "act"]
    # actions go to the box of the hand that took them, in playing order
    owners = [
        e["hand"].split(".")[0] for e in rnd.events if e["type"] in (HIT, STAND, DOUBLE, SPLIT)
    ]
    assert len(owners) == len(acts)
    for owner, action in zip(owners, acts, strict=True):
        boxes[owner]["actions"].append(action)
    scenario: dict[str, Any] = {
        "rules": {"preset": rules.preset, **_jsonable(rules.overrides())},
        "boxes": boxes,
        "cards": source.drawn,
    }
    if played.exposed_at is not None:
        scenario["exposed"] = {"at": played.exposed_at, "refused_by": list(played.exposed_refused)}
    out, warnings = replay(json.dumps(scenario))
    assert warnings == []
    assert out == transcript(rnd)


def _jsonable(options: dict[str, Any]) -> dict[str, Any]:
    return {k: (str(v) if isinstance(v, Decimal) else v) for k, v in options.items()}
