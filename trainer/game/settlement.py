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

from trainer.game.events import COLLECT, COLLECT_NET, PAY, Step
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
    boxes: Sequence[Box],
    dealer_best: int,
    dealer_natural: bool,
    rules: HouseRules,
    steps: list[Step],
) -> None:
    """Settle every hand of `boxes` (in box order) that has no result yet, in settlement
    order: each one collected, pushed or paid as the dealer comes to it, so each box is cleared
    as it is settled."""
    add = steps.append
    for b in reversed(boxes):
        for h in reversed(b.hands):
            if h.result is not None:
                continue
            low = h.low
            best = low + 10 if h.ace and low <= 11 else low  # h.best, without the property
            if dealer_natural:
                if h.natural:
                    h.result = PUSH  # [000] boxes with Black Jack push
                    h.net = dict.fromkeys(h.stakes, ZERO)
                    add((PUSH, h.label, h.net))
                    continue
                if rules.dealer_bj_takes == "original":
                    lost = {k: h.original.get(k, ZERO) for k in h.stakes}
                    h.net = {k: -v for k, v in lost.items()}
                    if any(lost.values()):
                        h.result = LOSE
                        add((COLLECT_NET, h.label, h.net))
                    else:
                        h.result = PUSH
                        add((PUSH, h.label, h.net))
                    continue
                # a dealer Black Jack takes every bet, doubles and splits included [001]
                # (dealer_bj_takes all)
                h.result = LOSE
                h.net = {k: -v for k, v in h.stakes.items()}
                add((COLLECT, h.label, h.stakes))
            elif h.natural:
                # [003] a dealer 21 in three or more cards does not beat a Black Jack
                h.result = BLACKJACK
                h.net = {k: blackjack_win(v, rules) for k, v in h.stakes.items()}
                add((PAY, h.label, h.net))
            elif dealer_best > 21 or best > dealer_best:
                h.result = WIN  # [000] dealer bust pays every bet still in play
                h.net = h.stakes.copy()
                add((PAY, h.label, h.net))
            elif best == dealer_best:
                h.result = PUSH
                h.net = dict.fromkeys(h.stakes, ZERO)
                add((PUSH, h.label, h.net))
            else:
                h.result = LOSE
                net = h.net = {}
                for k, v in h.stakes.items():  # a loop, not a comprehension: see money_map
                    net[k] = -v
                add((COLLECT, h.label, h.stakes))
