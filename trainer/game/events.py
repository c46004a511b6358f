"""The record of a round: every step in table order, as the transcript writes it.

While a round is played each step is kept as a short tuple, its kind first and then its values,
amounts still as Decimal — a round is played far more often than its record is read (a drill
plays a whole round to cut one question from it, the benchmark thousands a second). The record is
written out as the transcript's dicts (`{"type": "deal", "to": "1", "card": "TS"}`, amounts as
`money` writes them) when it is read, each step once (`Record.written`).

The steps, and the keys they are written with besides "type":
- (DEAL, to, card): "to", "card"; (DEAL_DOWN, to, card), the hole card: the same and "face":
  "down"; (ANNOUNCE, hand, words): "hand", "words"; (DEAL_SAY, to, card, words), a card and the
  point said after it, is written as the two steps it is, a deal and an announce; and the whole
  deal is one step, (DEAL_ROUND, boxes, cards, up_words, hole), written as its cards one by one,
  the dealer's point after his up card and each box's point at the end [000], said of its two
  cards (`boxes`, the round's boxes in box order, give the labels: a box's never changes);
- (HIT_SAY, hand, card, words), a hit and the card it asked for, is written as a hit ("hand"),
  a deal and an announce; (STAND, hand): "hand"; (DOUBLE, hand, stakes): "hand", "stakes";
  (SPLIT, hand, into): "hand", "into";
- (BLACKJACK_PAID, hand, net) and (COLLECT, hand, stakes), a bust hand collected: "hand",
  "amounts"; the settlement is one step, (SETTLEMENT, hands), the round's queue, written as a
  "pay", "push" or "collect" of each hand settled then, in settlement order, from its result and
  net;
- (INSURANCE_OFFERED, boxes): "boxes"; (INSURANCE_CLOSED,); (INSURE, box, bettor, amount),
  (INSURANCE_PAID, ...), (INSURANCE_COLLECTED, ...): "box", "bettor", "amount";
- (EXPOSED, card): "card"; (OFFER, to, card, taken): "to", "card", "taken"; (BURN, card) and
  (REVEAL, card): "card".

The dicts of amounts a step holds are the hand's own, which never change once the step is
recorded (a hand's stakes after its double, its net once settled).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from trainer.game.announce import announce_points
from trainer.game.cards import is_natural, points
from trainer.game.hand import BUST, LOSE
from trainer.game.payout import money_cached, money_map

Step = tuple[Any, ...]

DEAL = "deal"
DEAL_DOWN = "deal-down"
DEAL_SAY = "deal-say"
HIT_SAY = "hit-say"
DEAL_ROUND = "deal-round"
DEALER = "dealer"
ANNOUNCE = "announce"
HIT = "hit"
STAND = "stand"
DOUBLE = "double"
SPLIT = "split"
PAY = "pay"
PUSH = "push"
BLACKJACK_PAID = "blackjack-paid"
COLLECT = "collect"
INSURANCE_OFFERED = "insurance-offered"
INSURANCE_CLOSED = "insurance-closed"
INSURE = "insure"
INSURANCE_PAID = "insurance-paid"
INSURANCE_COLLECTED = "insurance-collected"
EXPOSED = "exposed"
OFFER = "offer"
BURN = "burn"
REVEAL = "reveal"
SETTLEMENT = "settlement"


def _lost(net: Mapping[str, Decimal]) -> dict[str, str]:
    out = {}
    for k, v in net.items():
        out[k] = money_cached(-v)
    return out


_WRITE: dict[str, Callable[[Step], dict[str, Any]]] = {
    DEAL: lambda s: {"type": DEAL, "to": s[1], "card": s[2]},
    DEAL_DOWN: lambda s: {"type": DEAL, "to": s[1], "card": s[2], "face": "down"},
    ANNOUNCE: lambda s: {"type": ANNOUNCE, "hand": s[1], "words": s[2]},
    STAND: lambda s: {"type": STAND, "hand": s[1]},
    DOUBLE: lambda s: {"type": DOUBLE, "hand": s[1], "stakes": money_map(s[2])},
    SPLIT: lambda s: {"type": SPLIT, "hand": s[1], "into": list(s[2])},
    BLACKJACK_PAID: lambda s: {"type": BLACKJACK_PAID, "hand": s[1], "amounts": money_map(s[2])},
    COLLECT: lambda s: {"type": COLLECT, "hand": s[1], "amounts": money_map(s[2])},
    INSURANCE_OFFERED: lambda s: {"type": INSURANCE_OFFERED, "boxes": list(s[1])},
    INSURANCE_CLOSED: lambda s: {"type": INSURANCE_CLOSED},
    INSURE: lambda s: {"type": s[0], "box": s[1], "bettor": s[2], "amount": money_cached(s[3])},
    EXPOSED: lambda s: {"type": EXPOSED, "card": s[1]},
    OFFER: lambda s: {"type": OFFER, "to": s[1], "card": s[2], "taken": s[3]},
    BURN: lambda s: {"type": BURN, "card": s[1]},
    REVEAL: lambda s: {"type": REVEAL, "card": s[1]},
}
_WRITE[INSURANCE_PAID] = _WRITE[INSURANCE_COLLECTED] = _WRITE[INSURE]


def _two_card_words(first: str, second: str) -> str:
    """What is said of a box's first two cards at the end of the deal [000]."""
    low, soft = points((first, second))
    return announce_points(low, soft, natural=is_natural((first, second)))


def _deal_round(s: Step) -> list[dict[str, Any]]:
    _, boxes, cards, up_words, hole = s
    labels = [b.label for b in boxes]
    n = len(labels)
    out = [{"type": DEAL, "to": t, "card": c} for t, c in zip(labels, cards, strict=False)]
    out.append({"type": DEAL, "to": DEALER, "card": cards[n]})
    out.append({"type": ANNOUNCE, "hand": DEALER, "words": up_words})
    second = cards[n + 1 : 2 * n + 1]
    out += [{"type": DEAL, "to": t, "card": c} for t, c in zip(labels, second, strict=True)]
    if hole:
        out.append({"type": DEAL, "to": DEALER, "card": cards[2 * n + 1], "face": "down"})
    out += [
        {"type": ANNOUNCE, "hand": t, "words": _two_card_words(a, b)}
        for t, a, b in zip(labels, cards[:n], second, strict=True)
    ]
    return out


def _settlement(s: Step) -> list[dict[str, Any]]:
    """The settlement, hand by hand as the dealer settles them: the round's queue `s[1]` read
    backwards, every hand but those settled before it — bust, or a Black Jack paid at once
    [000][003]. A hand collected is written from its net (what it lost), one paid or pushed
    from its net too."""
    out = []
    for h in reversed(s[1]):
        result = h.result
        if result == BUST or h.natural_paid:
            continue
        if result == LOSE:
            out.append({"type": COLLECT, "hand": h.label, "amounts": _lost(h.net)})
        else:  # paid (a win, a Black Jack) or pushed
            kind = PUSH if result == PUSH else PAY
            out.append({"type": kind, "hand": h.label, "amounts": money_map(h.net)})
    return out


class Record:
    """The steps of one round: appended to `steps` while it is played, `written` to read them.
    (The round makes its record when it is first read: most rounds never are.)

    (No bound `steps.append` is kept on any object: a deep copy of a round would share it.)"""

    __slots__ = ("steps", "_written", "_read")

    def __init__(self, steps: list[Step]) -> None:
        self.steps = steps
        self._written: list[dict[str, Any]] = []
        self._read = 0  # the steps written so far

    def written(self) -> list[dict[str, Any]]:
        """Every step so far as the transcript writes it; the steps written before are not
        written again (and the list is the same one, growing as the round goes on)."""
        out = self._written
        steps = self.steps
        if self._read < len(steps):
            write = _WRITE
            for s in steps[self._read :]:
                kind = s[0]
                if kind == DEAL_SAY or kind == HIT_SAY:
                    if kind == HIT_SAY:
                        out.append({"type": HIT, "hand": s[1]})
                    out.append({"type": DEAL, "to": s[1], "card": s[2]})
                    out.append({"type": ANNOUNCE, "hand": s[1], "words": s[3]})
                elif kind == DEAL_ROUND:
                    out += _deal_round(s)
                elif kind == SETTLEMENT:
                    out += _settlement(s)
                else:
                    out.append(write[kind](s))
            self._read = len(steps)
        return out
