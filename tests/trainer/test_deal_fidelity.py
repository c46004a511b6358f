"""Deal mode's fidelity to the texts (issue 26): what a professional dealer would correct."""

from __future__ import annotations

from collections.abc import Iterator

from trainer.game.hand import BUST
from trainer.game.round import Round
from trainer.game.rules import HouseRules
from trainer.practice.deal import FREQUENT, DealShoe
from trainer.practice.deal_steps import K_PROCEDURE, PLAY, Step


def _rounds(preset: str, shoes: int, boxes: int = 7) -> Iterator[tuple[Round, list[Step]]]:
    """Every round of `shoes` seeded shoes with frequent incidents, its steps not answered."""
    rules = HouseRules.preset_named(preset)
    for seed in range(shoes):
        shoe = DealShoe(rules, boxes=min(boxes, rules.boxes), incidents=FREQUENT, seed=seed)
        while not shoe.shoe_over:
            steps = shoe.next_round()
            assert shoe.round is not None
            yield shoe.round, steps
            shoe.position = len(shoe.steps)


def test_a_bust_on_an_exposed_card_is_collected_at_once_in_play() -> None:
    # [000][003] a bust is collected at once whatever made it, an exposed card taken before the
    # first decision too: a collect of the play phase, never a settlement
    before_any_decision = 0
    for r, steps in _rounds("casino-it", 12):
        hands = {h.label: h for b in r.boxes.values() for h in b.hands}
        events = r.events
        first_decision = next(
            (i for i, e in enumerate(events) if e["type"] in ("hit", "stand", "double", "split")),
            len(events),
        )
        exposed = [i for i, e in enumerate(events) if e["type"] == "exposed"]
        if exposed and exposed[0] < first_decision:
            busts = [s for s in steps if s.item == "pay:collect" and hands[s.hand].result == BUST]
            before_any_decision += bool(busts)
        for s in steps:
            if s.item == "pay:collect" and hands[s.hand].result == BUST:
                assert (s.phase, s.kind, s.skill) == (PLAY, K_PROCEDURE, "procedure"), s
                assert "at once" in s.rule
    assert before_any_decision  # the case is dealt: a bust on an exposed card before any decision
