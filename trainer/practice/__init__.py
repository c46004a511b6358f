"""Practice: the skills a trainee drills, the drills that ask them, and how answers are read."""
