"""The history: every answer stored the moment it is given, and the statistics read from it."""
