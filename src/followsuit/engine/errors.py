"""The engine's two errors: an illegal action, and a record that cannot be replayed."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``reason`` says why.

    The state that raised it is unchanged.
    """

    def __init__(self, reason: str, *, seat: int | None = None, action: str | None = None):
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


class InvalidRecord(ValueError):
    """A game record that is malformed or cannot be replayed.

    ``where`` names the offending place (``hand 1, action 7`` or a field path).
    """

    def __init__(self, where: str, reason: str):
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason
