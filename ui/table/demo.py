"""A window showing a representative table, for screenshots and for looking at the felt by eye.

    python -m ui.table.demo               # casino-fr: no hole card
    python -m ui.table.demo --hole-card   # the dealer's second card face down
    python -m ui.table.demo --boxes 3     # the online table
    python -m ui.table.demo --tray        # with the chip tray under the table
    python -m ui.table.demo --bench       # print how long a full redraw takes, then quit

The snapshot is written by hand here: it shows every kind of thing the table can hold (behind
bets, insurance, a split box with a doubled hand, a doubled hand, picture cards, an exposed card,
the active hand) at once.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from decimal import Decimal as D

from PySide6.QtWidgets import QApplication, QMainWindow, QVBoxLayout, QWidget

from trainer.game.payout import chip_breakdown
from trainer.game.table import BoxView, HandView, TableView
from ui.table.chip_tray import ChipTray
from ui.table.scene import TableScene
from ui.table.widget import TableWidget

CHIPS = tuple(D(c) for c in (1, 2, 5, 10, 25, 100, 500))
LEGEND = "BLACK JACK PAYS 3 TO 2   ·   INSURANCE PAYS 2 TO 1"


def sample_view(*, hole_card: bool = False, boxes: int = 7) -> TableView:
    seat = "seat"
    full = {
        1: BoxView(
            1,
            ((seat, D(25)), ("Anna", D(10))),
            (HandView("1", ("AS", "KH"), ((seat, D(25)), ("Anna", D(10))), result="blackjack"),),
        ),
        3: BoxView(
            3,
            ((seat, D(10)),),
            (HandView("3", ("2C", "7D", "4H", "2S", "3C"), ((seat, D(10)),)),),
            insurance=D(5),
        ),
        4: BoxView(
            4,
            ((seat, D(20)), ("Marco", D("12.5"))),
            (
                HandView("4.1", ("8H", "3S", "TD"), ((seat, D(20)), ("Marco", D("12.5")))),
                HandView("4.2", ("8D", "3C", "QC"), ((seat, D(40)), ("Marco", D(25))), True),
                HandView("4.3", ("8S",), ((seat, D(20)), ("Marco", D("12.5")))),
            ),
        ),
        5: BoxView(
            5,
            ((seat, D(50)),),
            (HandView("5", ("6D", "5C", "9H"), ((seat, D(100)),), doubled=True),),
            insurance=D(25),
        ),
        7: BoxView(
            7,
            ((seat, D(100)), ("Léa", D(25)), ("Bartholomew", D(5))),
            (HandView("7", ("TC", "6H"), ((seat, D(100)), ("Léa", D(25)), ("Bartholomew", D(5)))),),
        ),
    }
    if boxes < 7:
        full = {
            1: full[1],
            2: BoxView(2, ((seat, D(15)),), (HandView("2", ("QC", "5H", "2D"), ((seat, D(15)),)),)),
            3: BoxView(
                3, ((seat, D(40)),), (HandView("3", ("7S", "7H"), ((seat, D(40)),)),), D(20)
            ),
        }
    dealer = ("AH", "7C") if hole_card else ("AH",)
    return TableView(
        boxes=tuple(full.get(n, BoxView(n)) for n in range(1, boxes + 1)),
        dealer_cards=dealer,
        hole_card=hole_card,
        exposed_card="5S",
        active="4.2" if boxes == 7 else "2",
        highlights=("7",) if boxes == 7 else (),
    )


def bench(scene: TableScene, view: TableView, runs: int = 200) -> None:
    scene.show(view)  # the first call also lays out the felt
    times = []
    for _ in range(runs):
        t0 = time.perf_counter_ns()
        scene.show(view)
        times.append((time.perf_counter_ns() - t0) / 1e6)
    times.sort()
    print(
        f"TableScene.show, {runs} runs: median {statistics.median(times):.2f} ms, "
        f"p95 {times[int(runs * 0.95)]:.2f} ms, max {times[-1]:.2f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m ui.table.demo", description=__doc__.splitlines()[0]
    )
    ap.add_argument("--hole-card", action="store_true", help="the dealer's second card face down")
    ap.add_argument("--boxes", type=int, default=7, choices=range(1, 8), metavar="N")
    ap.add_argument("--tray", action="store_true", help="show the chip tray under the table")
    ap.add_argument("--bench", action="store_true", help="time the redraw and quit")
    args = ap.parse_args(argv)

    if args.bench:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # timing needs no screen
    app = QApplication(sys.argv[:1])
    scene = TableScene(breakdown=lambda amount: chip_breakdown(amount, CHIPS), legend=LEGEND)
    view = sample_view(hole_card=args.hole_card, boxes=args.boxes)
    if args.bench:
        bench(scene, view)
        return 0
    table = TableWidget(scene)
    scene.show(view)
    scene.boxClicked.connect(lambda n: print(f"box {n} clicked"))
    scene.dealerClicked.connect(lambda: print("dealer clicked"))

    window = QMainWindow()
    window.setWindowTitle("Sabot — table")
    central = QWidget()
    layout = QVBoxLayout(central)
    layout.setContentsMargins(0, 0, 0, 0)
    layout.setSpacing(0)
    layout.addWidget(table, 1)
    if args.tray:
        tray = ChipTray(CHIPS, "€")
        tray.submitted.connect(lambda: print("pay", [str(c) for c in tray.chips()]))
        layout.addWidget(tray)
        tray.setFocus()
    window.setCentralWidget(central)
    window.setGeometry(app.primaryScreen().availableGeometry())
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
