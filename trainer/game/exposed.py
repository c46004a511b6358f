"""A card exposed by mistake, RULES.md §10 [003]: "Se il banchiere, per errore, sfila ed espone
una carta senza esserne stato richiesto, dovrà offrirla al giocatore di turno, che però può
rifiutarla. La carta è offerta allora, a turno, a tutti gli altri giocatori fino ad arrivare, se
nessuno la prende, ad essere a disposizione dello stesso banchiere. Solo se tutti l'avranno
rifiutata, la carta verrà «bruciata»."

It is offered to the player whose turn it is, then in turn to the others still to play, in
playing order *(chosen reading of "a turno")*, then it is at the dealer's disposal; only if
everyone, the dealer included, refuses it is it burned — the only card ever burned in play. A
dealer who already stands cannot use it: it is not offered to him.

A player offered the card takes it or refuses it as he would play his hand (`takes_exposed`):
he takes it where he would draw, refuses it where he would stand or split, with the odd mistake
a real player makes — never a card on a hard 17 or more *(house practice: how the simulated
players choose; the rules leave the choice to the player)*.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

from trainer.game.dealer import DEALER
from trainer.game.events import OFFER, Step
from trainer.game.hand import Box
from trainer.game.rules import HouseRules
from trainer.game.strategy import DOUBLE, HIT, MISTAKE_RATE, STAND, player_action

BURNED = "burned"


@dataclass(frozen=True, slots=True)
class ExposedOutcome:
    """[003] what happened to a card exposed by mistake."""

    card: str
    offered: tuple[str, ...]  # box numbers then "dealer", in the order it was offered
    taken_by: str  # a box number, "dealer", or "burned"


def offer_order(boxes: Iterable[Box], turn: int, dealer_may_use: bool = True) -> list[str]:
    """Who the card is offered to, in turn: the box whose turn it is and every later box with a
    hand still to play (box numbers as strings), then the dealer — unless he cannot use it (he
    already stands): a card he could never take is not offered to him, and refused by the
    boxes it is burned at once, as a card refused by all is [003]."""
    candidates: list[str] = []
    for b in boxes:
        if b.number < turn:
            continue
        if any(not hh.closed for hh in b.hands):
            candidates.append(str(b.number))
    if dealer_may_use:
        candidates.append(DEALER)
    return candidates


def offer(
    card: str,
    candidates: list[str],
    refused_by: Collection[str],
    steps: list[Step],
) -> ExposedOutcome:
    """Offer `card` to each candidate in turn until one takes it; `taken_by` is "burned" when
    they all refuse. The round then hands the card to whoever took it."""
    offered: list[str] = []
    for who in candidates:
        offered.append(who)
        took = who not in refused_by
        steps.append((OFFER, who, card, took))
        if took:
            return ExposedOutcome(card, tuple(offered), who)
    return ExposedOutcome(card, tuple(offered), BURNED)


def takes_exposed(
    rng: random.Random,
    cards: Sequence[str],
    up: str,
    legal: Sequence[str],
    rules: HouseRules,
    mistakes: float = MISTAKE_RATE,
) -> bool:
    """Whether the player of `cards` takes a card exposed by mistake when it is offered to him
    [003]: as he would play the hand (`player_action`, the odd mistake included) — he takes it
    where he would draw a card (a hit, or a double: it is the card he would draw), refuses it
    where he would stand or split; never on a hard 17 or more, on which nobody draws."""
    return player_action(rng, cards, up, legal, rules, mistakes) in (HIT, DOUBLE)


def refusing_players(
    rng: random.Random,
    candidates: Iterable[str],
    boxes: Mapping[int, Box],
    up: str,
    rules: HouseRules,
    mistakes: float = MISTAKE_RATE,
) -> list[str]:
    """The boxes among `candidates` (box numbers as strings, and "dealer", left out: the dealer
    is no player) whose player would refuse the exposed card, each deciding on the hand of his
    that is still to play (`takes_exposed`)."""
    refusing = []
    for who in candidates:
        if who == DEALER:
            continue
        h = next(hh for hh in boxes[int(who)].hands if not hh.closed)
        legal = h.legal if len(h.cards) == 2 else (HIT, STAND)
        if not takes_exposed(rng, h.cards, up, legal, rules, mistakes):
            refusing.append(who)
    return refusing
