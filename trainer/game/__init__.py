"""The game as dealt at the table: cards, house rules, shoe, round, payouts, announcements."""
