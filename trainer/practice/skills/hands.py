"""Skills about reading hands: announcing a point, the dealer's draw, and a hand's outcome."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any, Final

from trainer.game.announce import announce, spoken
from trainer.game.cards import RANKS, VALUE, points
from trainer.game.dealer import dealer_words
from trainer.game.round import BLACKJACK, BUST, DONE, INSURANCE, LOSE, PUSH, SEAT, WIN, Round
from trainer.game.round import DEALER as DEALER_HAND
from trainer.game.rulebook import chapter
from trainer.game.rules import HouseRules
from trainer.game.shoe import ScriptedCards
from trainer.game.strategy import DOUBLE, HIT, SPLIT, STAND, chart_play, player_action, possible
from trainer.game.table import TableView
from trainer.i18n import _, pgettext
from trainer.practice import answers
from trainer.practice.skills.base import (
    AIMED_TRIES,
    ANNOUNCEMENT,
    DEALER,
    RESULTS,
    Question,
    Skill,
    Unmade,
    Verdict,
    rank_text,
    result_word,
    shoe_cards,
    tries,
)

# The kinds of hand the announce drill asks, and how often: soft hands, multi-card 21s,
# naturals and busts are where dealers slip, so they are asked far more than a real table
# brings them. Every hand is one a player of a dealt round holds at a moment of its play.
_ANNOUNCE_MIX = (
    ("hard", 30),
    ("soft", 30),
    ("soft-stand", 8),
    ("21", 12),
    ("natural", 8),
    ("bust", 12),
)


# Every item the announce drill makes (the key after "announce:"), and the kind of hand it is.
_ANNOUNCE_ITEMS = {
    **{f"hard-{n}": "hard" for n in range(4, 21)},
    **{f"soft-{n}": "soft" for n in range(12, 21)},
    # nobody stands on a hand one card cannot bust: a soft hand stands from 17 (a rare mistake
    # there, basic strategy from 18)
    **{f"soft-stand-{n}": "soft-stand" for n in range(17, 21)},
    **{f"21-{n}cards": "21" for n in range(3, 7)},
    "21-split": "21",
    "blackjack": "natural",
    "bust": "bust",
}


def _category(cards: list[str], split: bool, stood: bool) -> str:
    low, soft = points(cards)
    best = low + 10 if soft else low
    if low > 21:
        return "bust"
    if best == 21:
        return "natural" if (len(cards) == 2 and not split) else "21"
    if soft:
        return "soft-stand" if stood else "soft"
    return "hard"


def _item_of(cards: list[str], split: bool, stood: bool) -> str:
    """The item key: what kind of point it is, so a missed soft 15 brings back soft 15s."""
    low, soft = points(cards)
    best = low + 10 if soft else low
    cat = _category(cards, split, stood)
    if cat == "hard":
        return f"announce:hard-{best}"
    if cat in ("soft", "soft-stand"):
        return f"announce:{cat}-{best}"
    if cat == "21":
        return (
            "announce:21-split" if split and len(cards) == 2 else f"announce:21-{len(cards)}cards"
        )
    if cat == "natural":
        return "announce:blackjack"
    return "announce:bust"


# A 21 in seven cards or more (A-4-A-A-A-5-8): the drill deals one now and then, but an aimed
# search of thousands of rounds would seldom find another. Its item is made again only as the
# very hand of a review (`aim_at`), never as "any 21 in seven cards"; twenty-one cards is the
# most a hand can hold (twenty-one Aces; `_dealable` asks the shoe for them).
_MANY_CARDS_21: Final = re.compile(r"21-(\d+)cards")
_MOST_CARDS: Final = 21


class _OnlyExactly(str):
    """An item's key that `make_on` deals only narrowed to a hand seen (`_Hand`)."""


@dataclass(frozen=True)
class _Hand:
    """What an announce question is aimed at for a review: the item's key and the very hand
    missed — its cards' ranks in order ("A", "2", "2", "A"; "T" a ten, a picture its letter),
    whether it was born of a split, whether the player had just stood on it."""

    key: str
    ranks: tuple[str, ...]
    split: bool
    stood: bool

    def fits(self, cards: list[str], split: bool, stood: bool) -> bool:
        return (
            split == self.split
            and stood == self.stood
            and len(cards) == len(self.ranks)
            and all(c[0] == r for c, r in zip(cards, self.ranks, strict=True))
        )


def _pairing(rank: str, rules: HouseRules) -> str:
    """The ranks that make a pair with `rank` under `rules`: any ten-value card with a ten where
    the table splits by value, else the same rank."""
    return "TJQK" if rules.split == "value" and VALUE[rank] == 10 else rank


def _dealable(hand: _Hand, rules: HouseRules) -> bool:
    """Whether a round under `rules` played by real players can bring `hand`: the table splits
    if it was split, the shoe holds its cards, a player takes a card on each of its points
    before the last (`possible`) and stands on the last if it stood; split Aces take one card
    each and never stand [000]."""
    ranks, n = hand.ranks, len(hand.ranks)
    if n < 2 or _item_of(list(ranks), hand.split, hand.stood) != f"announce:{hand.key}":
        return False
    count = Counter(ranks)
    if hand.split:
        if rules.split == "none" or rules.max_hands < 2:
            return False
        if ranks[0] == "A" and (n > 2 or hand.stood):
            return False
        count[ranks[0]] += len(_pairing(ranks[0], rules)) == 1  # the pair's other card
    if any(k > 4 * rules.decks for k in count.values()):
        return False
    if not all(possible(HIT, ranks[:k]) for k in range(2, n)):
        return False
    return not hand.stood or possible(STAND, ranks)


def _ups_for(hand: _Hand, rules: HouseRules) -> str:
    """The dealer's up cards ("T" for any ten) against which basic strategy plays `hand` as it
    was played — splits it, takes a card on each point before the last, stands on the last if
    it stood — so that its player, who plays by it (`decide`), mostly does; "" when there is
    none (a soft 17 stood on: only ever a player's mistake)."""
    ranks, n = hand.ranks, len(hand.ranks)
    ups = ""
    for up in "A23456789T":
        plays = []
        if hand.split:
            pair = [ranks[0], _pairing(ranks[0], rules)[0]]
            plays.append(chart_play(pair, up, rules, may_split=True) == "P")
        for k in range(2, n):
            letter = chart_play(ranks[:k], up, rules, may_split=k == 2 and rules.split != "none")
            if k == 2 and n == 3:  # a hit or a double: either brings the third card
                plays.append(letter in "HDE")
            else:  # past two cards a double is a hit (D), or a stand (E)
                plays.append(letter == "H" or (letter == "D" and k > 2))
        if hand.stood:
            letter = chart_play(ranks, up, rules, may_split=False)
            plays.append(letter == "S" or (letter == "E" and n > 2))
        if all(plays):
            ups += up
    return ups


@dataclass(frozen=True)
class _Moment:
    """A moment of a dealt round at which the dealer announces a hand's point: the hand's cards
    then, whether it was born of a split and whether it has just stood, and the table then."""

    cards: tuple[str, ...]
    split: bool
    stood: bool
    box: int
    label: str
    table: TableView


def _announced(
    rng: random.Random,
    rules: HouseRules,
    boxes: int,
    fits: Callable[[list[str], bool, bool], bool],
    hand: _Hand | None = None,
) -> list[_Moment]:
    """Deal a round on `boxes` boxes and play it out by its players (`decide`), keeping every
    moment the dealer announces a point at that `fits` (cards, split, stood): a natural at the
    deal, a hand when its turn comes, after each card it takes (a bust, a 21, a double, split
    Aces), and a soft hand the player stands on.

    With `hand`, one of the boxes, drawn at random, is dealt its cards: its first two from the
    shoe's deal (the pair it split, for a split hand), each card it then asks for — its first
    hand's, after a split — brought to the top of the shoe as it asks (`ScriptedCards.bring`:
    the same shoe in another order), and the dealer shows a card against which basic strategy
    plays the hand that way where there is one (`_ups_for`). Its player still plays as players
    do (`decide`): a round played otherwise keeps no moment of it, and another is dealt."""
    from trainer.practice.skills.base import pick_bet

    numbers = sorted(rng.sample(range(1, rules.boxes + 1), boxes))
    bets = {n: {SEAT: pick_bet(rng, rules)} for n in numbers}
    at = None
    if hand is None:
        rnd, _shoe, source = _deal(rng, rules, bets)
    else:
        at = rng.choice(numbers)
        first = hand.ranks[0]
        second = _pairing(first, rules) if hand.split else hand.ranks[1]
        ups = _ups_for(hand, rules)
        up = rng.choice(ups) if ups else None
        if up == "T":
            up = "TJQK"  # any ten-value card
        rnd, _shoe, source = _deal(rng, rules, bets, rig={at: (first, second)}, up=up)

    def bring(h: Any, action: str) -> None:
        """The next card of `hand` to the top of the shoe, when its box's first hand is about
        to draw it."""
        if hand is None or h.box != at or h is not rnd.boxes[h.box].hands[0]:
            return
        k = 1 if action == SPLIT else len(h.cards) if action in (HIT, DOUBLE) else 0
        if 0 < k < len(hand.ranks) and tuple(c[0] for c in h.cards[:k]) == hand.ranks[:k]:
            source.bring(hand.ranks[k])

    if rnd.phase == INSURANCE:
        rnd.close_insurance()
    moments: list[_Moment] = []
    said: set[tuple[str, int, bool]] = set()

    def keep(h: Any, stood: bool = False, collected: bool = False) -> None:
        cards = list(h.cards)
        if (h.label, len(cards), stood) in said:
            return
        said.add((h.label, len(cards), stood))
        if len(cards) >= 2 and fits(cards, h.split, stood):
            table = replace(rnd.snapshot(collected=collected), active=h.label)
            if collected:  # the hand that has just bust, not those collected before it [000]
                table = _without_busts(table, but=h.label)
            if rnd.phase == DONE:
                # the last hand's card: the dealer has not played yet at this moment
                table = _before_the_dealer(table, rules)
            moments.append(_Moment(tuple(cards), h.split, stood, h.box, h.label, table))

    for h in rnd.hands():
        if h.natural:
            keep(h)
    while rnd.current is not None:
        h = rnd.current
        keep(h)
        action = decide(rng, rnd)
        bring(h, action)
        rnd.act(action)
        if action == STAND:
            if points(h.cards)[1]:
                keep(h, stood=True)
            continue
        # the cards this play dealt: the hand's own, a split's, split Aces closed at once
        for other in rnd.hands():
            if other.closed and other is not rnd.current:
                keep(other, collected=other.result == BUST)
    return moments


def _without_busts(view: TableView, but: str) -> TableView:
    """`view` without the hands that bust, collected at once [000], but the hand `but`."""
    boxes = []
    for b in view.boxes:
        gone = tuple(h.label for h in b.hands if h.result == BUST and h.label != but)
        hands = tuple(h for h in b.hands if h.label not in gone)
        if gone and not hands:
            b = replace(b, bets=(), chips=())
        boxes.append(replace(b, hands=hands, collected=(*b.collected, *gone)))
    return replace(view, boxes=tuple(boxes))


def _before_the_dealer(view: TableView, rules: HouseRules) -> TableView:
    """`view` of a finished round as it stood when the last hand had its card: the dealer's
    cards of the deal (the hole card face down), no result but a bust's."""
    boxes = tuple(
        replace(
            b,
            hands=tuple(h if h.result == BUST else replace(h, result=None) for h in b.hands),
        )
        for b in view.boxes
    )
    dealt = view.dealer_cards[: 2 if rules.hole_card else 1]
    return replace(view, boxes=boxes, dealer_cards=dealt, hole_card=rules.hole_card)


class Announce(Skill):
    name = "announce"
    kind = ANNOUNCEMENT

    def aim_of(self, key: str, rules: HouseRules) -> str | None:
        """Any point the drill deals: "hard-4" to "hard-20", "soft-12" to "soft-20" (and
        "soft-stand-"), "21-3cards" to "21-6cards", "21-split", "blackjack", "bust"; and a 21
        in seven cards or more, which a round brings too rarely to be searched for, as the very
        hand of a review only (`_OnlyExactly`)."""
        if key == "21-split" and rules.split == "none":
            return None
        if key in _ANNOUNCE_ITEMS:
            return key
        many = _MANY_CARDS_21.fullmatch(key)
        if many and 7 <= int(many.group(1)) <= _MOST_CARDS:
            return _OnlyExactly(key)
        return None

    def aim_at(self, aim: str, seen: Mapping[str, Any], rules: HouseRules) -> _Hand | None:
        """The very hand seen: its cards' ranks in order (the suits may differ), whether it was
        split and whether it stood — when a round under `rules` can bring it (`_dealable`)."""
        cards = seen.get("cards")
        if not isinstance(cards, list | tuple) or not all(
            isinstance(c, str) and c[:1] in VALUE for c in cards
        ):
            return None
        hand = _Hand(aim, tuple(c[0] for c in cards), seen.get("split") is True,
                     seen.get("stood") is True)  # fmt: skip
        return hand if _dealable(hand, rules) else None

    def make_on(self, rng: random.Random, rules: HouseRules, aim: str | _Hand | None) -> Question:
        hand = aim if isinstance(aim, _Hand) else None
        if isinstance(aim, _OnlyExactly):
            raise Unmade(aim)  # no hand of its own to deal: thousands of rounds would not
        fits: Callable[[list[str], bool, bool], bool]
        if aim is None:
            cats, weights = zip(*_ANNOUNCE_MIX, strict=True)
            want = rng.choices(cats, weights)[0]

            def fits(cards: list[str], split: bool, stood: bool) -> bool:
                return _category(cards, split, stood) == want

        elif hand is not None:
            fits = hand.fits
        else:

            def fits(cards: list[str], split: bool, stood: bool) -> bool:
                return _item_of(cards, split, stood) == f"announce:{aim}"

        # rounds are dealt until one brings a hand of the kind asked: most kinds within a round
        # or two; an aimed rare one (a 21 in six cards, a soft 17 stood on) on a full table, in
        # up to a few thousand rounds; the very hand of a review, dealt to a box of a table of
        # any size (`_announced`), within a few rounds but for a player's rare mistake
        for _turn in tries(aim, 5 * AIMED_TRIES):
            boxes = rng.randint(1, rules.boxes) if aim is None or hand else rules.boxes
            moments = _announced(rng, rules, boxes, fits, hand)
            if moments:
                m = rng.choice(moments)
                break
        else:
            raise Unmade(aim)
        cards, split, stood, box = list(m.cards), m.split, m.stood, m.box
        words = announce(cards, split=split, closed=stood)
        low, soft = points(cards)
        said = spoken(words)
        if words == "Black Jack":
            reason = _("an Ace and a ten-value as the first two cards: {announcement} [000]")
        elif words == "bust":
            reason = _('{low} is over 21: the box has bust ("{announcement}") [000]')
        elif words == "21" and split and len(cards) == 2:
            reason = _('21 after a split is never a Black Jack: the dealer says "21" [000]')
        elif words == "21":
            reason = _('21 in three or more cards is announced "21", not Black Jack [000]')
        elif stood:
            # RULES.md §2 marks the announcement of a closed hand as chosen: house practice
            reason = _(
                "the hand stands: house practice announces a soft point once more by its "
                "standing value, {announcement} ({rules})"
            )
        elif soft:
            reason = _('soft hand: both values, low first — "{announcement}" [000]')
        else:
            reason = _("hard hand: the total, {low} [000]")
        reason = reason.format(announcement=said, low=low, rules=chapter(2))
        if stood and split:
            prompt = _("Announce the point — the player stands (a hand after a split)")
        elif stood:
            prompt = _("Announce the point — the player stands")
        elif split:
            prompt = _("Announce the point (a hand after a split)")
        else:
            prompt = pgettext("question", "Announce the point")
        data = {"cards": list(cards), "box": box, "split": split, "stood": stood}
        return Question(
            self.name,
            _item_of(cards, split, stood),
            prompt,
            data,
            self.kind,
            words,
            said,
            reason,
            table=m.table,
        )

    def check(self, q: Question, raw: str) -> Verdict:
        """The words must be the announcement, and what the answer says of the hand besides must
        be true of it: "11 or 21" and "soft 21" are wrong for a hard 21, "hard 17" for a soft
        17 that stands (a hand is soft while an Ace can count 11, RULES.md §1)."""
        point = answers.read_point(raw)
        soft = points(q.data["cards"])[1]
        return Verdict(
            point.words == q.answer and point.fits(soft),
            str(point),
            q.expected,
            _kind_reason(point, soft, q.reason),
        )


def _kind_reason(point: answers.Point, soft: bool, reason: str) -> str:
    """`reason`, led by why the hand is not what the answer called it, when it is not."""
    if point.fits(soft):
        return reason
    if soft:
        return _("the hand is soft, an Ace counts 11 in it; {reason}").format(reason=reason)
    return _("the hand is hard, no Ace can count 11 in it; {reason}").format(reason=reason)


def _named(named: tuple[str, ...], cards: list[str]) -> bool:
    """The cards named are the cards drawn, in order: a ten-value card may be named "10" (or
    "T") whatever its face, a picture card by its own letter."""
    return len(named) == len(cards) and all(
        n == c[0] or (n == "T" and VALUE[c[0]] == 10) for n, c in zip(named, cards, strict=True)
    )


# The dealer's up card in the dealer drill: Aces and small cards give the long draws worth
# drilling, so they come up more than at a real table.
_DEALER_UP_WEIGHTS = tuple(0.15 if VALUE[r] == 10 else 0.4 for r in RANKS)


class DealerDraw(Skill):
    name = "dealer"
    kind = DEALER

    def aim_of(self, key: str, rules: HouseRules) -> str | None:
        """The dealer's up card: "up-7", the dealer shows a 7 ("up-T": any ten-value card)."""
        up = key.removeprefix("up-")
        if not key.startswith("up-") or up not in RANKS or VALUE[up] == 10 and up != "T":
            return None
        return "TJQK" if up == "T" else up

    def make_on(self, rng: random.Random, rules: HouseRules, aim: str | None) -> Question:
        from trainer.practice.skills.base import pick_bet

        first = 2 if rules.hole_card else 1  # the dealer's cards when his turn comes
        for _turn in tries(aim):
            k = rng.randint(1, rules.boxes)
            bets = {
                n: {SEAT: pick_bet(rng, rules)} for n in rng.sample(range(1, rules.boxes + 1), k)
            }
            up_rank = rng.choices(RANKS, _DEALER_UP_WEIGHTS)[0] if aim is None else aim
            rnd, shoe, cards = _deal(rng, rules, bets, up=up_rank)
            _play(rng, rnd)
            # something must be left to settle against the dealer's hand, or he draws nothing
            # (RULES.md §6): a hand still standing that is not a Black Jack
            if len(rnd.dealer) >= first and any(
                h.result != BUST and not h.natural for h in rnd.hands()
            ):
                break
        else:
            raise Unmade(aim)
        hand = list(rnd.dealer)
        drawn = len(hand) - first
        final = dealer_words(hand, rules)
        at_turn = cards.used - drawn  # where the shoe stood when the dealer's turn came
        following = tuple(shoe[at_turn : at_turn + min(8, max(6, drawn + 2))])
        words = [spoken(dealer_words(hand[: n + 1], rules)) for n in range(first - 1, len(hand))]
        if rules.dealer_hits_soft_17:
            reason = _("{cards}: {points} — the dealer draws to 16 and draws on soft 17 [000]")
        else:
            reason = _("{cards}: {points} — the dealer draws to 16 and stands on every 17 [000]")
        reason = reason.format(cards=rank_text(hand), points=", ".join(words))
        if final == "Black Jack":
            reason = _("{cards}: {announcement} — the dealer stops at once [000]").format(
                cards=rank_text(hand), announcement=spoken(final)
            )
        up = hand[0]
        item = f"dealer:up-{'T' if VALUE[up[0]] == 10 else up[0]}"
        data = {"up": up, "shoe": list(following), "cards": hand[:first]}
        snap = _on_felt(rnd.snapshot())
        table = TableView(
            snap.boxes,
            tuple(hand[:first]),
            active=DEALER_HAND,
            currency=snap.currency,
            shoe_next=following,
        )
        if rules.hole_card:
            prompt = _(
                "Every box has played, and you have turned your hole card. The shoe's next cards "
                "lie beside it, in order. How many cards do you draw, and what is your final "
                "point?"
            )
        else:
            prompt = _(
                "Every box has played. The shoe's next cards lie beside it, in order. How many "
                "cards do you draw, and what is your final point?"
            )
        return Question(
            self.name,
            item,
            prompt,
            data,
            self.kind,
            (drawn, final),
            f"{drawn} {spoken(final)}",
            reason,
            table=table,
        )

    def check(self, q: Question, raw: str) -> Verdict:
        """Right when the count and the final point are, the point is not called hard or soft
        wrongly, and the cards, if the answer names them, are the shoe's next cards in order."""
        said = answers.read_dealer(raw)
        count, final = q.answer
        drawn = list(q.data["shoe"][:count])
        # his cards when his turn came (the up card, and the hole card where there is one)
        soft = points([*q.data["cards"], *drawn])[1]
        named_right = said.cards is None or _named(said.cards, drawn)
        reason = _kind_reason(said.point, soft, q.reason)
        if not named_right and said.count == count:
            reason = _("the shoe's next cards are {cards}; {reason}").format(
                cards=rank_text(drawn), reason=reason
            )
        return Verdict(
            said.count == count
            and said.point.words == final
            and said.point.fits(soft)
            and named_right,
            str(said),
            q.expected,
            reason,
        )


class Outcome(Skill):
    name = "outcome"
    kind = RESULTS

    def aim_of(self, key: str, rules: HouseRules) -> tuple[str, ...] | None:
        return results_of(key, rules)

    def make_on(
        self, rng: random.Random, rules: HouseRules, aim: tuple[str, ...] | None
    ) -> Question:
        for _turn in tries(aim):
            # more than one result: only a box that split has more than one hand
            pair = rng.random() < 0.25 if aim is None else len(aim) > 1
            rnd = _random_round(rng, rules, boxes=1, pair=pair, split_into=_hands_for(aim))
            # a hand that bust was collected at once [000]: it is no longer on the table to settle
            hands = [h for h in rnd.hands() if h.result != BUST]
            # a paid Black Jack alone, the dealer drawing nothing: a fine question now and then,
            # but most of the time the dealer's hand should count
            if not hands or (aim is None and len(rnd.dealer) < 2 and rng.random() < 0.7):
                continue
            if aim is None or tuple(sorted({h.result or "lose" for h in hands})) == aim:
                break
        else:
            raise Unmade(aim)
        results = [h.result or "lose" for h in hands]
        dealer_final = rnd.dealer_result or ""
        parts = []
        for h in hands:
            parts.append(f"{h.label}: {rank_text(h.cards)} → {result_word(h.result or 'lose')}")
        reason = _("{hands} (dealer {cards}: {point}) — {rules}").format(
            hands="; ".join(parts),
            cards=rank_text(rnd.dealer),
            point=spoken(dealer_final),
            rules=chapter(9),
        )
        item = "outcome:" + "-".join(sorted(set(results)))
        snap = rnd.snapshot()
        # the trainee must find the results: show the hands without them
        table = _on_felt(snap)
        data = {
            "cards": [list(h.cards) for h in hands],
            "hands": [h.label for h in hands],
            "dealer": list(rnd.dealer),
        }
        return Question(
            self.name,
            item,
            _("The round is over: the result of each hand on the box, in order?"),
            data,
            self.kind,
            results,
            " ".join(result_word(r) for r in results),
            reason,
            table=table,
        )


# A hand's results as a question asks them (a bust hand is gone from the table [000]).
_RESULTS = (BLACKJACK, LOSE, PUSH, WIN)


def results_of(key: str, rules: HouseRules) -> tuple[str, ...] | None:
    """The results an item's key names, each once, in order ("win", "lose-push", "blackjack"),
    when a box may end with them under `rules`: a Black Jack alone (a split hand's 21 is not one
    [000]), more than one only from as many split hands."""
    results = tuple(key.split("-"))
    if list(results) != sorted(set(results)) or not set(results) <= set(_RESULTS):
        return None
    if len(results) > 1 and (BLACKJACK in results or len(results) > rules.max_hands):
        return None
    return results


def _hands_for(results: tuple[str, ...] | None) -> int:
    """The split hands a round is dealt towards for a question aimed at `results`: none for
    one or two results (a pair dealt brings two often enough), as many as the results for
    three or more (`_random_round`'s `split_into`)."""
    return len(results) if results is not None and len(results) > 2 else 0


def _strip_results(view: TableView) -> TableView:
    """`view` without the hands' results (what the trainee must find). The hole card stays as
    the round has it: face down until the dealer turns it, once no player wants a card
    [001][004] — never shown while a box still plays."""
    boxes = tuple(
        replace(b, hands=tuple(replace(h, result=None) for h in b.hands)) for b in view.boxes
    )
    return replace(view, boxes=boxes, active=None)


def _on_felt(view: TableView) -> TableView:
    """`view` as the trainee must read it once the boxes have played: without the results, and
    without the hands that bust — collected at once, stake and cards [000][003]; a box left
    with no hand is left with no bet either."""
    boxes = []
    for b in view.boxes:
        hands = tuple(h for h in b.hands if h.result != BUST)
        if b.hands and not hands:
            gone = (*b.collected, *(h.label for h in b.hands))
            boxes.append(replace(b, bets=(), hands=(), chips=(), collected=gone))
        else:
            boxes.append(replace(b, hands=hands))
    return _strip_results(replace(view, boxes=tuple(boxes)))


def _deal(
    rng: random.Random,
    rules: HouseRules,
    bets: dict[int, dict[str, Decimal]],
    *,
    rig: dict[int, tuple[str, str]] | None = None,
    up: str | None = None,
) -> tuple[Round, list[str], ScriptedCards]:
    """A round with `bets` on the boxes, dealt from a freshly shuffled shoe (returned, with the
    source the round draws from). `rig[n]` gives the ranks box n's first and second cards may
    have, `up` those of the dealer's up card: such cards are swapped in from further down the
    shoe, so the question comes up without waiting for the shuffle to bring it."""
    numbers = sorted(bets)
    n = len(numbers)
    wanted: list[tuple[int, str]] = []
    if up is not None:
        wanted.append((n, up))  # the deal: a card to each box, the dealer's, a second to each
    for i, number in enumerate(numbers):
        if rig and number in rig:
            wanted += [(i, rig[number][0]), (n + 1 + i, rig[number][1])]
    spare = 2 * n + 2  # past the deal (a hole card included)
    while True:
        shoe = shoe_cards(rng, rules)
        for pos, ranks in wanted:
            if shoe[pos][0] not in ranks:
                j = next((j for j in range(spare, len(shoe)) if shoe[j][0] in ranks), None)
                if j is None:
                    break  # a one-deck shoe may have dealt them all: shuffle again
                shoe[pos], shoe[j] = shoe[j], shoe[pos]
        else:
            break
    source = ScriptedCards(shoe)
    rnd = Round(rules, source)
    for number in numbers:
        for who, amount in bets[number].items():
            rnd.bet(number, who, amount)
    rnd.deal()
    return rnd, shoe, source


def _play(rng: random.Random, rnd: Round) -> None:
    """Play a dealt round to its end: nobody insures, every hand by `decide`."""
    if rnd.phase == INSURANCE:
        rnd.close_insurance()
    while rnd.current is not None:
        rnd.act(decide(rng, rnd))


def _random_round(
    rng: random.Random,
    rules: HouseRules,
    *,
    boxes: int = 1,
    pair: bool = False,
    bets: dict[int, dict[str, Decimal]] | None = None,
    insure: float = 0.3,
    split_into: int = 0,
    pair_box: int | None = None,
) -> Round:
    """A round played to the end with a plausible player's decisions, from a shuffled shoe.

    `pair` puts a pair in the first box (or in `pair_box`), so splits come up. The players play
    basic strategy with the odd mistake (`decide`): what a real table shows, not what a
    perfect player does.
    `split_into` (2 or more) makes it a pair of 8s, which basic strategy always splits, and
    brings as many more 8s next as split it again into that many hands (a question aimed at
    the results of three split hands: dealt by chance, once in thousands of rounds).
    """
    from trainer.practice.skills.base import pick_bet

    shoe = shoe_cards(rng, rules)
    n_boxes = len(bets) if bets is not None else boxes
    # the place of the box the pair goes to in deal order (the first box unless told)
    at = sorted(bets).index(pair_box) if bets is not None and pair_box is not None else 0
    if split_into:
        assert at == 0, "a box split again is the first to play"
        _bring(shoe, 0, "8", 1)
        pair = True
    if pair:
        first = shoe[at]
        j = next(i for i in range(at + 2, len(shoe)) if shoe[i][0] == first[0])
        # the box's second card is dealt after the dealer's: put the pair there
        target = n_boxes + 1 + at
        shoe[target], shoe[j] = shoe[j], shoe[target]
    # the first card drawn after the deal goes to the first split hand: another 8 splits it again
    after_deal = 2 * n_boxes + 1 + rules.hole_card
    for k in range(split_into - 2):
        _bring(shoe, after_deal + k, "8", after_deal + split_into)
    rnd = Round(rules, ScriptedCards(shoe))
    if bets is None:
        numbers = sorted(rng.sample(range(1, rules.boxes + 1), boxes))
        bets = {n: {SEAT: pick_bet(rng, rules)} for n in numbers}
    for n, bb in bets.items():
        for who, amount in bb.items():
            rnd.bet(n, who, amount)
    rnd.deal()
    if rnd.phase == "insurance":
        for n, bettors in rnd.insurable().items():
            for who, half in bettors.items():  # [003] every bettor may insure his own bet
                if rng.random() < insure:
                    rnd.insure(n, half, who)
        rnd.close_insurance()
    while rnd.current is not None:
        rnd.act(decide(rng, rnd))
    return rnd


def _bring(shoe: list[str], pos: int, rank: str, beyond: int) -> None:
    """A card of `rank` to `pos` in `shoe`, swapped in from past `beyond`."""
    if shoe[pos][0] != rank:
        j = next((i for i in range(beyond, len(shoe)) if shoe[i][0] == rank), pos)
        shoe[pos], shoe[j] = shoe[j], shoe[pos]


def decide(rng: random.Random, rnd: Round) -> str:
    """What the player of the hand whose turn it is plays: basic strategy
    (`trainer.game.strategy`), with the occasional mistake a real player makes."""
    h = rnd.current
    if h is None:
        raise ValueError("no hand is playing")
    return player_action(rng, h.cards, rnd.dealer[0], rnd.legal_actions(), rnd.rules)
