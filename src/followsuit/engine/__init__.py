"""The pure game engine: no I/O, no clock, no global randomness."""

from .deal import Deal
from .errors import IllegalAction, InvalidRecord
from .state import State
from .types import HandLog, HandResult, Trick

__all__ = ["Deal", "HandLog", "HandResult", "IllegalAction", "InvalidRecord", "State", "Trick"]
