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
from typing import Any

from trainer.game.hand import BLACKJACK, LOSE, PUSH, WIN, Box, Hand
from trainer.game.payout import ZERO, blackjack_win, money_cached, money_map
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
    events: list[dict[str, Any]],
) -> None:
    """Settle every hand of `boxes` (in box order) that has no result yet, in settlement
    order: each one collected, pushed or paid as the dealer comes to it, so each box is cleared
    as it is settled."""
    ev = events.append
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
                elif rules.dealer_bj_takes == "original":
                    lost = {k: h.original.get(k, ZERO) for k in h.stakes}
                    h.result = LOSE if any(lost.values()) else PUSH
                    h.net = {k: -v for k, v in lost.items()}
                else:
                    # chosen: with no hole card a dealer Black Jack takes doubles and splits
                    h.result = LOSE
                    h.net = {k: -v for k, v in h.stakes.items()}
            elif h.natural:
                # [003] a dealer 21 in three or more cards does not beat a Black Jack
                h.result = BLACKJACK
                h.net = {k: blackjack_win(v, rules) for k, v in h.stakes.items()}
            elif dealer_best > 21 or best > dealer_best:
                h.result = WIN  # [000] dealer bust pays every bet still in play
                h.net = h.stakes.copy()
            elif best == dealer_best:
                h.result = PUSH
                h.net = dict.fromkeys(h.stakes, ZERO)
            else:
                h.result = LOSE
                net = h.net = {}
                for k, v in h.stakes.items():  # loops, not comprehensions: see _money_map
                    net[k] = -v
            if h.result == LOSE:
                amounts = {}
                for k, v in h.net.items():
                    amounts[k] = money_cached(-v)
                ev({"type": "collect", "hand": h.label, "amounts": amounts})
            else:
                kind = "push" if h.result == PUSH else "pay"
                ev({"type": kind, "hand": h.label, "amounts": money_map(h.net)})
