"""`sabot home`: a home game [004] in the terminal — the engine deals each round, the trainee keeps
the score (every player's win or loss and chips), each entry judged and stored at once."""

from __future__ import annotations

import sys
import time
from decimal import Decimal, InvalidOperation
from typing import Any

from trainer.commands.common import (
    EXIT_USAGE,
    add_profile_arguments,
    history_trouble,
    input_lines,
    left,
    not_started,
    read_answer,
    right,
    sentence,
    write_json,
)
from trainer.game.cards import card_text
from trainer.game.home import (
    BANK_RULES,
    DEFAULT_NAMES,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PASSES,
    HomeGame,
    HomeGameError,
    HomeRound,
    HomeSetup,
    result_words,
)
from trainer.game.payout import money
from trainer.history.words import money as said_amount
from trainer.history.words import words_and
from trainer.i18n import _, ngettext, pgettext
from trainer.practice.home_score import ScoreSheet, signed

END_WORDS = frozenset({"end", "stop", "q", "quit", "fin", "fine", "basta"})
MAX_SEED = 2**63 - 1


def _players(args: Any) -> tuple[str, ...]:
    if args.names:
        return tuple(n.strip() for n in args.names.split(","))
    return DEFAULT_NAMES[: args.players]


def _amount(value: Decimal) -> str:
    """An amount as the sheet writes it: "37.5" in English, "37,50" in French and Italian."""
    return said_amount(money(value))


def _dealer_result(result: str | None) -> str:
    if result == "bust":
        return pgettext("the bank's hand", "bust")
    if result == "unfinished":
        return pgettext("the bank's hand", "unfinished")
    return result_words(result)


def _round_lines(played: HomeRound) -> list[str]:
    r = played.round
    out = [
        _("Round {number} — {bank} holds the bank.").format(number=played.number, bank=played.bank)
    ]
    for box in sorted(played.seats):
        name = played.seats[box]
        for h in r.boxes[box].hands:
            stake = _amount(next(iter(h.stakes.values())))
            out.append(
                "  "
                + _("{name} stakes {stake}: {cards} {result}").format(
                    # padded by the columns a terminal shows: "Zoé" typed with its accent apart
                    name=left(name, 10),
                    stake=right(stake, 5),
                    cards=left(card_text(h.cards), 16),
                    result=result_words(h.result),
                )
            )
    sitting = [n for n in played.lines if n.stake is None and not n.bank]
    for line in sitting:
        out.append(
            "  "
            + _("{name} sits this round out (the bank cannot cover more)").format(
                name=left(line.player, 10)
            )
        )
    out.append(
        "  "
        + _("the bank ({bank}): {cards} — {result}").format(
            bank=played.bank, cards=card_text(r.dealer), result=_dealer_result(r.dealer_result)
        )
    )
    return out


def cmd_home(args: Any) -> int:
    out = sys.stdout
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        why = _("a seed is a whole number from 0 to {max}").format(max=MAX_SEED)
        print(f"sabot home: {why}", file=sys.stderr)
        return EXIT_USAGE
    try:
        chips = Decimal(args.chips)
        setup = HomeSetup(_players(args), chips=chips, bank=args.bank)
    except (HomeGameError, InvalidOperation) as e:
        message = str(e) if isinstance(e, HomeGameError) else _("the chips must be a whole number")
        print(f"sabot home: {message}", file=sys.stderr)
        return EXIT_USAGE
    seed = args.seed if args.seed is not None else time.monotonic_ns() % MAX_SEED
    store = None
    profile = "default"
    if not args.no_history:
        from trainer.commands.common import open_profile

        opened = open_profile(args, "home")
        if isinstance(opened, int):
            return opened
        store, profile = opened
    from trainer.history.store import StoreError

    try:
        sheet = ScoreSheet(
            HomeGame(setup, seed=seed),
            store=store,
            profile=profile,
            # piped entries come faster than anyone writes: stored, but never timed
            interactive=sys.stdin.isatty(),
        )
    except StoreError as e:
        return not_started("home", store, e)
    as_json = args.json

    if not as_json:
        out.write(
            _(
                "Sabot home game — {players}, {chips} chips each, the bank {bank}; seed {seed}."
            ).format(
                players=", ".join(setup.players),
                chips=_amount(chips),
                bank=pgettext("the bank", "passes")
                if setup.bank == PASSES
                else pgettext("the bank", "stays"),
                seed=seed,
            )
            + "\n"
            + _(
                "Keep the score: type each win or loss (+10, -10, 0) and each player's chips; "
                "'end' or Ctrl-D ends the game."
            )
            + "\n"
        )
    lines = input_lines(sys.stdin)
    stopped = False
    told: str | None = None  # the history's trouble last told on stderr
    try:
        while not sheet.over and not stopped:
            played = sheet.next_round()
            if as_json:
                write_json(_round_json(played))
            else:
                out.write("\n" + "\n".join(_round_lines(played)) + "\n")
            while sheet.pending and not stopped:
                entry = sheet.pending[0]
                if as_json:
                    write_json(
                        {
                            "type": "ask",
                            "round": entry.round,
                            "player": entry.player,
                            "field": entry.field,
                        }
                    )
                else:
                    out.write(f"{entry.prompt()} ")
                    out.flush()
                v = read_answer(
                    lines,
                    sheet.answer,
                    emit=write_json if as_json else None,
                    out=out,
                    stop_words=END_WORDS,
                )
                if v is None:
                    stopped = True
                    break
                told = history_trouble(store, told, "home")  # at once, as the drill does
                if as_json:
                    write_json(
                        {
                            "type": "verdict",
                            "round": entry.round,
                            "player": entry.player,
                            "field": entry.field,
                            "correct": v.correct,
                            "given": v.given,
                            "expected": v.expected,
                            "reason": v.reason,
                        }
                    )
                elif v.correct:
                    out.write("    " + _("✓ right") + "\n")
                else:
                    out.write(
                        "    "
                        + _("✗ wrong: {expected}. {reason}").format(
                            expected=v.expected, reason=sentence(v.reason)
                        )
                        + "\n"
                    )
    finally:
        sheet.end()
        # a last try to save what the history could not take; what it still could not, said
        lost = store.close() if store is not None else None
    if lost:
        print(f"sabot home: {lost}", file=sys.stderr)
    winners = sheet.game.winners()
    balances = {n: money(v) for n, v in sheet.game.balances.items()}
    if as_json:
        write_json(
            {
                "type": "end",
                "rounds": len(sheet.game.rounds),
                "winners": winners,
                "balances": balances,
                "right": sheet.right,
                "wrong": sheet.wrong,
            }
        )
    else:
        why = (
            _("a player has no chips left")
            if any(v < 1 for v in sheet.game.balances.values())
            else _("the table decided to stop")
        )
        rounds = len(sheet.game.rounds)
        standing = ", ".join(f"{n} {_amount(v)}" for n, v in sheet.game.balances.items())
        won = ngettext(
            "{names} wins with the most chips.",
            "{names} share the win with the most chips.",
            len(winners),
        ).format(names=words_and(winners))
        out.write(
            "\n"
            + ngettext(
                "The game ends after {rounds} round ({why}).",
                "The game ends after {rounds} rounds ({why}).",
                rounds,
            ).format(rounds=rounds, why=why)
            + f" {standing}.\n{won} "
            + _("Your score sheet: {right}, {wrong}.").format(
                right=ngettext("{count} right", "{count} right", sheet.right).format(
                    count=sheet.right
                ),
                wrong=ngettext("{count} wrong", "{count} wrong", sheet.wrong).format(
                    count=sheet.wrong
                ),
            )
            + "\n"
        )
    return 1 if lost else 0


def _round_json(played: HomeRound) -> dict[str, Any]:
    r = played.round
    boxes = []
    for box in sorted(played.seats):
        for h in r.boxes[box].hands:
            boxes.append(
                {
                    "box": box,
                    "player": played.seats[box],
                    "stake": money(next(iter(h.stakes.values()))),
                    "cards": list(h.cards),
                    "result": h.result,
                }
            )
    return {
        "type": "round",
        "round": played.number,
        "bank": played.bank,
        "boxes": boxes,
        "dealer": list(r.dealer),
        "dealer_result": r.dealer_result,
        "expected": {
            line.player: {"net": signed(line.net), "balance": money(line.balance)}
            for line in played.lines
        },
    }


def add_commands(sub: Any) -> None:
    h = sub.add_parser(
        "home",
        help=_("a home game: the bank passes or stays, you keep every player's score"),
        description=_(
            "A family game [004]: 2 to 7 players with the same chips, one of them the bank. "
            "The engine deals each round; you write every player's win or loss and chips, "
            "each checked and stored. The game ends when a player has no chips left, or on "
            "'end'."
        ),
    )
    h.add_argument(
        "--players",
        type=int,
        default=4,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        metavar="N",
        help=_("how many players, the bank included ({low}-{high}; default 4)").format(
            low=MIN_PLAYERS, high=MAX_PLAYERS
        ),
    )
    h.add_argument("--names", help=_("the players' names, comma separated (instead of --players)"))
    h.add_argument("--chips", default="100", help=_("each player's starting chips (default 100)"))
    h.add_argument(
        "--bank",
        choices=BANK_RULES,
        default=PASSES,
        help=_("the bank passes to the next player each round, or stays (default passes)"),
    )
    h.add_argument("--seed", type=int, help=_("deal the same game again"))
    add_profile_arguments(h, _("whose history the score sheet goes to"))
    h.add_argument("--no-history", action="store_true", help=_("do not store the entries"))
    h.add_argument(
        "--json", action="store_true", help=_("one JSON line per round, entry and verdict")
    )
    h.set_defaults(func=cmd_home)
