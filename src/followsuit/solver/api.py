"""The solver's public face: :func:`solve`, :func:`action_values`, :func:`evaluate`
and :func:`backend`.

The compiled kernel is imported on first use, not when :mod:`followsuit` is, so
that ``followsuit play`` never pays for it.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Literal

from ..engine import actions as A
from .position import Position, UnsupportedPosition, coalition, position_of, root_moves
from .search import SearchLimit, solve_moves

if TYPE_CHECKING:
    from ..engine.state import State

Backend = Literal["c", "python"]

_kernel: ModuleType | None = None
_kernel_tried = False

#: The layout of ``Position.as_tuple()`` the kernel reads; a kernel built for
#: another layout is not used.
KERNEL_FORMAT = 1


def _load_kernel() -> ModuleType | None:
    global _kernel, _kernel_tried
    if not _kernel_tried:
        _kernel_tried = True
        try:
            kernel: ModuleType | None = importlib.import_module("followsuit.solver._dd")
        except ImportError:
            kernel = None
        if kernel is not None and getattr(kernel, "FORMAT", None) != KERNEL_FORMAT:
            kernel = None
        _kernel = kernel
    return _kernel


def backend(name: Backend | None = None) -> Backend:
    """The search that runs: ``"c"`` when the compiled kernel is built and not
    refused (``name="python"`` or ``FOLLOWSUIT_SOLVER=python``), else ``"python"``.
    Asking for ``"c"`` without the kernel is an error, not a silent fallback."""
    wanted = name or os.environ.get("FOLLOWSUIT_SOLVER") or None
    if wanted not in (None, "c", "python"):
        raise ValueError(f"unknown solver backend {wanted!r} (c or python)")
    if wanted == "python":
        return "python"
    if _load_kernel() is not None:
        return "c"
    if wanted == "c":
        raise RuntimeError("the compiled solver kernel (followsuit.solver._dd) is not built")
    return "python"


def run(
    pos: Position, moves: list[int], which: Backend, max_nodes: int = 0
) -> tuple[list[int], int]:
    """Values of kernel ``moves`` at ``pos`` (none: the position's own value) with
    the nodes searched, on the given backend; :class:`SearchLimit` past
    ``max_nodes`` (0: no limit)."""
    if which == "c":
        kernel = _load_kernel()
        assert kernel is not None
        values, nodes = kernel.solve(pos.as_tuple(), tuple(moves), max_nodes)
        if values is None:
            raise SearchLimit(f"the solve needed more than {max_nodes} nodes")
        return list(values), int(nodes)
    return solve_moves(pos, moves, max_nodes)


@dataclass(frozen=True)
class SolveResult:
    """A solved position.

    ``values`` maps each rule-abiding action of the seat to move (the engine's
    action numbers, as :meth:`State.proper_actions` lists them; the same as
    ``legal_actions`` except under ``renege_mode = penalize``) to the exact value
    of the hand after it; ``value`` is the best of them and ``best`` the actions
    that reach it. ``seat`` is the seat whose side the values are for, ``side``
    the seats of that side (coalition), ``unit`` says what is counted.
    """

    value: int
    values: dict[int, int]
    best: tuple[int, ...]
    seat: int
    side: tuple[int, ...]
    unit: Literal["tricks", "points"]
    nodes: int
    backend: Backend


def solve(
    state: State, *, backend: Backend | None = None, max_nodes: int | None = None
) -> SolveResult:
    """Solve the rest of the hand in ``state`` (trick play, every card known) for
    the seat to move. Raises :class:`UnsupportedPosition` for a position the
    solver cannot value (not in trick play, or a Pitch scoring it has no exact
    rule for), and :class:`SearchLimit` when ``max_nodes`` is given and the solve
    needs more: it never guesses, so a caller with a time budget (a long hand)
    can fall back to a search of its own."""
    which = _backend(backend)
    seat = state.to_move
    if seat is None or state.phase_name != "play":
        raise UnsupportedPosition("the solver starts from trick play (the seat to move plays)")
    values, nodes = _values(state, seat, which, max_nodes or 0)
    best_value = max(values.values())
    mine, _units, _unit = coalition(state, seat)
    return SolveResult(
        value=best_value,
        values=values,
        best=tuple(a for a, v in values.items() if v == best_value),
        seat=seat,
        side=tuple(p for p in range(state.num_players) if mine >> p & 1),
        unit="points" if state.prog.family == "pitch" else "tricks",
        nodes=nodes,
        backend=which,
    )


def action_values(
    state: State, *, backend: Backend | None = None, max_nodes: int | None = None
) -> dict[int, float]:
    """The value of each rule-abiding action for the seat to move, in its side's
    terms (see :mod:`followsuit.solver`): what a determinized search averages."""
    result = solve(state, backend=backend, max_nodes=max_nodes)
    return {a: float(v) for a, v in result.values.items()}


def evaluate(
    state: State,
    seat: int | None = None,
    *,
    backend: Backend | None = None,
    max_nodes: int | None = None,
) -> int:
    """The exact value of the position (best play by everyone from here) for the
    side of ``seat`` (default: the seat to move)."""
    which = _backend(backend)
    if seat is None:
        seat = state.to_move
    if seat is None:
        raise UnsupportedPosition("nobody is to move")
    limit = max_nodes or 0
    if state.trump < 0 and state.phase_name == "play":
        values, _nodes = _values(state, seat, which, limit)
        mover = state.to_move
        assert mover is not None
        mine, _units, _unit = coalition(state, seat)
        pick = max if mine >> mover & 1 else min
        return pick(values.values())
    (value,), _nodes = run(position_of(state, seat), [], which, limit)
    return value


def _backend(name: Backend | None) -> Backend:
    return backend(name)


def _values(state: State, seat: int, which: Backend, max_nodes: int) -> tuple[dict[int, int], int]:
    """Each proper action's value for ``seat``'s side. Before trump is pitched the
    first lead changes the tables: the leads of one suit are solved together on a
    copy of the state given that suit as trump (they share the transposition
    table), and a joker lead or the naming of its suit is applied on a copy and
    the rest solved from there."""
    if state.trump < 0:
        values: dict[int, int] = {}
        nodes = 0
        by_suit: dict[int, list[int]] = {}
        suit_of = state.prog.cards.suit
        for action in state.proper_actions():
            if A.is_play(action) and suit_of[action] >= 0:
                by_suit.setdefault(suit_of[action], []).append(action)
                continue
            child = state.clone()
            child.apply(action)
            if child.trump < 0:
                sub, n = _values(child, seat, which, max_nodes)
                mover = child.to_move
                assert mover is not None
                mine, _units, _unit = coalition(child, seat)
                values[action] = (max if mine >> mover & 1 else min)(sub.values())
            else:
                (values[action],), n = run(position_of(child, seat), [], which, max_nodes)
            nodes += n
        for suit, leads in by_suit.items():
            given = state.clone()
            given.set_trump(suit)  # what leading a card of this suit does first
            found, n = run(position_of(given, seat), leads, which, max_nodes)
            values.update(zip(leads, found, strict=True))
            nodes += n
        return {a: values[a] for a in state.proper_actions()}, nodes
    pos = position_of(state, seat)
    pairs = root_moves(state)
    # equivalent actions (identical twins are offered once by the engine) share a value
    codes = list(dict.fromkeys(code for _a, code in pairs))
    found, nodes = run(pos, codes, which, max_nodes)
    by_code = dict(zip(codes, found, strict=True))
    return {a: by_code[code] for a, code in pairs}, nodes


__all__ = ["SearchLimit", "SolveResult", "action_values", "backend", "evaluate", "solve"]
