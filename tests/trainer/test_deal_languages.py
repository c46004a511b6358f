"""Deal mode in the trainee's language: the incidents (an insurance over the amount, a refused
double or split, a bettor behind who will not add money), their reasons, the chip payment's
reason, the messages of an answer that cannot be read and of a bad setting — in French and in
Italian as a croupier says them, the players' words in the players' language, and said again
after a switch (`DealShoe.retell`). Each reason is the engine's own (`Round.refusal`,
`Round.insurance_refusal`), said in the language of the moment."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from decimal import Decimal as D

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trainer import i18n, vocabulary
from trainer.game.payout import money
from trainer.game.reasons import Card, Reason
from trainer.game.round import Round
from trainer.game.rules import HouseRules
from trainer.practice import answers, deal_words
from trainer.practice.deal import FREQUENT, DealShoe
from trainer.practice.deal_steps import ACTION, ACTION_WORDS, PLACE, REFUSE, Step
from trainer.practice.deal_words import action_words
from trainer.practice.skills.base import amount

_TAG = re.compile(r"\[\d{3}\]")
NB = "\u202f"  # French puts a narrow no-break space before its high marks


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _until(shoe: DealShoe, wanted: Callable[[Step], bool], limit: int = 20_000) -> Step:
    """Deal on perfectly until the step asked is one `wanted` picks (a new shoe, the seed moved
    on, each time one ends)."""
    for _ in range(limit):
        if shoe.shoe_over:
            shoe.__init__(shoe.rules, boxes=shoe.boxes, incidents=shoe.incidents,
                          seed=shoe.seed + 1, language=shoe.language)  # fmt: skip
        if shoe.round_over:
            shoe.next_round()
        s = shoe.step
        assert s is not None
        if wanted(s):
            return s
        shoe.answer(s.expected, 1)
    pytest.fail("no such step")


def _over(s: Step) -> bool:
    return s.item == "procedure:insurance-over"


def _refused(s: Step) -> bool:
    return s.item.startswith("procedure:refuse-") and "who" not in s.data


def test_an_insurance_over_the_amount_is_said_in_french_the_player_speaking_french() -> None:
    i18n.set_language("fr")
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=2, incidents=FREQUENT)
    s = _until(shoe, _over)
    assert s.expected == REFUSE
    assert f"Case {s.hand}{NB}:" in s.prompt and "à l'assurance" in s.prompt
    assert s.says is not None and s.says.startswith("assurance, ")
    # [000] at a French table the insurance is exactly half the bet
    assert "moitié de la mise" in s.rule and s.rule.endswith("[000]")
    assert "insurance" not in s.rule and "puts up" not in s.prompt


def test_an_insurance_over_the_amount_is_said_in_italian_the_player_speaking_italian() -> None:
    i18n.set_language("it")
    shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=7, seed=2, incidents=FREQUENT)
    s = _until(shoe, _over)
    assert f"Riquadro {s.hand}:" in s.prompt and "di assicurazione" in s.prompt
    # the players' words, not the French "assurance" of old
    assert s.says is not None and s.says.startswith("assicurazione, ")
    # [003] at an Italian table up to half: an Italian amount has a decimal comma
    assert "supera la metà" in s.rule and s.rule.endswith("[003]")


def test_the_players_speak_their_own_language_whatever_the_trainee_s() -> None:
    i18n.set_language("en")
    shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=7, seed=2, incidents=FREQUENT,
                    language="it")  # fmt: skip
    s = _until(shoe, _over)
    assert "puts up" in s.prompt and s.says is not None and s.says.startswith("assicurazione")


def test_a_refused_request_gives_its_reason_in_french() -> None:
    i18n.set_language("fr")
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=6, incidents=FREQUENT)
    s = _until(shoe, _refused)
    assert s.says in (vocabulary.said("double", "fr"), vocabulary.said("split", "fr"))
    assert s.prompt == f"Case {s.hand}{NB}: «{NB}{s.says}{NB}»"
    english = {"first two cards", "not a pair", "split Aces", "under", "doubling needs"}
    assert s.rule and not any(w in s.rule for w in english), s.rule


def test_a_bettor_behind_who_will_not_add_money_is_said_in_italian() -> None:
    i18n.set_language("it")
    shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=7, seed=3, incidents=FREQUENT)
    s = _until(shoe, lambda s: "non aggiunge denaro" in s.prompt)
    assert s.expected == REFUSE and "giocatore in piedi a" in s.prompt
    assert s.rule.endswith("devono essere d'accordo [003]") and "giocatore in piedi a" in s.rule
    assert s.says in (vocabulary.said("double", "it"), vocabulary.said("split", "it"))


def test_an_incident_step_is_said_again_in_italian_after_a_switch_from_french() -> None:
    i18n.set_language("fr")
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=2, incidents=FREQUENT)
    french = _until(shoe, _over)
    wrong = shoe.answer("1" if french.ask == PLACE else "stand", 300)
    assert not wrong.correct and wrong.again and wrong.reason == french.rule
    i18n.set_language("it")
    told = shoe.retell("it")
    italian = shoe.step
    assert italian is not None and told[id(french)] is italian
    # the same request by the same bettor, the same right answer, in the new words
    assert (italian.item, italian.hand, italian.expected, italian.ask) == (
        french.item, french.hand, french.expected, french.ask,
    )  # fmt: skip
    assert (
        italian.prompt.startswith(f"Riquadro {french.hand}:") and "assicurazione" in italian.prompt
    )
    assert italian.says is not None and italian.says.startswith("assicurazione, ")
    assert french.says is not None
    assert italian.says.split(", ")[1] == french.says.split(", ")[1]  # the same amount
    # [000] still the French table's rule (exactly half), said in Italian
    assert italian.rule.endswith("[000]") and "metà della puntata" in italian.rule
    (v,) = [v for v in shoe.verdicts if v.step is italian]
    assert v.reason == italian.rule and not v.correct
    assert shoe.answer(italian.expected, 200).correct


def test_a_refused_request_is_said_again_in_the_new_words() -> None:
    i18n.set_language("it")
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=6, incidents=FREQUENT)
    italian = _until(shoe, _refused)
    i18n.set_language("fr")
    shoe.retell("fr")
    french = shoe.step
    assert french is not None and french.item == italian.item and french.rule != italian.rule
    assert french.says == vocabulary.said(french.data["signal"], "fr")
    assert french.view.signals == ((french.hand, french.data["signal"], french.says),)


# -- the reasons are the engine's ---------------------------------------------------------------

# a reason no copy of the engine's checks could say: where the engine refuses, deal mode must
# say what the engine said, in the language of the moment (its card said "10" at a French or
# Italian table, "TS" in English)
_ENGINE_S_OWN = "the engine's own reason, card {card}"


def _engine_said(monkeypatch: pytest.MonkeyPatch, *, replace: bool) -> list[Reason]:
    """Every reason the round gives deal mode (`Round.refusal`, `Round.insurance_refusal`),
    recorded; with `replace`, each one is `_ENGINE_S_OWN` instead (the round refuses what it
    refused, and nothing else)."""
    said: list[Reason] = []

    def spy(name: str) -> None:
        engine = getattr(Round, name)

        def asked(self: Round, *args: object) -> Reason | None:
            why = engine(self, *args)
            if why is not None and replace:
                why = Reason(_ENGINE_S_OWN, card=Card("TS"))
            if why is not None:
                said.append(why)
            return why

        monkeypatch.setattr(Round, name, asked)

    spy("refusal")
    spy("insurance_refusal")
    return said


def _incident(s: Step) -> bool:
    return s.item.startswith("procedure:refuse-") or _over(s)


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("preset", ["casino-fr", "casino-it"])
def test_deal_mode_says_the_engine_s_reason_not_one_of_its_own(
    monkeypatch: pytest.MonkeyPatch, lang: str, preset: str
) -> None:
    _engine_said(monkeypatch, replace=True)
    i18n.set_language(lang)
    rules = HouseRules.preset_named(preset)
    # an insurance over the amount, then a refused request (a bettor behind refusing, in Italy)
    s = _until(DealShoe(rules, boxes=7, seed=2, incidents=FREQUENT), _over)
    assert s.rule == "the engine's own reason, card 10", s.item
    shoe = DealShoe(rules, boxes=7, seed=3, incidents=FREQUENT)
    s = _until(shoe, lambda s: s.item.startswith("procedure:refuse-"))
    assert s.rule == "the engine's own reason, card 10", s.item
    i18n.set_language("en")  # and said again after a switch
    shoe.retell()
    assert shoe.step is not None and shoe.step.rule == "the engine's own reason, card 10"


@settings(max_examples=12, deadline=None)
@given(
    preset=st.sampled_from(("casino-fr", "casino-it", "online", "home")),
    seed=st.integers(0, 2**32),
    lang=st.sampled_from(("fr", "it")),
)
def test_in_french_and_italian_each_incident_s_reason_is_the_engine_s(
    preset: str, seed: int, lang: str
) -> None:
    """Every incident of a few rounds dealt: its reason is the one the engine gave (a refused
    double or split, a bettor behind who refuses [003], an insurance over the amount), said in
    the trainee's language — and said again in the other after a switch."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        said = _engine_said(monkeypatch, replace=False)
        i18n.set_language(lang)
        rules = HouseRules.preset_named(preset)
        shoe = DealShoe(rules, boxes=rules.boxes, seed=seed, incidents=FREQUENT)
        for _ in range(8):
            shoe.next_round()
            while not shoe.round_over:
                s = shoe.step
                assert s is not None
                if _incident(s):
                    assert s.rule in [why.text() for why in said], s.rule
                    assert s.rule not in [str(why) for why in said]  # not the English
                    other = "it" if lang == "fr" else "fr"
                    i18n.set_language(other)
                    shoe.retell()
                    again = shoe.step
                    assert again is not None and again.item == s.item
                    assert again.rule in [why.text() for why in said]
                    assert _TAG.findall(again.rule) == _TAG.findall(s.rule)
                    i18n.set_language(lang)
                    shoe.retell()
                if not shoe.answer(shoe.step.expected, 1).correct:  # type: ignore[union-attr]
                    return  # (a step its own answer does not pass: none of the incidents')
            if shoe.shoe_over:
                break


def test_an_incident_stored_by_an_older_sabot_reads_as_it_was_stored() -> None:
    """An insurance over the amount stored with its prompt in French words (before prompts were
    kept as their parts): read in Italian, it is what it was."""
    from trainer.history.words import describe_question

    old = {"deal": "Case 2 : le joueur assis mise 15 à l'assurance", "phase": "deal",
           "kind": "procedure", "round": 3, "boxes": 7, "hand": "2",
           "says": "assurance, 15"}  # fmt: skip
    i18n.set_language("it")
    assert "Case 2 : le joueur assis mise 15 à l'assurance" in describe_question(old)


def test_a_request_a_bettor_behind_refused_is_not_asked_again_for_the_rules() -> None:
    """A shoe where a bettor behind refuses a split [003] and the rules' own incident picks the
    same request: it is asked once, for the bettor's reason, and the shoe is dealt through."""
    rules = HouseRules.preset_named("casino-it")
    shoe = DealShoe(rules, boxes=rules.boxes, incidents="rare", seed=437)
    refused = []
    while not shoe.shoe_over:
        shoe.next_round()
        while not shoe.round_over:
            s = shoe.step
            assert s is not None
            if s.item.startswith("procedure:refuse-"):
                refused.append((shoe.figures.rounds, s.prompt, s.rule))
            assert shoe.answer(s.expected, 900).correct
    assert refused[0] == (
        2,
        "Box 1: \u201csplit\u201d \u2014 standing player a will not add money",
        "standing player a refuses, and every bettor on the box must agree [003]",
    )
    assert len({r[:2] for r in refused}) == len(refused)


# -- "non": no to what is asked, a stand at play --------------------------------------------------


@pytest.mark.parametrize(("lang", "no"), [("fr", "non"), ("it", "no"), ("fr", "no")])
def test_a_no_refuses_what_a_player_asks_or_puts_up(lang: str, no: str) -> None:
    """On a step where the dealer grants or refuses (an insurance over the amount, a double or
    split the rules refuse, a bettor behind who will not add money), "non" and "no" are the
    answer no: a refusal, not a stand."""
    i18n.set_language(lang)
    for preset, seed, wanted in (
        ("casino-fr", 2, _over),
        ("casino-fr", 6, _refused),
        # a bettor behind will not add money: the prompt names him after a dash [003]
        ("casino-it", 3, lambda s: s.item.startswith("procedure:refuse-") and "—" in s.prompt),
    ):  # fmt: skip
        shoe = DealShoe(HouseRules.preset_named(preset), boxes=7, seed=seed, incidents=FREQUENT)
        s = _until(shoe, wanted)
        assert s.expected == REFUSE
        v = shoe.answer(no, 500)
        assert v.correct, (s.item, v.reason)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_a_no_to_a_request_the_dealer_grants_is_a_refusal_and_wrong(lang: str) -> None:
    i18n.set_language(lang)
    no = vocabulary.said("no", lang)  # "non", "no"
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1)
    s = _until(shoe, lambda s: s.item in ("procedure:double", "procedure:split"))
    v = shoe.answer(no, 500)
    assert not v.correct and v.expected == s.expected
    assert shoe._read(s, no) == (REFUSE, None)  # read as no, not as a stand


@pytest.mark.parametrize("lang", ["fr"])
def test_at_play_a_non_is_still_a_stand(lang: str) -> None:
    """[000] "non": the French player's stand, read as the French trainee's word (an Italian
    trainee's words are Italian and English: RULES.md §13) — on the dealer's own decision, draw
    or stand."""
    i18n.set_language(lang)
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1)
    s = _until(shoe, lambda s: s.skill == "dealer" and s.expected == "stand")
    assert shoe._read(s, "non") == ("stand", None)
    assert shoe.answer("non", 500).correct


# -- the chips, the unreadable answers, the settings -----------------------------------------


def test_the_chip_payment_s_reason_is_said_in_french_and_in_italian() -> None:
    for lang, words in (("fr", "le moins de jetons"), ("it", "minor numero di fiche")):
        i18n.set_language(lang)
        shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=0)
        _until(shoe, lambda s, shoe=shoe: shoe.pays_in_chips(s) and s.amount == D(25))
        v = shoe.answer_chips([D(10), D(10), D(5)], 900)  # the right amount, too many chips
        assert not v.correct and words in v.reason and "fewest" not in v.reason
        assert v.reason.startswith("25 ") and "25" in v.reason.split("—")[1]


def test_a_place_that_cannot_be_read_names_the_dealer_in_the_trainee_s_words() -> None:
    for lang, said in (("fr", f"«{NB}d{NB}» ou «{NB}croupier{NB}»"), ("it", "«mazziere»")):
        i18n.set_language(lang)
        shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1)
        _until(shoe, lambda s: s.ask == PLACE)
        with pytest.raises(answers.Unreadable) as e:
            shoe.answer("banana", 1)
        assert said in str(e.value) and "expected" not in str(e.value)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_an_action_that_cannot_be_read_lists_the_action_words_of_the_trainee(lang: str) -> None:
    i18n.set_language(lang)
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1)
    s = _until(shoe, lambda s: s.ask == ACTION)
    with pytest.raises(answers.Unreadable) as e:
        shoe.answer("banana", 1)
    words = action_words(lang)
    assert ", ".join(words) in str(e.value) and "draw" not in str(e.value)
    assert vocabulary.said("insurance", lang) in words
    # every word it lists is read as its action
    for word, action in zip(words, ACTION_WORDS, strict=True):
        assert deal_words.words_read(lang).actions[word.casefold()] == action, word
    assert s.expected in ACTION_WORDS


def test_every_action_word_of_every_language_reads_as_one_action() -> None:
    seen: dict[str, str] = {}
    for action, meaning in deal_words._ACTION_MEANINGS.items():
        for word in vocabulary.words(meaning):
            key = word.casefold()
            assert seen.setdefault(key, action) == action, (word, action, seen[key])
    assert action_words("en") == list(ACTION_WORDS)


@pytest.mark.parametrize(
    ("lang", "kwargs", "said"),
    [
        ("fr", {"boxes": 8}, "cette table a de 1 à 7 cases, pas 8"),
        ("it", {"boxes": 8}, "questo tavolo ha da 1 a 7 riquadri, non 8"),
        ("fr", {"mode": "exam!"}, "practice ou exam"),
        ("it", {"incidents": "often"}, "off, rare o frequent"),
        ("fr", {"chip_payment": "any"}, "les jetons se paient"),
        ("it", {"language": "de"}, "i giocatori parlano en, fr o it"),
        ("fr", {"seed": 2**63}, "une graine est un nombre entier de 0 à"),
    ],
)
def test_a_bad_setting_is_one_sentence_in_the_trainee_s_language(lang, kwargs, said) -> None:
    i18n.set_language(lang)
    with pytest.raises(ValueError, match=said):
        DealShoe(HouseRules.preset_named("casino-fr"), **kwargs)


def test_a_step_not_paid_in_chips_says_so_in_french() -> None:
    i18n.set_language("fr")
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1)
    shoe.next_round()
    with pytest.raises(answers.Unreadable, match="ne se paie pas en jetons"):
        shoe.answer_chips([D(5)], 1)


def test_an_unknown_skill_and_an_unknown_chip_payment_are_said_in_the_language() -> None:
    from trainer.game.payout import payment
    from trainer.practice.skills import UnknownSkill, skill

    i18n.set_language("it")
    with pytest.raises(UnknownSkill) as e:
        skill("banana")
    assert str(e.value).startswith("abilità sconosciuta 'banana': attesa una di announce")
    i18n.set_language("fr")
    with pytest.raises(ValueError, match=f"façon de payer en jetons inconnue 'any'{NB}:"):
        payment("any", D(10), [], [D(5)])


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_every_item_of_a_dealt_shoe_has_a_name_in_the_trainee_s_words(lang: str) -> None:
    """The progress view and the home screen name an item, never show its key: a dealt shoe's
    steps ("refuse-double", "dealer-hard-16") and a home game's lines included."""
    from trainer.history.item_words import item_label, item_name

    i18n.set_language(lang)
    items = {"net-player", "net-bank", "balance-player", "balance-bank"}  # a home game's
    for preset in ("casino-fr", "casino-it", "hole-card"):
        shoe = DealShoe(HouseRules.preset_named(preset), boxes=7, seed=5, incidents=FREQUENT)
        while not shoe.shoe_over:
            items |= {s.item for s in shoe.next_round()}
            while not shoe.round_over:
                shoe.answer(shoe.step.expected, 1)
    unnamed = sorted(i for i in items if item_name(i) == item_label(i))
    assert not unnamed
    names = {item_name(i) for i in items}
    assert len(names) == len(items)  # no two items named alike
    said = item_name("deal:dealer-soft-17")
    assert said == (
        "le jeu du croupier à 17 souple" if lang == "fr" else "la mano del mazziere a 17 soft"
    )


def test_a_dealt_step_is_said_in_words_where_questions_are_listed(tmp_path) -> None:
    """The export and the sessions list say a dealt step as it was asked, with its round, not
    its stored keys ("deal … · phase deal · kind deal")."""
    from trainer.history.store import Store
    from trainer.history.words import describe_question

    i18n.set_language("fr")
    with Store.open(tmp_path / "h.sqlite3") as store:
        shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=4, store=store)
        shoe.next_round()
        first = shoe.step
        assert first is not None
        shoe.answer(first.expected, 500)
        (attempt,) = store.attempts("default")
    said = describe_question(attempt.question, attempt.skill)
    assert said == f"coup 1{NB}: {first.prompt}"
    asked = {"deal": "Annoncez la case 2", "kind": "announce", "round": 3, "says": "carte"}
    i18n.set_language("it")
    assert describe_question(asked, "announce") == (
        "colpo 3: Annoncez la case 2 — il giocatore dice «carte»"
    )


def test_a_home_game_s_line_is_said_in_words_where_questions_are_listed() -> None:
    from trainer.history.item_words import item_name
    from trainer.history.words import describe_question

    q = {"round": 2, "player": "Hugo", "field": "net", "bank": False, "box": 1,
         "dealer": ["4D", "9C", "6S"], "cards": [["JD", "8H"]], "stake": "6.5"}  # fmt: skip
    i18n.set_language("fr")
    assert describe_question(q, "home-score") == (
        f"coup 2{NB}: Hugo{NB}: gagné ou perdu à ce coup{NB}? (J 8, 6,50 misés, contre 4 9 6 à "
        "la banque)"
    )
    assert item_name("net-player") == "le gain ou la perte d'un joueur"
    bank = {"round": 1, "player": "Léa", "field": "balance", "bank": True, "dealer": ["AS", "KD"]}
    i18n.set_language("it")
    assert describe_question(bank, "home-score") == (
        "colpo 1: Léa (il banco): quante fiche ora? (il banco ha A K)"
    )
    assert item_name("balance-bank") == "le fiche del banco"


@pytest.mark.parametrize(("lang", "half"), [("en", "."), ("fr", ","), ("it", ",")])
def test_the_right_payment_is_said_with_the_language_s_decimal_mark(lang: str, half: str) -> None:
    # The verdict on a payment from the chip tray said the history's form, "0.5 = 2.5", in
    # French and Italian: the history keeps that form, the trainee reads "0,50 = 2,50".
    i18n.set_language(lang)
    rules = HouseRules.from_spec({"preset": "casino-fr", "chips": "0.5 1 2 5 10 25 100 500"})
    shoe = DealShoe(rules, boxes=7, seed=0)
    s = _until(shoe, lambda s: shoe.pays_in_chips(s) and s.amount % 1 and shoe.chips_due(s))
    due = shoe.chips_due(s)
    v = shoe.answer_chips([D("0.5")] * int(s.amount * 2), 900)  # the amount in too many chips
    assert not v.correct and "." in v.expected  # the stored form stays the history's
    assert v.expected == f"{' + '.join(money(c) for c in due)} = {s.expected}"
    listed = " + ".join(amount(c) for c in due)
    assert v.expected_words == f"{listed} = {amount(s.amount)}"
    assert f"{half}50" in v.expected_words and ("." not in v.expected_words or lang == "en")
    # a typed payment's right amount too
    shoe.answer(money(s.amount), 900)  # the step done, the next one
    t = _until(shoe, lambda t: t.amount is not None and t.amount % 1 and t.expected[0].isdigit())
    typed = shoe.answer(money(t.amount + 1), 900)
    assert typed.expected == money(t.amount) and typed.expected_words == amount(t.amount)
    assert half in typed.expected_words


@pytest.mark.parametrize(("lang", "other"), [("it", "fr"), ("fr", "it")])
def test_deal_mode_reads_the_trainee_s_language_and_english_and_no_other(
    lang: str, other: str
) -> None:
    # RULES.md §13: an answer is read in the trainee's language, or in English; another
    # language's table words are not the trainee's (an Italian trainee's "encaisse" is no word)
    i18n.set_language(lang)
    read = deal_words.words_read()
    for action, meaning in deal_words._ACTION_MEANINGS.items():
        own = {w.casefold() for w in vocabulary.words(meaning, [lang, "en"])}
        for word in vocabulary.words(meaning, [other]):
            if word.casefold() not in own:
                assert word.casefold() not in read.actions, (lang, word)
        for word in vocabulary.words(meaning, ["en"]):
            if word.casefold() != "no":  # "no" is a refusal in deal mode ("non" at play a stand)
                assert read.actions[word.casefold()] == action
    assert "pari" not in read.actions  # [003] even money, never a push
    shoe = DealShoe(HouseRules.preset_named("casino-fr"), boxes=7, seed=1)
    _until(shoe, lambda s: s.ask == ACTION)
    foreign = vocabulary.DEALER_SAID[other][deal_words._ACTION_MEANINGS[shoe.step.expected]]
    if foreign.casefold() not in read.actions:
        with pytest.raises(answers.Unreadable):
            shoe.answer(foreign, 1)
    assert shoe.answer(shoe.step.expected, 1).correct  # the English word


def test_an_italian_prompt_joins_its_preposition_to_the_box_s_article() -> None:
    """ "Prendi l'assicurazione di il riquadro 4" read as no Italian writes it: "del riquadro 4"
    (a preposition of the sentence and the article opening the value put after it)."""
    i18n.set_language("it")
    shoe = DealShoe(HouseRules.preset_named("casino-it"), boxes=7, seed=2, incidents=FREQUENT)
    s = _until(shoe, lambda s: s.item == "pay:insure")
    assert f"l'assicurazione del riquadro {s.hand}" in s.prompt or "che mette il" in s.prompt
    for step in (s, _until(shoe, lambda s: s.item.startswith("pay:insurance-"))):
        assert not re.search(r"\b(di|a|da|in|su) (il|lo|la|i|gli|le|l')\b", step.prompt), step
    # the stored prompt, said again from the history: the same joining
    from trainer.practice.prompts import say_prompt

    assert say_prompt(s.asked) == s.prompt


@pytest.mark.parametrize(
    "lang, text, value, joined",
    [
        (
            "it",
            "Prendi l'assicurazione di {who}",
            "il riquadro 4",
            "Prendi l'assicurazione del riquadro 4",
        ),
        ("it", "Passa a {who}", "lo scarto", "Passa allo scarto"),
        ("it", "Da {who} in poi", "la carta", "Dalla carta in poi"),
        ("it", "In {who}", "l'ordine", "Nell'ordine"),
        ("it", "su {who}", "i riquadri", "sui riquadri"),
        ("it", "di {who}", "gli altri", "degli altri"),
        ("it", "con {who}", "il mazziere", "con il mazziere"),  # not joined: optional in Italian
        ("it", "di {who}", "a", "di a"),  # a bettor's letter, not an article
        ("fr", "l'assurance de {who}", "la case 4", "l'assurance de la case 4"),
        ("fr", "la carte de {who}", "le croupier", "la carte du croupier"),
        ("fr", "offerte à {who}", "les cases", "offerte aux cases"),
        ("en", "the insurance of {who}", "the box", "the insurance of the box"),
    ],
)
def test_a_preposition_and_an_article_are_joined_as_the_language_writes_them(
    lang: str, text: str, value: str, joined: str
) -> None:
    assert i18n.format_joined(text, lang, who=value) == joined
