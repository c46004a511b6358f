"""The settlement, RULES.md §9: once the dealer's hand is made, every hand still in play is
paid, pushed or collected, from the dealer's right to his left (§6.5); amounts are what the
dealer pays on top of the returned stake.

A win pays 1 to 1 [000][001][004], a Black Jack 3 to 2 [000]; equal points push; a dealer Black
Jack pushes the boxes with Black Jack and takes the others [000]; a dealer 21 in three or more
cards does not beat a player's Black Jack [003]; a dealer bust pays every bet still in play
[000]. Standing bettors share their box's result in proportion to their own stake [000][003].
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from decimal import Decimal

from trainer.game.events import SETTLEMENT, Step
from trainer.game.hand import BLACKJACK, LOSE, PUSH, WIN, Box, Hand  # PUSH: a result and a step
from trainer.game.payout import ZERO, blackjack_win
from trainer.game.rules import HouseRules


def settlement_order(boxes: Sequence[Box]) -> Iterator[Hand]:
    """The hands of `boxes` (in box order) as the dealer settles them: from his right to his
    left, box 7 first and box 1 last, the reverse of the deal; a split box from its last hand to
    its first, the same way round *(chosen: the French casino practice, RULES.md §6.5)*."""
    for b in reversed(boxes):
        yield from reversed(b.hands)


def settle(
    hands: Sequence[Hand],
    dealer_best: int,
    dealer_natural: bool,
    rules: HouseRules,
    steps: list[Step],
    balance: dict[str, Decimal],
) -> None:
    """Settle every hand that has no result yet, in settlement order: each one collected,
    pushed or paid as the dealer comes to it, so each box is cleared as it is settled.

    `hands` are every hand of the round in playing order, box by box and a box's hands first to
    last (the round's queue): read backwards, they are in settlement order (`settlement_order`).
    Each net is added to `balance`, the round's running nets by bettor, as it is settled; the
    settlement is recorded as one step, written out hand by hand when read (events.SETTLEMENT)."""
    # each net is the hand's own empty dict, filled here (loops rather than comprehensions or
    # copies: a hand has one or two bettors, for whom a new dict costs more than the filling)
    for h in reversed(hands):
        if h.result is not None:
            continue
        net = h.net
        stakes = h.stakes
        low = h.low
        best = low + 10 if h.ace and low <= 11 else low  # h.best, without the property
        if dealer_natural:
            if h.natural:
                h.result = PUSH  # [000] boxes with Black Jack push
                for k in stakes:
                    net[k] = ZERO
                    balance[k] = balance[k] + ZERO if k in balance else ZERO
                continue
            if rules.dealer_bj_takes == "original":
                lost = False
                for k in stakes:
                    v = h.original.get(k, ZERO)
                    n = net[k] = -v
                    balance[k] = balance[k] + n if k in balance else n
                    lost = lost or bool(v)
                h.result = LOSE if lost else PUSH
                continue
            # a dealer Black Jack takes every bet, doubles and splits included [001]
            # (dealer_bj_takes all)
            h.result = LOSE
            for k, v in stakes.items():
                n = net[k] = -v
                balance[k] = balance[k] + n if k in balance else n
        elif h.natural:
            # [003] a dealer 21 in three or more cards does not beat a Black Jack
            h.result = BLACKJACK
            for k, v in stakes.items():
                n = net[k] = blackjack_win(v, rules)
                balance[k] = balance[k] + n if k in balance else n
        elif dealer_best > 21 or best > dealer_best:
            h.result = WIN  # [000] dealer bust pays every bet still in play
            for k, v in stakes.items():
                net[k] = v
                balance[k] = balance[k] + v if k in balance else v
        elif best == dealer_best:
            h.result = PUSH
            for k in stakes:
                net[k] = ZERO
                balance[k] = balance[k] + ZERO if k in balance else ZERO
        else:
            h.result = LOSE
            for k, v in stakes.items():
                n = net[k] = -v
                balance[k] = balance[k] + n if k in balance else n
    steps.append((SETTLEMENT, hands))
