"""A window's size on the screen it opens on: the size it asks for, or less on a smaller screen
(a 1024×600 laptop), so that no window opens wider or taller than the screen."""

from __future__ import annotations


def fitted(width: int, height: int, screen) -> tuple[int, int]:
    """`width` × `height`, or less on a screen smaller than that (1024×600): never taller or
    wider than the room the screen leaves, less its window frame."""
    if screen is None:
        return width, height
    room = screen.availableGeometry()
    return min(width, room.width() - 40), min(height, room.height() - 60)
