"""The felt: the table scene, cards, chips, the chip tray, the players' hand signals."""
