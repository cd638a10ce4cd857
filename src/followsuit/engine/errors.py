"""The engine's errors: an illegal action, a record that cannot be replayed, and an
observation no world fits.

This module stays Python when the engine is compiled (``setup.py``), so the errors
are ordinary exception classes on both builds: one may subclass, pickle or catch
them as any other.
"""

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


class NoConsistentWorld(RuntimeError):
    """No placing of the hidden cards fits the observation (should not happen for
    an observation the engine produced)."""
