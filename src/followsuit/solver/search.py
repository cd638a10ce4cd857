"""The reference double-dummy search, in pure Python.

Alpha-beta over card plays, fail-soft, with:

* a transposition table at the start of each trick, keyed by the cards still live,
  the leader and the accumulators the score still depends on, holding a lower and
  an upper bound and the best lead found;
* equivalent-card pruning: of a seat's cards that sit next to each other in one
  effective suit with no live card of anyone else between them (and that are worth
  the same to their captor), only one is searched;
* move ordering: the transposition table's lead first; when following, the
  cheapest card that wins the trick, or the cheapest card when a partner is
  winning or nothing wins.

The C kernel (``_dd.c``) is this algorithm line for line; this module is the one to
read, and the tests hold the two to the same values.
"""

from __future__ import annotations

from .position import (
    ALL_TRICKS,
    BLIND_PITCH,
    FIVE,
    GRAND_SLAM,
    MOON_POINTS,
    MUST_FOLLOW,
    PILE,
    PLAIN,
    RAW,
    TRUMP_ONLY,
    Position,
)

INF = 1 << 20


class SearchLimit(RuntimeError):
    """The search met its node budget before it was done (long hands: double-deck
    Bid Euchre, Worcester's thirteen cards, eight-handed Pitch)."""


#: What a play changes in the trick: (led, winning position, winning key).
Saved = tuple[int, int, int]
#: What a completed trick changes: the trick, its order, leader, first-trick flag
#: and the accumulators, as they were.
Done = tuple[tuple[int, ...], tuple[int, ...], int, bool, tuple[int, ...], int, bool, int]
Undo = tuple[Saved, Done | None]


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Search:
    """One position's search state (mutated and restored as it goes)."""

    def __init__(self, pos: Position, max_nodes: int = 0):
        self.p = pos
        self.max_nodes = max_nodes
        n = pos.n
        self.n = n
        self.hands = list(pos.hands)
        self.piles = pos.piles
        self.pile_at = [0] * n
        self.out = pos.out
        self.live = 0
        for h in pos.hands:
            self.live |= h
        for pile in pos.piles:
            for c in pile:
                self.live |= 1 << c
        self.trick = list(pos.trick)
        self.on_table = 0
        for c in pos.trick:
            self.on_table |= 1 << c
        self.first = pos.first
        self.acc_game = list(pos.acc_game)
        self.acc_maker = pos.acc_maker
        self.acc_all = pos.acc_all
        self.acc_watched = pos.acc_watched
        self.nodes = 0
        self.tt: dict[object, tuple[int, int, int]] = {}
        self.rotation = tuple(
            tuple(p for p in ((lead + k) % n for k in range(n))) for lead in range(n)
        )
        self.rotation_in = tuple(
            tuple(p for p in self.rotation[lead] if not pos.out >> p & 1) for lead in range(n)
        )
        ncards = pos.cards
        self.self_key = tuple(
            pos.keys[pos.eff[c]][c] if pos.eff[c] >= 0 else -1 for c in range(ncards)
        )
        # each effective suit's cards, strongest first
        self.by_power = tuple(
            tuple(
                sorted(
                    (c for c in range(ncards) if pos.eff[c] == s),
                    key=lambda c: (-self.self_key[c], c),
                )
            )
            for s in range(4)
        )
        self.worth = tuple((pos.card_value[c], pos.game_count[c]) for c in range(ncards))
        # the cards whose captor still changes the score; once none is left the
        # rest of the hand is worth nothing more, unless a contract counts tricks
        self.valuable = 0
        for c in range(ncards):
            if pos.card_value[c] or pos.game_count[c] or c in pos.watched:
                self.valuable |= 1 << c
        self.tricks_count = pos.contract in (ALL_TRICKS, FIVE, GRAND_SLAM)
        # the trick in progress
        self.order: tuple[int, ...] = pos.order
        self.leader = pos.leader
        self.led = -1
        self.win_pos = 0
        self.win_key = -1
        for i, c in enumerate(pos.trick):
            if i == 0:
                self.led = pos.eff[c]
                self.win_key = pos.keys[self.led][c]
            elif pos.keys[self.led][c] > self.win_key:
                self.win_key = pos.keys[self.led][c]
                self.win_pos = i

    # ------------------------------------------------------------ the rules

    def can_play(self, seat: int) -> bool:
        p = self.p
        if self.out >> seat & 1:
            return False
        if p.follow == TRUMP_ONLY:
            return bool(self.hands[seat] & p.trump_mask)
        if p.follow == BLIND_PITCH:
            return bool(self.hands[seat]) or self.pile_at[seat] < len(self.piles[seat])
        return bool(self.hands[seat])

    def start_order(self, leader: int) -> tuple[int, ...]:
        """The seats of the trick ``leader`` starts (empty: the hand is over)."""
        if self.p.follow == MUST_FOLLOW:
            order = self.rotation_in[leader]
            return order if self.hands[order[0]] else ()
        return tuple(s for s in self.rotation[leader] if self.can_play(s))

    def legal(self, seat: int) -> tuple[int, bool]:
        """The hand cards ``seat`` may play (mask) and whether its pile's top card
        may be played too."""
        p = self.p
        h = self.hands[seat]
        leading = not self.trick
        if p.called >= 0 and self.first and h >> p.called & 1:
            return 1 << p.called, False
        if p.follow == MUST_FOLLOW:
            if not leading:
                same = h & p.suit_mask[self.led]
                if same:
                    h = same
            return h, False
        if p.follow == TRUMP_ONLY:
            return h & p.trump_mask, False
        pile = p.follow == BLIND_PITCH and self.pile_at[seat] < len(self.piles[seat])
        if leading:
            return h, pile
        trumps = h & p.trump_mask
        if self.led == p.trump:
            cards = (trumps or h) if p.trump_lead_must_follow else h
        else:
            same = h & p.suit_mask[self.led]
            cards = (same | trumps) if same else h
        if pile and self.first and not (p.pile_first_if_void and not trumps):
            pile = False
        return cards, pile

    def moves(self, seat: int, legal: int, pile: bool) -> list[int]:
        """One card of each run of equivalent cards, in search order; a pile card
        is card + PILE."""
        p = self.p
        live = self.live | self.on_table
        reps: list[int] = []
        self_key = self.self_key
        worth = self.worth
        suits = 0
        for c in _bits(legal):
            suits |= 1 << p.eff[c]
        for s in range(4):
            if not suits >> s & 1:
                continue
            run_worth: tuple[int, int] | None = None
            cards = self.by_power[s]
            i = 0
            while i < len(cards):
                level = self_key[cards[i]]
                j = i
                mine = True
                members: list[int] = []
                while j < len(cards) and self_key[cards[j]] == level:
                    c = cards[j]
                    if live >> c & 1:
                        if legal >> c & 1:
                            members.append(c)
                        else:
                            mine = False
                    j += 1
                i = j
                if not members and mine:
                    continue  # nothing live at this level
                if not mine:
                    reps.extend(members)  # tied with a card of another seat: alone
                    run_worth = None
                    continue
                for c in members:
                    if run_worth is not None and worth[c] == run_worth:
                        continue
                    reps.append(c)
                    run_worth = worth[c]
        if self.trick:
            row = p.keys[self.led]
            winner_seat = self.order[self.win_pos]
            if p.mine >> winner_seat & 1 == p.mine >> seat & 1:
                reps.sort(key=lambda c: (row[c], c))
            else:
                wk = self.win_key
                reps.sort(key=lambda c: (row[c] <= wk, row[c], c))
        else:
            reps.sort(key=lambda c: (-self_key[c], c))
        if pile:
            reps.append(self.piles[seat][self.pile_at[seat]] + PILE)
        return reps

    # ------------------------------------------------------------ the score

    def terminal(self) -> int:
        """What the end of the hand adds: Game, and the maker's contract."""
        p = self.p
        if not p.points_mode:
            return 0
        g = -1
        if p.game_value:
            counts = self.acc_game
            best = max(counts)
            top = [u for u, v in enumerate(counts) if v == best]
            if len(top) == 1:
                g = top[0]
            elif p.game_tie_unit >= 0 and p.game_tie_unit in top:
                g = p.game_tie_unit
        value = 0
        if g >= 0 and g != p.maker_unit:
            value += p.unit_sign[g] * p.game_value
        if p.contract == RAW:
            return value
        points = self.acc_maker + (p.game_value if g == p.maker_unit else 0)
        if p.contract == PLAIN:
            result = points if points >= p.bid else -p.bid
        elif p.contract == ALL_TRICKS:
            result = p.contract_value if self.acc_all and p.static_ok else -p.contract_value
        elif p.contract == FIVE:
            full = (1 << len(p.watched)) - 1
            ok = self.acc_all and self.acc_watched == full
            result = p.contract_value if ok else -p.contract_value
        elif p.contract == MOON_POINTS:
            result = p.contract_value if points >= p.bid else -p.contract_value
        else:
            assert p.contract == GRAND_SLAM
            full = (1 << len(p.watched)) - 1
            ok = self.acc_all and p.static_ok and self.acc_watched == full and g == p.maker_unit
            result = p.contract_value if ok else -p.contract_value
        return value + p.unit_sign[p.maker_unit] * result

    # ------------------------------------------------------------ the search

    def key(self) -> object:
        p = self.p
        if not p.points_mode:
            return self.live << 4 | self.leader
        return (
            self.live << 4 | self.leader,
            tuple(self.acc_game),
            self.acc_maker,
            self.acc_all,
            self.acc_watched,
        )

    def play(self, seat: int, move: int) -> tuple[int, Undo]:
        """Play ``move`` for ``seat``; returns the value the trick added (if it
        ended) and what :meth:`unplay` needs."""
        p = self.p
        if move >= PILE:
            card = move - PILE
            self.pile_at[seat] += 1
        else:
            card = move
            self.hands[seat] ^= 1 << card
        self.live ^= 1 << card
        trick = self.trick
        saved: Saved = (self.led, self.win_pos, self.win_key)
        if trick:
            k = p.keys[self.led][card]
            if k > self.win_key:
                self.win_key = k
                self.win_pos = len(trick)
        else:
            self.led = p.eff[card]
            self.win_key = p.keys[self.led][card]
            self.win_pos = 0
        trick.append(card)
        self.on_table |= 1 << card
        if len(trick) < len(self.order):
            return 0, (saved, None)
        # the trick is complete
        winner = self.order[self.win_pos]
        done: Done = (
            tuple(trick),
            self.order,
            self.leader,
            self.first,
            tuple(self.acc_game),
            self.acc_maker,
            self.acc_all,
            self.acc_watched,
        )
        gain = 0
        if p.points_mode:
            u = p.unit_of[winner]
            points = 0
            count = 0
            for c in trick:
                points += p.card_value[c]
                count += p.game_count[c]
                if c in p.watched and u == p.maker_unit:
                    self.acc_watched |= 1 << p.watched.index(c)
            self.acc_game[u] += count
            if p.contract != RAW and u == p.maker_unit:
                self.acc_maker += points
            else:
                gain = p.unit_sign[u] * points
                if p.contract != RAW:
                    self.acc_all = False
        elif p.mine >> winner & 1:
            gain = p.trick_value
        self.trick = []
        self.on_table = 0
        self.first = False
        self.leader = winner
        self.order = ()
        return gain, (saved, done)

    def unplay(self, seat: int, move: int, undo: Undo) -> None:
        saved, done = undo
        if done is not None:
            (trick, order, leader, first, game, maker, all_, watched) = done
            self.trick = list(trick)
            self.order = order
            self.leader = leader
            self.first = first
            self.acc_game = list(game)
            self.acc_maker = maker
            self.acc_all = all_
            self.acc_watched = watched
            self.on_table = 0
            for c in trick:
                self.on_table |= 1 << c
        card = self.trick.pop()
        self.on_table ^= 1 << card
        self.led, self.win_pos, self.win_key = saved
        self.live ^= 1 << card
        if move >= PILE:
            self.pile_at[seat] -= 1
        else:
            self.hands[seat] ^= 1 << card

    def value(self, alpha: int, beta: int) -> int:
        """The rest of the hand's value from here (fail-soft in ``alpha, beta``)."""
        self.nodes += 1
        if self.max_nodes and self.nodes > self.max_nodes:
            raise SearchLimit(f"the solve needed more than {self.max_nodes} nodes")
        p = self.p
        key: object = None
        best_first = -1
        if not self.trick:
            order = self.start_order(self.leader)
            if not order:
                return self.terminal()
            if (
                p.points_mode
                and not self.live & self.valuable
                and not (self.tricks_count and self.acc_all)
            ):
                return self.terminal()
            if not p.points_mode:  # tricks: between none and all of those left
                left = self.hands[order[0]].bit_count() * p.trick_value
                if left <= alpha:
                    return left
                if beta <= 0:
                    return 0
            self.order = order
            key = self.key()
            entry = self.tt.get(key)
            if entry is not None:
                lo, hi, best_first = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                alpha = max(alpha, lo)
                beta = min(beta, hi)
        seat = self.order[len(self.trick)]
        legal, pile = self.legal(seat)
        moves = self.moves(seat, legal, pile)
        if best_first >= 0 and best_first in moves:
            moves.remove(best_first)
            moves.insert(0, best_first)
        maximizing = bool(p.mine >> seat & 1)
        a, b = alpha, beta
        best = -INF if maximizing else INF
        best_move = moves[0]
        for move in moves:
            gain, undo = self.play(seat, move)
            v = gain + self.value(a - gain, b - gain)
            self.unplay(seat, move, undo)
            if maximizing:
                if v > best:
                    best, best_move = v, move
                    if v > a:
                        a = v
            elif v < best:
                best, best_move = v, move
                if v < b:
                    b = v
            if a >= b:
                break
        if key is not None:
            entry = self.tt.get(key)
            lo, hi = (-INF, INF) if entry is None else (entry[0], entry[1])
            if best <= alpha:
                hi = min(hi, best)
            elif best >= beta:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.tt[key] = (lo, hi, best_move)
            self.order = ()
        return best

    def root(self, moves: list[int]) -> list[int]:
        """The exact value of the hand after each of the mover's ``moves`` (none
        given: the value of the position itself, as one number)."""
        if not moves:
            return [self.p.base + self.exact(0)]
        if not self.trick:
            self.order = self.start_order(self.leader)
        seat = self.order[len(self.trick)]
        out = []
        guess = 0
        for move in moves:
            gain, undo = self.play(seat, move)
            rest = self.exact(guess)
            guess = rest
            out.append(self.p.base + gain + rest)
            self.unplay(seat, move, undo)
        return out

    def exact(self, guess: int) -> int:
        """The exact value from here by MTD(f): null-window searches from ``guess``
        closing in on it, each one cheap with the table's bounds from the last
        (the value is the same as a full-window search's, found with fewer
        nodes)."""
        lo, hi = -INF, INF
        g = guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = self.value(beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g


def solve_moves(pos: Position, moves: list[int], max_nodes: int = 0) -> tuple[list[int], int]:
    """Values of ``moves`` (kernel move codes) at ``pos``, and the nodes searched;
    no moves: the position's own value. ``max_nodes`` (0: none) bounds the work:
    past it :class:`SearchLimit` is raised."""
    search = Search(pos, max_nodes)
    values = search.root(moves)
    return values, search.nodes
