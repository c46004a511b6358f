"""The dealer's steps of one round, in table order, read off the round's own transcript.

Deal mode asks the trainee to do what a perfect dealer does: every card to its place, every point
announced, every decision carried out (or refused), every bust collected at once, the dealer's
draw, each hand paid, pushed or collected. The engine already records all of that as events
(`Round.events`, RULES.md §5–§10); this module turns those events into `Step`s — what to do, the
one right answer, the rule behind it, and the table as the trainee sees it just before — so deal
mode follows whatever the engine deals, its house rules included.

A step's `expected` is canonical: a place ("3", "dealer"), an announcement as
`answers.parse_announcement` writes it, an amount as `money` writes it, or an action word
(`ACTIONS_WORDS`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from decimal import Decimal
from typing import Any, Final

from trainer import vocabulary
from trainer.game.payout import money
from trainer.game.round import DEALER, SEAT, Round
from trainer.game.rulebook import chapter, cited
from trainer.game.table import BoxView, HandView, TableView
from trainer.i18n import N_, _
from trainer.practice.prompts import Asked, asked, say_prompt

# Phases of a round, for the time spent in each (issue: deal, play, dealer, settle).
DEAL: Final = "deal"
PLAY: Final = "play"
DEALER_PHASE: Final = "dealer"
SETTLE: Final = "settle"
PHASES: Final = (DEAL, PLAY, DEALER_PHASE, SETTLE)

# Kinds of error an instructor counts.
K_DEAL: Final = "deal"
K_ANNOUNCE: Final = "announce"
K_PAY: Final = "pay"
K_PROCEDURE: Final = "procedure"
# a step done out of its turn, or left out, when the trainee deals on his own (`DealShoe.guided`
# False): a bust not collected before the next card, a box settled out of turn, insurance not
# offered on an Ace, a burn forgotten, the hole card turned too soon
K_ORDER: Final = "order"
KINDS: Final = (K_DEAL, K_ANNOUNCE, K_PAY, K_PROCEDURE, K_ORDER)

# What a step asks for.
PLACE: Final = "place"  # where the next card goes: a box number or "dealer"
WORDS: Final = "words"  # an announcement
AMOUNT: Final = "amount"  # a payment, or "push" / "collect"
ACTION: Final = "action"  # one of the action words

# The action words a trainee answers with (keys in the app, words on the command line).
COLLECT: Final = "collect"
PUSH: Final = "push"
DRAW: Final = "draw"
STAND: Final = "stand"
DOUBLE: Final = "double"
SPLIT: Final = "split"
REFUSE: Final = "refuse"
REVEAL: Final = "reveal"
BURN: Final = "burn"
INSURANCE: Final = "insurance"
ACTION_WORDS: Final = (
    COLLECT, PUSH, DRAW, STAND, DOUBLE, SPLIT, REFUSE, REVEAL, BURN, INSURANCE,
)  # fmt: skip
# What the trainee names besides, dealing on his own: a card dealt (or an exposed card offered)
# to a place, a point announced, a payment.
DEAL_CARD: Final = "deal"
ANNOUNCE: Final = "announce"
PAY: Final = "pay"
# every action of a move (`move_of`), in the order the app's buttons show them
MOVE_ACTIONS: Final = (
    DEAL_CARD, ANNOUNCE, DRAW, STAND, DOUBLE, SPLIT, REFUSE, BURN, REVEAL, INSURANCE,
    COLLECT, PAY, PUSH,
)  # fmt: skip


class _Says(Mapping[str, str]):
    """How a player says a decision, in the trainee's language when it is asked (RULES.md §13):
    "carte", "non", "je double", "je sépare" at a French table [000][004]; "carta", "sto",
    "raddoppio", "divido" at an Italian one; "hit", "stand", "double", "split" in English."""

    _ACTIONS = ("hit", "stand", "double", "split")

    def __getitem__(self, action: str) -> str:
        if action not in self._ACTIONS:
            raise KeyError(action)
        from trainer import i18n, vocabulary

        return vocabulary.said(action, i18n.language())

    def __iter__(self) -> Iterator[str]:
        return iter(self._ACTIONS)

    def __len__(self) -> int:
        return len(self._ACTIONS)


SAYS: Final = _Says()

# The decisions a player says and signs with his hand (RULES.md §13: the table's words).
DECISIONS: Final = _Says._ACTIONS


def player_says(decision: str, language: str | None = None) -> str:
    """What a player says for `decision` at a table of `language` (a code of
    `vocabulary.LANGUAGES`; None: the trainee's language now): "hit", "stand" in English;
    "carte", "non" in French [000]."""
    from trainer import i18n

    if decision not in DECISIONS:
        raise KeyError(f"a player's decision is one of {', '.join(DECISIONS)}, not {decision!r}")
    language = i18n.language() if language is None else language
    if language not in vocabulary.LANGUAGES:
        raise KeyError(f"no table speaks {language!r}: one of {', '.join(vocabulary.LANGUAGES)}")
    return vocabulary.said(decision, language)


def insurance_words(amount: Decimal, language: str | None) -> str:
    """What a bettor says as he puts up `amount` for insurance: "assurance, 12"."""
    from trainer import i18n

    lang = i18n.language() if language is None else language
    figures = i18n.format_amount(amount, lang, currency="", group=False)
    return f"{vocabulary.said('insurance', lang)}, {figures}"


def amount_asked(value: Decimal) -> Asked:
    """An amount in a prompt, said as a drill writes it (`skills.base.amount`): "37,50"."""
    return {"amount": money(value)}


def bettor_asked(bettor: str) -> Asked | str:
    """A bettor in a prompt: "seat", and a standing player by the letter the felt shows him by,
    "standing player a" (a prompt stored before said "behind-a", `bettor_name`'s word: still
    said as it was)."""
    if bettor == SEAT:
        return {"say": "seat", "context": "bettor"}
    if bettor.startswith("behind-"):
        return asked(N_("standing player {letter}"), letter=bettor.removeprefix("behind-"))
    return bettor


@dataclass(frozen=True, slots=True)
class Step:
    """One thing the dealer does, with its one right answer and the table just before it."""

    phase: str
    kind: str  # the error kind it counts under: deal, announce, pay, procedure
    skill: str  # the skill whose attempt it is stored as
    ask: str  # PLACE, WORDS, AMOUNT or ACTION
    prompt: str  # in the trainee's words when the step was made (`asking`: from `asked`)
    expected: str
    rule: str
    item: str
    view: TableView
    hand: str | None = None
    bettor: str | None = None
    amount: Decimal | None = None  # what a payment step pays (None: push or collect)
    says: str | None = None  # a player's words, shown as he says them
    data: dict[str, Any] = field(default_factory=dict)
    asked: Asked | None = None  # the prompt as the history keeps it, in no language


def asking(
    phase: str,
    kind: str,
    skill: str,
    ask: str,
    prompt: Asked,
    expected: str,
    rule: str,
    item: str,
    view: TableView,
    **kw: Any,
) -> Step:
    """A step whose prompt is kept as its parts (`asked`), said now in the trainee's words."""
    said = say_prompt(prompt)
    return Step(phase, kind, skill, ask, said, expected, rule, item, view, asked=prompt, **kw)


def _box_of(label: str) -> int:
    return int(label.split(".")[0])


def _taking_hand(after: Sequence[Mapping[str, Any]], box: str, felt: _Felt) -> str:
    """The hand of `box` an exposed card goes into [003]: the one it plays (`Round.expose`), the
    hand the dealer announces next; the box's first hand if none is."""
    for e in after:
        hand = e.get("hand")
        if e["type"] == "announce" and isinstance(hand, str) and hand.split(".")[0] == box:
            return hand
    return felt.hands[int(box)][0]


class _Felt:
    """The table as it stands after each event: cards per hand, stakes, what is cleared."""

    def __init__(self, r: Round) -> None:
        self.n_boxes = r.rules.boxes
        self.bets: dict[int, dict[str, Decimal]] = {n: dict(b.bets) for n, b in r.boxes.items()}
        self.hands: dict[int, list[str]] = {n: [str(n)] for n in r.boxes}
        self.cards: dict[str, list[str]] = {str(n): [] for n in r.boxes}
        self.stakes: dict[str, dict[str, Decimal]] = {
            str(n): dict(b.bets) for n, b in r.boxes.items()
        }
        self.doubled: set[str] = set()
        self.results: dict[str, str] = {}
        self.cleared: set[str] = set()
        self.dealer: list[str] = []
        self.hole_down = False
        self.insurance: dict[int, dict[str, Decimal]] = {}
        self.exposed: str | None = None
        self.active: str | None = None

    def view(
        self,
        currency: str,
        highlights: Iterable[str] = (),
        signals: Iterable[tuple[str, str, str]] = (),
    ) -> TableView:
        boxes = []
        for n in range(1, self.n_boxes + 1):
            if n not in self.bets:
                boxes.append(BoxView(n))
                continue
            hands = tuple(
                HandView(
                    label,
                    tuple(self.cards[label]),
                    tuple(self.stakes[label].items()),
                    label in self.doubled,
                    self.results.get(label),
                )
                for label in self.hands[n]
                if label not in self.cleared
            )
            bets = tuple(self.bets[n].items()) if hands else ()
            ins = self.insurance.get(n, {})
            boxes.append(
                BoxView(
                    n,
                    bets,
                    hands,
                    sum(ins.values(), Decimal(0)) if ins else None,
                    tuple(ins.items()),
                )
            )
        return TableView(
            tuple(boxes),
            tuple(self.dealer),
            hole_card=self.hole_down,
            exposed_card=self.exposed,
            active=self.active,
            highlights=tuple(highlights),
            currency=currency,
            signals=tuple(signals),
        )

    def take(self, label: str, card: str) -> None:
        """An exposed card taken by a box, into the hand `label` [003]."""
        self.cards[label].append(card)

    def apply(self, ev: Mapping[str, Any]) -> None:
        t = ev["type"]
        if t == "deal":
            if ev["to"] == DEALER:
                self.dealer.append(ev["card"])
                if ev.get("face") == "down":
                    self.hole_down = True
            else:
                self.cards[ev["to"]].append(ev["card"])
                self.exposed = None
        elif t == "split":
            label = ev["hand"]
            n = _box_of(label)
            cards = self.cards.pop(label)
            stakes = self.stakes.pop(label)
            i = self.hands[n].index(label)
            new = list(ev["into"])
            self.hands[n][i : i + 1] = new
            for k, lab in enumerate(new):
                self.cards[lab] = [cards[k]] if k < len(cards) else []
                self.stakes[lab] = dict(stakes)
        elif t == "double":
            label = ev["hand"]
            self.doubled.add(label)
            self.stakes[label] = {k: v * 2 for k, v in self.stakes[label].items()}
        elif t == "reveal":
            self.hole_down = False
        elif t == "insure":
            ins = self.insurance.setdefault(int(ev["box"]), {})
            ins[ev.get("bettor", SEAT)] = Decimal(ev["amount"])
        elif t in ("insurance-paid", "insurance-collected"):
            self.insurance.get(int(ev["box"]), {}).pop(ev.get("bettor", SEAT), None)
        elif t == "exposed":
            self.exposed = ev["card"]
        elif t == "offer" and ev["taken"]:
            self.exposed = None  # kept by the dealer, or in a box's hand (`take`)
        elif t == "burn":
            self.exposed = None
        elif t in ("pay", "push", "collect", "blackjack-paid"):
            label = ev["hand"]
            self.results[label] = {"pay": "win", "push": "push", "collect": "lose"}.get(
                t, "blackjack"
            )
            if t != "blackjack-paid":
                self.cleared.add(label)  # [000] each hand cleared as it is settled


def _pay_skill(r: Round, label: str, bettor: str, kind: str) -> str:
    hand = next(h for b in r.boxes.values() for h in b.hands if h.label == label)
    if kind == "blackjack-paid":
        return "pay-blackjack"
    if bettor != SEAT:
        return "pay-behind"
    if hand.split:
        return "pay-split"
    if hand.doubled:
        return "pay-double"
    return "pay-even"


def steps_of(
    r: Round,
    *,
    currency: str = "€",
    incidents: Mapping[int, Sequence[Step]] | None = None,
    language: str | None = None,
) -> list[Step]:
    """Every step of the played round `r`, in table order. `incidents` maps an event index to
    steps asked just before that event (a refused request, a refused bet); an incident step
    whose `data` has a "signal" shows that decision's hand signal at its hand. The players
    speak `language` (None: the trainee's language).

    Each player's decision shows as his hand signal at his box (`TableView.signals`) from the
    moment he makes it until it is carried out: a card asked for, until the card is dealt; a
    double or a split, until the dealer takes it; a stand, on the next step (the dealer carries
    it out by going on)."""
    felt = _Felt(r)
    # the decisions made and not yet carried out: hand label -> (decision, words)
    signals: dict[str, tuple[str, str]] = {}

    def shown(extra: Iterable[tuple[str, str]] = ()) -> list[tuple[str, str, str]]:
        pending = {**signals, **{label: (d, player_says(d, language)) for label, d in extra}}
        return [(label, d, words) for label, (d, words) in pending.items()]

    hands_by_label = {h.label: h for b in r.boxes.values() for h in b.hands}
    steps: list[Step] = []
    phase = DEAL
    # the dealer's hand is his to decide: from his first draw, or from the hole card turned
    # (on 17 to 21 he then stands without drawing, a decision all the same)
    dealer_decides = False
    events = r.events
    # the deal: two cards a box, the dealer's up card, and his hole card where there is one [000]
    initial = 2 * len(r.boxes) + 1 + (1 if r.rules.hole_card else 0)
    dealt = 0
    extra = incidents or {}
    for i, ev in enumerate(events):
        t = ev["type"]
        so_far = len(steps)
        for s in extra.get(i, ()):
            own = [(s.hand, s.data["signal"])] if s.hand and "signal" in s.data else []
            steps.append(replace(s, view=felt.view(currency, s.view.highlights, shown(own))))
        if t in DECISIONS:
            if phase == DEAL:
                phase = PLAY
            signals[ev["hand"]] = (t, player_says(t, language))
        carried = ev["hand"] if t in ("double", "split") else None
        if t == "deal" and signals.get(ev["to"], ("",))[0] == "hit":
            carried = ev["to"]
        label = ev.get("hand") or ev.get("to")
        if isinstance(label, str) and label != DEALER:
            felt.active = label if phase == PLAY else None
        before = felt.view(currency, signals=shown())
        if t == "deal":
            to = ev["to"]
            dealt += 1
            if to == DEALER and dealt > initial and not ev.get("face"):
                phase = DEALER_PHASE
            if to == DEALER and phase == DEALER_PHASE:
                dealer_decides = True
                steps.append(
                    asking(
                        DEALER_PHASE,
                        K_DEAL,
                        "dealer",
                        ACTION,
                        asked(N_("The dealer's hand: draw or stand?")),
                        DRAW,
                        _("the dealer draws on 16 or less and stands on every 17 [000]"),
                        f"deal:dealer-{_points_key(felt.dealer)}",
                        before,
                        hand=DEALER,
                    )
                )
            else:
                place = DEALER if to == DEALER else str(_box_of(to))
                if ev.get("face") == "down":
                    prompt = asked(N_("Deal the hole card, face down"))
                else:
                    prompt = asked(N_("Deal the next card"))
                steps.append(
                    asking(
                        phase,
                        K_DEAL,
                        "deal-order",
                        PLACE,
                        prompt,
                        place,
                        _deal_rule(phase, to, ev),
                        f"deal:{'dealer' if to == DEALER else 'box'}",
                        before,
                        hand=to,
                        says=signals[to][1] if carried == to else None,
                        data={"card": ev["card"]},
                    )
                )
        elif t == "announce":
            hand = ev["hand"]
            if hand == DEALER:
                prompt = asked(N_("Announce your hand"))
            else:
                prompt = asked(N_("Announce box {hand}"), hand=hand)
            steps.append(
                asking(
                    phase,
                    K_ANNOUNCE,
                    "announce",
                    WORDS,
                    prompt,
                    ev["words"],
                    _("the dealer announces the point of every hand after every card [000]"),
                    f"announce:{hand == DEALER and 'dealer' or 'box'}",
                    before,
                    hand=hand,
                    data={"soft": _soft(felt.dealer if hand == DEALER else felt.cards[hand])},
                )
            )
        elif t in ("double", "split"):
            hand = ev["hand"]
            says = signals[hand][1]
            steps.append(
                asking(
                    PLAY,
                    K_PROCEDURE,
                    "procedure",
                    ACTION,
                    asked(N_("Box {hand}: \u201c{says}\u201d"), hand=hand, says=says),
                    t,
                    _("a double takes a second stake equal to the first and one card [000]")
                    if t == "double"
                    else _("a split makes two hands, a stake equal to the first on each [000]"),
                    f"procedure:{t}",
                    before,
                    hand=hand,
                    says=says,
                )
            )
        elif t in ("hit", "stand"):
            pass  # carried out by the next card, or by going on: no step of its own
        elif t == "reveal":
            steps.append(
                asking(
                    DEALER_PHASE,
                    K_PROCEDURE,
                    "procedure",
                    ACTION,
                    asked(N_("Every player has finished")),
                    REVEAL,
                    _("the dealer turns the hidden card when every player has finished [001][004]"),
                    "procedure:reveal",
                    before,
                    hand=DEALER,
                )
            )
            phase = DEALER_PHASE
            dealer_decides = True
        elif t == "exposed":
            # the card is on the felt; the offers that follow are the steps. A card is exposed
            # only while the boxes play (`Round.expose`), even before the first decision: a
            # bust it makes is collected at once, as any bust [000][003]
            if phase == DEAL:
                phase = PLAY
        elif t == "offer":
            steps.append(
                asking(
                    phase,
                    K_PROCEDURE,
                    "exposed-card",
                    PLACE,
                    asked(
                        N_("A card is exposed by mistake, {card}: offer it"),
                        card=vocabulary.a_card(ev["card"]),
                    ),
                    ev["to"],
                    _(
                        "an exposed card is offered to the player whose turn it is, then to the "
                        "others in playing order, then it is the dealer's [003]"
                    ),
                    "exposed:offer",
                    felt.view(currency),
                    hand=ev["to"],
                    data={"taken": ev["taken"], "card": ev["card"]},
                )
            )
        elif t == "burn":
            steps.append(
                asking(
                    phase,
                    K_PROCEDURE,
                    "exposed-card",
                    ACTION,
                    asked(N_("Nobody takes the exposed card")),
                    BURN,
                    _("a card refused by all, the dealer included, is burned [003]"),
                    "exposed:burn",
                    before,
                )
            )
        elif t in ("pay", "push", "collect", "blackjack-paid"):
            hand = ev["hand"]
            at_once = t == "collect" and phase == PLAY
            if t in ("pay", "push", "collect") and not at_once and phase != SETTLE:
                if dealer_decides and phase == DEALER_PHASE and _decides_to_stand(felt.dealer):
                    steps.append(_dealer_stands(felt.dealer, before))
                phase = SETTLE
            h = hands_by_label[hand]
            for bettor, amount in ev["amounts"].items():
                value = Decimal(amount)
                if t == "collect":
                    expected, kind_word = COLLECT, "collect"
                elif t == "push":
                    expected, kind_word = PUSH, "push"
                else:
                    expected, kind_word = money(value), "pay"
                who = _who(hand, bettor)
                if kind_word == "collect" and at_once:
                    rule = _("a bust hand is collected at once, stake and cards [000][003]")
                elif kind_word == "collect":
                    rule = _("the dealer collects the hands his point beats [000]")
                elif kind_word == "push":
                    rule = _("equal points: a push, the stake stays [000]")
                else:
                    rule = _pay_rule(h, t)
                steps.append(
                    asking(
                        PLAY
                        if at_once
                        else (DEAL if t == "blackjack-paid" and phase == DEAL else phase),
                        K_PROCEDURE if at_once else K_PAY,
                        "procedure"
                        if at_once
                        else (
                            "outcome"
                            if t != "pay" and t != "blackjack-paid"
                            else _pay_skill(r, hand, bettor, t)
                        ),
                        AMOUNT,
                        asked(
                            N_("Settle {who} ({stake} staked)"),
                            who=who,
                            stake=amount_asked(h.stakes.get(bettor, Decimal(0))),
                        ),
                        expected,
                        rule,
                        f"pay:{t}",
                        before,
                        hand=hand,
                        bettor=bettor,
                        amount=value if t in ("pay", "blackjack-paid") else None,
                        # a doubled stake lies as two stacks, each half (colour for colour
                        # pays in their chips)
                        data={"stake": h.stakes.get(bettor, Decimal(0)), "doubled": h.doubled},
                    )
                )
        elif t == "insurance-offered":
            steps.append(
                asking(
                    phase, K_PROCEDURE, "procedure", ACTION, asked(N_("The dealer shows an Ace")),
                    INSURANCE,
                    _("insurance is offered on a dealer Ace, before any third card [000][003]"),
                    "procedure:insurance", before, hand=DEALER,
                )
            )  # fmt: skip
        elif t == "insure":
            bettor = ev.get("bettor", SEAT)
            who = _who(ev["box"], bettor)
            put_up = Decimal(ev["amount"])
            stake = r.boxes[int(ev["box"])].bets.get(bettor, Decimal(0))
            # [003] "una posta che però non può superare la metà": a bettor who insures less than
            # half says, and puts up, what he insures; the dealer takes what he is shown
            less = put_up < stake / 2
            steps.append(
                asking(
                    phase, K_PAY, "pay-insurance", AMOUNT,
                    asked(N_("Take the insurance {who} puts up: {amount}"), who=who,
                          amount=amount_asked(put_up))
                    if less else asked(N_("Take the insurance of {who}"), who=who),
                    ev["amount"],
                    _("insurance is half the bettor's stake {source}").format(
                        source=cited(r.rules.preset, "000", "001", "002")
                    )
                    if r.rules.insurance_amount == "half"
                    else _("insurance is at most half the bettor's stake [003]"),
                    "pay:insure", before, hand=ev["box"], bettor=bettor,
                    amount=put_up,
                    data={"stake": Decimal(0)},
                    says=insurance_words(put_up, language) if less else None,
                )
            )  # fmt: skip
        elif t in ("insurance-paid", "insurance-collected"):
            value = Decimal(ev["amount"])
            paid = t == "insurance-paid"
            steps.append(
                asking(
                    phase,
                    K_PAY,
                    "pay-insurance",
                    AMOUNT,
                    asked(
                        N_("Settle the insurance of {who}"),
                        who=_who(ev["box"], ev.get("bettor", SEAT)),
                    ),
                    money(value) if paid else COLLECT,
                    _(
                        "insurance pays 2 to 1 on a dealer Black Jack, else it is lost {source}"
                    ).format(source=cited(r.rules.preset, "000", "001", "002", "003")),
                    f"pay:{t}",
                    before,
                    hand=ev["box"],
                    bettor=ev.get("bettor", SEAT),
                    amount=value if paid else None,
                    # an insurance lost is the insured amount kept by the dealer
                    data={"stake": Decimal(0) if paid else value},
                )
            )
        if t == "offer" and ev["taken"] and ev["to"] != DEALER:
            felt.take(_taking_hand(events[i + 1 :], ev["to"], felt), ev["card"])
        felt.apply(ev)
        if len(steps) > so_far:
            # the trainee has seen the signals: a stand is carried out by going on, a card, a
            # double or a split by the step that did it
            for label, (decision, _words) in list(signals.items()):
                if decision == "stand" or label == carried:
                    del signals[label]
    if phase == DEALER_PHASE and dealer_decides and _decides_to_stand(felt.dealer):
        # the dealer stood and nothing was left to settle (every hand collected at once)
        steps.append(_dealer_stands(felt.dealer, felt.view(currency)))
    elif not r.rules.hole_card and len(felt.dealer) == 1 and r.boxes:
        # RULES.md §6 (chosen): with nothing left to settle against his hand (every hand bust,
        # or only Black Jacks already paid), the dealer takes no card: a decision of his too
        steps.append(_dealer_takes_none(felt.dealer, felt.view(currency)))
    return steps


def _dealer_stands(cards: Sequence[str], view: TableView) -> Step:
    """The dealer's last decision, once his hand must stand."""
    return asking(
        DEALER_PHASE, K_DEAL, "dealer", ACTION, asked(N_("The dealer's hand: draw or stand?")),
        STAND,
        _("the dealer stands on every 17 [000]"), f"deal:dealer-{_points_key(cards)}", view,
        hand=DEALER,
    )  # fmt: skip


def _dealer_takes_none(cards: Sequence[str], view: TableView) -> Step:
    """The dealer's decision when nothing is left to settle: no card for his hand."""
    return asking(
        DEALER_PHASE, K_DEAL, "dealer", ACTION, asked(N_("The dealer's hand: draw or stand?")),
        STAND,
        _("nothing is left to settle against his hand: the dealer takes no card ({rules})").format(
            rules=chapter(6)
        ),
        "deal:dealer-nothing-to-settle", view, hand=DEALER,
    )  # fmt: skip


def _decides_to_stand(cards: Sequence[str]) -> bool:
    """The dealer's hand ends standing on a point he decided on: not bust, and not a Black Jack
    (two cards of 21 are no decision)."""
    from trainer.game.cards import is_natural

    return _stands(cards) and not is_natural(tuple(cards))


def _soft(cards: Sequence[str]) -> bool:
    """An Ace in the hand still counts 11."""
    from trainer.game.cards import points

    low, soft = points(cards)
    return soft and low + 10 <= 21


def _stands(cards: Sequence[str]) -> bool:
    """The dealer's hand ends standing (not bust): the last decision to say is "stand"."""
    from trainer.game.cards import points

    return points(cards)[0] <= 21


def _points_key(cards: Sequence[str]) -> str:
    from trainer.game.cards import points

    low, soft = points(cards)
    best = low + 10 if soft and low + 10 <= 21 else low
    return f"{'soft' if soft and low + 10 <= 21 else 'hard'}-{best}"


def _deal_rule(phase: str, to: str, ev: Mapping[str, Any]) -> str:
    if phase != DEAL:
        return _(
            "the card goes to the hand whose turn it is, and the dealer's after every box [000]"
        )
    if to == DEALER and ev.get("face") == "down":
        return _("with a hole card the dealer takes a second card face down [001][004]")
    if to == DEALER:
        return _("one card to each box from box 1 to box 7, then one to the dealer [000]")
    return _("one card to each box with a bet, from box 1 towards box 7 [000]")


def _pay_rule(h: Any, t: str) -> str:
    if t == "blackjack-paid":
        return _("a Black Jack is paid 3 to 2 [000]")
    if h.split:
        return _("a split hand's 21 is paid evens, never as a Black Jack [000]")
    if h.doubled:
        return _("a doubled hand is paid 1 to 1 on the doubled stake [000]")
    return _("a winning hand is paid 1 to 1 [000]")


def _who(box: Any, bettor: str) -> Asked:
    """A box, or a bettor on it, as a step names them: "box 3", "box 3, standing player a"."""
    if bettor == SEAT:
        return asked(N_("box {box}"), box=box)
    return asked(N_("box {box}, {bettor}"), box=box, bettor=bettor_asked(bettor))


def _amount(value: Decimal) -> str:
    from trainer.practice.skills.base import amount

    return amount(value)


# -- dealing on one's own: the phase said, the move named ---------------------------------------

# What the prompt says when the trainee deals on his own: the phase at most, never the next box,
# bettor or action.
PHASE_PROMPTS: Final = {
    DEAL: N_("The deal"),
    PLAY: N_("The players"),
    DEALER_PHASE: N_("The dealer's hand"),
    SETTLE: N_("Settlement"),
}

# The incidents whose prompt tells what happened at the table (a player speaks, a card is
# exposed, a bettor puts up money), not what to do: said after the phase on one's own.
NEWS_ITEMS: Final = frozenset((
    "procedure:double", "procedure:split", "procedure:refuse-double", "procedure:refuse-split",
    "procedure:insurance-over", "exposed:offer", "exposed:burn", "procedure:burn",
))  # fmt: skip


def on_ones_own(step: Step) -> Step:
    """`step` as it is asked of a trainee dealing on his own: the prompt says the phase (and what
    a player said or did, for an incident), the felt marks no hand whose turn it is."""
    heading = asked(PHASE_PROMPTS[step.phase])
    if step.item in NEWS_ITEMS and step.asked is not None:
        prompt = asked(N_("{phase} — {news}"), phase=heading, news=step.asked)
    else:
        prompt = heading
    view = replace(step.view, active=None, highlights=())
    return replace(step, prompt=say_prompt(prompt), asked=prompt, view=view)


@dataclass(frozen=True, slots=True)
class Move:
    """What the trainee does, dealing on his own: where (`target`: a hand's label "3" or "4.2",
    DEALER, or None for the dealer's own act: a burn, insurance offered), who on the box
    (`bettor`), what (`action`, one of MOVE_ACTIONS) and with what (`value`: the point said, the
    amount paid, canonical as `Step.expected`)."""

    target: str | None
    action: str
    value: str = ""
    bettor: str = SEAT


# A step's actions: those that name it (its place named, one of them is the step's own answer or
# a wrong one of the same step); any other action is another step, done out of turn.
def actions_of(step: Step) -> frozenset[str]:
    if step.ask == PLACE:
        return frozenset((DEAL_CARD,))
    if step.ask == WORDS:
        return frozenset((ANNOUNCE,))
    if step.ask == AMOUNT:
        if step.item == "pay:insure":
            return frozenset((INSURANCE,))
        return frozenset((PAY, COLLECT, PUSH))
    if step.item.startswith("deal:dealer"):
        return frozenset((DRAW, STAND))
    if step.item in ("procedure:reveal", "exposed:burn", "procedure:burn", "procedure:insurance"):
        return frozenset((step.expected,))
    if step.item == "procedure:insurance-over":
        return frozenset((REFUSE, INSURANCE))
    return frozenset((DOUBLE, SPLIT, REFUSE))


def target_of(step: Step) -> str | None:
    """The place a step is done at: a hand's label, DEALER, or None (the dealer's own act)."""
    if step.item in ("exposed:burn", "procedure:burn", "procedure:insurance"):
        return None
    if step.ask == PLACE:
        return step.expected if step.expected == DEALER else (step.hand or step.expected)
    return step.hand


def move_of(step: Step) -> Move:
    """The right move for `step`."""
    action = {
        PLACE: DEAL_CARD,
        WORDS: ANNOUNCE,
    }.get(step.ask, step.expected)
    value = ""
    if step.ask == WORDS:
        value = step.expected
    elif step.ask == AMOUNT and step.expected not in (COLLECT, PUSH):
        action = INSURANCE if step.item == "pay:insure" else PAY
        value = step.expected
    return Move(target_of(step), action, value, step.bettor or SEAT)


def names_step(step: Step, move: Move) -> bool:
    """The move names this step: its place (a card's place is its answer: any), its bettor, and
    one of its actions."""
    if move.action not in actions_of(step):
        return False
    if step.ask == PLACE:
        return True
    want = target_of(step)
    if want in (None, DEALER):
        return move.target in (None, DEALER)  # the dealer's own act: named or not
    if move.target != want:
        return False
    return step.bettor is None or move.bettor == step.bettor


def place_text(move: Move) -> str | None:
    """A move's place as it is typed: "6", "4.2", "3a" (a bettor behind), "d"; None for none."""
    if move.target is None:
        return None
    target = "d" if move.target == DEALER else move.target
    if move.bettor.startswith("behind-"):
        target += move.bettor.removeprefix("behind-")
    return target


def move_text(move: Move) -> str:
    """A move as it is typed, in English: "6 collect", "3a pay 7.5", "d draw", "burn"."""
    place = place_text(move)
    parts = [] if place is None else [place]
    parts.append(move.action)
    if move.value:
        parts.append(move.value)
    return " ".join(parts)


# The errors of order, each with its rule: what the trainee left out or did too soon.
BUST_NOT_COLLECTED: Final = "bust-not-collected"
OUT_OF_TURN: Final = "settled-out-of-turn"
INSURANCE_NOT_OFFERED: Final = "insurance-not-offered"
BURN_FORGOTTEN: Final = "burn-forgotten"
HOLE_CARD_TOO_SOON: Final = "hole-card-too-soon"
ORDER_ERRORS: Final = (
    BUST_NOT_COLLECTED, OUT_OF_TURN, INSURANCE_NOT_OFFERED, BURN_FORGOTTEN, HOLE_CARD_TOO_SOON,
)  # fmt: skip


# The shoe's burn: the first step of every shoe, once it is shuffled and cut.
SHOE_BURN: Final = "procedure:burn"


def shoe_burn(view: TableView, language: str) -> Step:
    """The first step of a shoe: [000] "le croupier brûle alors les 5 premières"; [003] "avrà …
    «bruciato» le prime cinque carte". A casino dealer's shoe burns, whatever the preset (deal
    mode trains the casino's procedure; the family game's own shoe burns nothing [004])."""
    return asking(
        DEAL, K_PROCEDURE, "procedure", ACTION, asked(N_("A new shoe, shuffled and cut")), BURN,
        _("after the shuffle and the cut the dealer burns the first 5 cards [000][003]"),
        SHOE_BURN, view,
    )  # fmt: skip


def order_rule(error: str, step: Step, done: Step | None = None) -> str:
    """What the trainee did wrong, in the trainee's words: `step` the one due, `done` the one he
    did instead (a settlement out of turn)."""
    if error == BUST_NOT_COLLECTED:
        return _(
            "a bust not collected: box {hand}'s bust is collected at once, stake and cards, "
            "before the next player's card [000][003]"
        ).format(hand=step.hand)
    if error == OUT_OF_TURN:
        return _(
            "a box settled out of turn: box {due} is settled before box {done}, from your "
            "right to your left [000]"
        ).format(due=step.hand, done=done.hand if done is not None else "?")
    if error == INSURANCE_NOT_OFFERED:
        return _(
            "insurance not offered: on a dealer Ace, insurance is offered before any third card "
            "[000][003]"
        )
    if error == BURN_FORGOTTEN and step.item == SHOE_BURN:
        return _(
            "a burn forgotten: after the shuffle and the cut the dealer burns the first 5 cards, "
            "before the first card is dealt [000][003]"
        )
    if error == BURN_FORGOTTEN:
        return _("a burn forgotten: a card refused by all, the dealer included, is burned [003]")
    if error == HOLE_CARD_TOO_SOON:
        return _(
            "the hole card turned too soon: the dealer turns it when every player has finished "
            "[001][004]"
        )
    raise KeyError(error)
