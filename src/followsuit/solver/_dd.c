/* The double-dummy search's inner loop, compiled.
 *
 * This is followsuit/solver/search.py (the reference) line for line: the same
 * follow rules, the same equivalent-card runs, the same move order and the same
 * transposition-table bounds, on a position read from Position.as_tuple(). Only
 * the table differs: a fixed array of entries reused from one solve to the next
 * (a generation number marks the live ones) instead of a dict, so a full hand
 * never allocates.
 *
 * solve(position, moves[, max_nodes]) -> (values, nodes): the hand's value after
 * each move (card, or card + 64 for the top card of the mover's blind pile), or
 * with no moves the position's own value, as a one-tuple; values is None when the
 * search met max_nodes (0: no limit) first.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXS 8
#define MAXC 64
#define MAXU 8
#define MAXPILE 32
#define MAXW 4
#define PILE 64
#define INF (1 << 20)

enum { MUST_FOLLOW, FOLLOW_OR_TRUMP, TRUMP_ONLY, BLIND_PITCH };
enum { RAW, PLAIN, ALL_TRICKS, FIVE, MOON_POINTS, GRAND_SLAM };

typedef uint64_t u64;

typedef struct {
    /* the rules and the score, fixed for the solve */
    int n, ncards;
    int piles[MAXS][MAXPILE];
    int pile_len[MAXS];
    u64 out;
    int follow, tlmf, pile_first_void, called, trump;
    int eff[MAXC];
    int keys[4][MAXC];
    u64 suit_mask[4];
    u64 trump_mask;
    int unit_of[MAXS];
    int unit_sign[MAXU];
    int nunits;
    u64 mine;
    int trick_value, points_mode;
    int card_value[MAXC];
    int game_count[MAXC];
    int game_value, game_tie_unit, maker_unit, contract, bid, contract_value;
    int watched[MAXW];
    int nwatched, static_ok, base;
    int watch_index[MAXC];
    u64 valuable;  /* cards whose captor still changes the score */
    int tricks_count; /* the contract counts tricks (all of them to the makers) */
    int self_key[MAXC];
    int by_power[4][MAXC];
    int by_power_len[4];
    int rotation[MAXS][MAXS];
    int rot_in[MAXS][MAXS];
    int rot_in_len[MAXS];
    /* the position, changed and restored by the search */
    u64 hands[MAXS];
    int pile_at[MAXS];
    u64 live, on_table;
    int acc_game[MAXU];
    int acc_maker, acc_all, acc_watched;
    int trick[MAXS];
    int ntrick;
    int order[MAXS];
    int norder;
    int leader, led, win_pos, win_key, first;
    long long nodes, max_nodes;
    int aborted;
} Pos;

/* ------------------------------------------------------------ the table */

typedef struct {
    u64 live;
    u64 acc1;
    u64 acc2;
    uint32_t gen;
    int32_t lo, hi;
    int16_t leader;
    int16_t best;
} Entry;

#define TT_BITS 18
#define TT_SIZE (1u << TT_BITS)

static Entry *table = NULL;
static uint32_t generation = 0;

static u64 pack_game(const Pos *P)
{
    u64 out = 0;
    if (!P->points_mode || !P->game_value)
        return 0;
    for (int u = 0; u < P->nunits; u++)
        out |= (u64)(P->acc_game[u] & 0xff) << (8 * u);
    return out;
}

static u64 pack_rest(const Pos *P)
{
    if (!P->points_mode)
        return 0;
    return (u64)(uint32_t)P->acc_maker | (u64)(P->acc_all ? 1 : 0) << 32 |
           (u64)(uint32_t)P->acc_watched << 33;
}

static Entry *slot(u64 live, u64 acc1, u64 acc2, int leader)
{
    u64 h = live * 0x9E3779B97F4A7C15ull;
    h ^= (acc1 + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    h ^= (acc2 + 0x165667B19E3779F9ull) * 0x94D049BB133111EBull;
    h ^= (u64)(leader + 1) * 0xD6E8FEB86659FD93ull;
    h ^= h >> 29;
    return &table[(h * 0xBF58476D1CE4E5B9ull) >> (64 - TT_BITS)];
}

/* ------------------------------------------------------------ the rules */

static int can_play(const Pos *P, int seat)
{
    if (P->out >> seat & 1)
        return 0;
    if (P->follow == TRUMP_ONLY)
        return (P->hands[seat] & P->trump_mask) != 0;
    if (P->follow == BLIND_PITCH)
        return P->hands[seat] != 0 || P->pile_at[seat] < P->pile_len[seat];
    return P->hands[seat] != 0;
}

/* The seats of the trick `leader` starts into P->order; 0 when the hand is over. */
static int start_order(Pos *P, int leader)
{
    int k = 0;
    if (P->follow == MUST_FOLLOW) {
        int len = P->rot_in_len[leader];
        if (!P->hands[P->rot_in[leader][0]])
            return 0;
        for (int i = 0; i < len; i++)
            P->order[i] = P->rot_in[leader][i];
        P->norder = len;
        return len;
    }
    for (int i = 0; i < P->n; i++) {
        int s = P->rotation[leader][i];
        if (can_play(P, s))
            P->order[k++] = s;
    }
    P->norder = k;
    return k;
}

static u64 legal(const Pos *P, int seat, int *pile)
{
    u64 h = P->hands[seat];
    int leading = P->ntrick == 0;
    *pile = 0;
    if (P->called >= 0 && P->first && (h >> P->called & 1))
        return 1ull << P->called;
    if (P->follow == MUST_FOLLOW) {
        if (!leading) {
            u64 same = h & P->suit_mask[P->led];
            if (same)
                h = same;
        }
        return h;
    }
    if (P->follow == TRUMP_ONLY)
        return h & P->trump_mask;
    int has_pile = P->follow == BLIND_PITCH && P->pile_at[seat] < P->pile_len[seat];
    if (leading) {
        *pile = has_pile;
        return h;
    }
    u64 trumps = h & P->trump_mask;
    u64 cards;
    if (P->led == P->trump) {
        cards = P->tlmf ? (trumps ? trumps : h) : h;
    } else {
        u64 same = h & P->suit_mask[P->led];
        cards = same ? (same | trumps) : h;
    }
    if (has_pile && P->first && !(P->pile_first_void && !trumps))
        has_pile = 0;
    *pile = has_pile;
    return cards;
}

/* One card of each run of equivalent cards into `out`, in search order. */
static int gen_moves(const Pos *P, int seat, u64 legal_mask, int pile, int *out)
{
    u64 live = P->live | P->on_table;
    int k = 0;
    unsigned suits = 0;
    for (u64 m = legal_mask; m; m &= m - 1)
        suits |= 1u << P->eff[__builtin_ctzll(m)];
    for (int s = 0; s < 4; s++) {
        if (!(suits >> s & 1))
            continue;
        int have_run = 0, run_cv = 0, run_gv = 0;
        const int *cards = P->by_power[s];
        int len = P->by_power_len[s];
        int i = 0;
        while (i < len) {
            int level = P->self_key[cards[i]];
            int j = i, mine = 1, nm = 0;
            int members[MAXC];
            while (j < len && P->self_key[cards[j]] == level) {
                int c = cards[j];
                if (live >> c & 1) {
                    if (legal_mask >> c & 1)
                        members[nm++] = c;
                    else
                        mine = 0;
                }
                j++;
            }
            i = j;
            if (!nm && mine)
                continue;
            if (!mine) {
                for (int t = 0; t < nm; t++)
                    out[k++] = members[t];
                have_run = 0;
                continue;
            }
            for (int t = 0; t < nm; t++) {
                int c = members[t];
                if (have_run && P->card_value[c] == run_cv && P->game_count[c] == run_gv)
                    continue;
                out[k++] = c;
                have_run = 1;
                run_cv = P->card_value[c];
                run_gv = P->game_count[c];
            }
        }
    }
    /* sort keys as search.py's: (a, b, c) ascending */
    int sa[MAXC], sb[MAXC];
    if (P->ntrick) {
        const int *row = P->keys[P->led];
        int winner_seat = P->order[P->win_pos];
        int partner = (int)(P->mine >> winner_seat & 1) == (int)(P->mine >> seat & 1);
        for (int t = 0; t < k; t++) {
            int c = out[t];
            sa[t] = partner ? 0 : (row[c] <= P->win_key);
            sb[t] = row[c];
        }
    } else {
        for (int t = 0; t < k; t++) {
            sa[t] = 0;
            sb[t] = -P->self_key[out[t]];
        }
    }
    for (int t = 1; t < k; t++) {
        int c = out[t], a = sa[t], b = sb[t];
        int u = t - 1;
        while (u >= 0 && (sa[u] > a || (sa[u] == a && (sb[u] > b || (sb[u] == b && out[u] > c))))) {
            out[u + 1] = out[u];
            sa[u + 1] = sa[u];
            sb[u + 1] = sb[u];
            u--;
        }
        out[u + 1] = c;
        sa[u + 1] = a;
        sb[u + 1] = b;
    }
    if (pile)
        out[k++] = P->piles[seat][P->pile_at[seat]] + PILE;
    return k;
}

/* ------------------------------------------------------------ the score */

static int terminal(const Pos *P)
{
    if (!P->points_mode)
        return 0;
    int g = -1;
    if (P->game_value) {
        int best = -1, ntop = 0, tie_in = 0;
        for (int u = 0; u < P->nunits; u++) {
            if (P->acc_game[u] > best) {
                best = P->acc_game[u];
                ntop = 1;
                g = u;
            } else if (P->acc_game[u] == best) {
                ntop++;
            }
        }
        if (ntop > 1) {
            g = -1;
            if (P->game_tie_unit >= 0 && P->acc_game[P->game_tie_unit] == best)
                tie_in = 1;
            if (tie_in)
                g = P->game_tie_unit;
        }
    }
    int value = 0;
    if (g >= 0 && g != P->maker_unit)
        value += P->unit_sign[g] * P->game_value;
    if (P->contract == RAW)
        return value;
    int points = P->acc_maker + (g == P->maker_unit ? P->game_value : 0);
    int result;
    int full = (1 << P->nwatched) - 1;
    switch (P->contract) {
    case PLAIN:
        result = points >= P->bid ? points : -P->bid;
        break;
    case ALL_TRICKS:
        result = (P->acc_all && P->static_ok) ? P->contract_value : -P->contract_value;
        break;
    case FIVE:
        result = (P->acc_all && P->acc_watched == full) ? P->contract_value : -P->contract_value;
        break;
    case MOON_POINTS:
        result = points >= P->bid ? P->contract_value : -P->contract_value;
        break;
    default: /* GRAND_SLAM */
        result = (P->acc_all && P->static_ok && P->acc_watched == full && g == P->maker_unit)
                     ? P->contract_value
                     : -P->contract_value;
        break;
    }
    return value + P->unit_sign[P->maker_unit] * result;
}

/* ------------------------------------------------------------ the search */

typedef struct {
    int led, win_pos, win_key;
    int done;
    int trick[MAXS];
    int ntrick;
    int order[MAXS];
    int norder;
    int leader, first;
    int acc_game[MAXU];
    int acc_maker, acc_all, acc_watched;
} Undo;

static int play(Pos *P, int seat, int move, Undo *U)
{
    int card;
    if (move >= PILE) {
        card = move - PILE;
        P->pile_at[seat]++;
    } else {
        card = move;
        P->hands[seat] ^= 1ull << card;
    }
    P->live ^= 1ull << card;
    U->led = P->led;
    U->win_pos = P->win_pos;
    U->win_key = P->win_key;
    U->done = 0;
    if (P->ntrick) {
        int k = P->keys[P->led][card];
        if (k > P->win_key) {
            P->win_key = k;
            P->win_pos = P->ntrick;
        }
    } else {
        P->led = P->eff[card];
        P->win_key = P->keys[P->led][card];
        P->win_pos = 0;
    }
    P->trick[P->ntrick++] = card;
    P->on_table |= 1ull << card;
    if (P->ntrick < P->norder)
        return 0;
    /* the trick is complete */
    int winner = P->order[P->win_pos];
    U->done = 1;
    memcpy(U->trick, P->trick, sizeof(int) * P->ntrick);
    U->ntrick = P->ntrick;
    memcpy(U->order, P->order, sizeof(int) * P->norder);
    U->norder = P->norder;
    U->leader = P->leader;
    U->first = P->first;
    memcpy(U->acc_game, P->acc_game, sizeof(int) * MAXU);
    U->acc_maker = P->acc_maker;
    U->acc_all = P->acc_all;
    U->acc_watched = P->acc_watched;
    int gain = 0;
    if (P->points_mode) {
        int u = P->unit_of[winner];
        int points = 0, count = 0;
        for (int t = 0; t < P->ntrick; t++) {
            int c = P->trick[t];
            points += P->card_value[c];
            count += P->game_count[c];
            if (P->watch_index[c] >= 0 && u == P->maker_unit)
                P->acc_watched |= 1 << P->watch_index[c];
        }
        P->acc_game[u] += count;
        if (P->contract != RAW && u == P->maker_unit) {
            P->acc_maker += points;
        } else {
            gain = P->unit_sign[u] * points;
            if (P->contract != RAW)
                P->acc_all = 0;
        }
    } else if (P->mine >> winner & 1) {
        gain = P->trick_value;
    }
    P->ntrick = 0;
    P->on_table = 0;
    P->first = 0;
    P->leader = winner;
    P->norder = 0;
    return gain;
}

static void unplay(Pos *P, int seat, int move, const Undo *U)
{
    if (U->done) {
        memcpy(P->trick, U->trick, sizeof(int) * U->ntrick);
        P->ntrick = U->ntrick;
        memcpy(P->order, U->order, sizeof(int) * U->norder);
        P->norder = U->norder;
        P->leader = U->leader;
        P->first = U->first;
        memcpy(P->acc_game, U->acc_game, sizeof(int) * MAXU);
        P->acc_maker = U->acc_maker;
        P->acc_all = U->acc_all;
        P->acc_watched = U->acc_watched;
        P->on_table = 0;
        for (int t = 0; t < P->ntrick; t++)
            P->on_table |= 1ull << P->trick[t];
    }
    int card = P->trick[--P->ntrick];
    P->on_table ^= 1ull << card;
    P->led = U->led;
    P->win_pos = U->win_pos;
    P->win_key = U->win_key;
    P->live ^= 1ull << card;
    if (move >= PILE)
        P->pile_at[seat]--;
    else
        P->hands[seat] ^= 1ull << card;
}

static int value(Pos *P, int alpha, int beta)
{
    if (++P->nodes > P->max_nodes && P->max_nodes) {
        P->aborted = 1; /* unwind without storing anything */
        return 0;
    }
    Entry *e = NULL;
    u64 acc1 = 0, acc2 = 0;
    int best_first = -1;
    if (!P->ntrick) {
        if (!start_order(P, P->leader))
            return terminal(P);
        if (P->points_mode && !(P->live & P->valuable) && !(P->tricks_count && P->acc_all))
            return terminal(P);
        if (!P->points_mode) { /* tricks: between none and all of those left */
            int left = __builtin_popcountll(P->hands[P->order[0]]) * P->trick_value;
            if (left <= alpha)
                return left;
            if (beta <= 0)
                return 0;
        }
        acc1 = pack_game(P);
        acc2 = pack_rest(P);
        e = slot(P->live, acc1, acc2, P->leader);
        if (e->gen == generation && e->live == P->live && e->acc1 == acc1 && e->acc2 == acc2 &&
            e->leader == P->leader) {
            int lo = e->lo, hi = e->hi;
            best_first = e->best;
            if (lo >= beta)
                return lo;
            if (hi <= alpha)
                return hi;
            if (lo == hi)
                return lo;
            if (lo > alpha)
                alpha = lo;
            if (hi < beta)
                beta = hi;
        }
    }
    int seat = P->order[P->ntrick];
    int pile;
    u64 lm = legal(P, seat, &pile);
    int moves[MAXC + 1];
    int k = gen_moves(P, seat, lm, pile, moves);
    if (best_first >= 0) {
        for (int t = 0; t < k; t++) {
            if (moves[t] == best_first) {
                for (int u = t; u > 0; u--)
                    moves[u] = moves[u - 1];
                moves[0] = best_first;
                break;
            }
        }
    }
    int maximizing = (int)(P->mine >> seat & 1);
    int a = alpha, b = beta;
    int best = maximizing ? -INF : INF;
    int best_move = moves[0];
    Undo U;
    for (int t = 0; t < k; t++) {
        int move = moves[t];
        int gain = play(P, seat, move, &U);
        int v = gain + value(P, a - gain, b - gain);
        unplay(P, seat, move, &U);
        if (P->aborted)
            return 0;
        if (maximizing) {
            if (v > best) {
                best = v;
                best_move = move;
                if (v > a)
                    a = v;
            }
        } else if (v < best) {
            best = v;
            best_move = move;
            if (v < b)
                b = v;
        }
        if (a >= b)
            break;
    }
    if (e != NULL) {
        int lo = -INF, hi = INF;
        int same = e->gen == generation && e->live == P->live && e->acc1 == acc1 &&
                   e->acc2 == acc2 && e->leader == P->leader;
        if (same) {
            lo = e->lo;
            hi = e->hi;
        }
        if (best <= alpha) {
            if (best < hi)
                hi = best;
        } else if (best >= beta) {
            if (best > lo)
                lo = best;
        } else {
            lo = hi = best;
        }
        e->gen = generation;
        e->live = P->live;
        e->acc1 = acc1;
        e->acc2 = acc2;
        e->leader = (int16_t)P->leader;
        e->lo = lo;
        e->hi = hi;
        e->best = (int16_t)best_move;
        P->norder = 0;
    }
    return best;
}

/* The exact value from here by MTD(f), as Search.exact. */
static int exact(Pos *P, int guess)
{
    int lo = -INF, hi = INF, g = guess;
    while (lo < hi) {
        int beta = g == lo ? g + 1 : g;
        g = value(P, beta - 1, beta);
        if (P->aborted)
            return 0;
        if (g < beta)
            hi = g;
        else
            lo = g;
    }
    return g;
}

/* ------------------------------------------------------------ reading Python */

static int read_int(PyObject *t, Py_ssize_t i, long *out)
{
    long v = PyLong_AsLong(PyTuple_GET_ITEM(t, i));
    if (v == -1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

static int read_mask(PyObject *o, u64 *out)
{
    unsigned long long v = PyLong_AsUnsignedLongLong(o);
    if (v == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    *out = v;
    return 0;
}

/* A tuple of ints of length at most `cap` into `out`; its length or -1. */
static Py_ssize_t read_ints(PyObject *o, int *out, Py_ssize_t cap)
{
    if (!PyTuple_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "solver position: expected a tuple");
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(o);
    if (n > cap) {
        PyErr_SetString(PyExc_ValueError, "solver position: a table is too long");
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        long v = PyLong_AsLong(PyTuple_GET_ITEM(o, i));
        if (v == -1 && PyErr_Occurred())
            return -1;
        out[i] = (int)v;
    }
    return n;
}

#define FIELD(i) PyTuple_GET_ITEM(pos, (i))
#define INT(i, dst)                                                                            \
    do {                                                                                       \
        long v_;                                                                               \
        if (read_int(pos, (i), &v_) < 0)                                                       \
            return -1;                                                                         \
        (dst) = (int)v_;                                                                       \
    } while (0)

static int bad(const char *why)
{
    PyErr_Format(PyExc_ValueError, "solver position: %s", why);
    return -1;
}

/* Every index the search will follow stays inside its table. */
static int check_position(const Pos *P)
{
    u64 deck = P->ncards == 64 ? ~0ull : (1ull << P->ncards) - 1;
    u64 suited = 0;
    for (int c = 0; c < P->ncards; c++) {
        if (P->eff[c] < -1 || P->eff[c] > 3)
            return bad("an effective suit is not -1 to 3");
        if (P->eff[c] >= 0)
            suited |= 1ull << c;
    }
    if (P->leader < 0 || P->leader >= P->n)
        return bad("the leader is not a seat");
    if (P->trump < 0 || P->trump > 3)
        return bad("trump is not a suit");
    if (P->called < -1 || P->called >= P->ncards)
        return bad("the called card is not a card");
    if (P->follow < MUST_FOLLOW || P->follow > BLIND_PITCH)
        return bad("unknown follow rule");
    if (P->contract < RAW || P->contract > GRAND_SLAM)
        return bad("unknown contract");
    if (P->maker_unit < -1 || P->maker_unit >= P->nunits || P->game_tie_unit < -1 ||
        P->game_tie_unit >= P->nunits)
        return bad("a unit is not one of the units");
    if (P->contract != RAW && P->maker_unit < 0)
        return bad("a contract without a maker");
    for (int s = 0; s < P->n; s++) {
        if (P->hands[s] & ~(deck & suited))
            return bad("a hand holds a card outside the tables");
        if (P->unit_of[s] < 0 || P->unit_of[s] >= P->nunits)
            return bad("a seat's unit is not one of the units");
        for (int i = 0; i < P->pile_len[s]; i++)
            if (P->piles[s][i] < 0 || P->piles[s][i] >= P->ncards || P->eff[P->piles[s][i]] < 0)
                return bad("a pile holds a card outside the tables");
    }
    if (P->ntrick >= P->n || (P->ntrick && P->norder != 0 && P->norder <= P->ntrick) ||
        (P->ntrick && P->norder == 0))
        return bad("the trick in progress does not fit its order");
    for (int i = 0; i < P->norder; i++)
        if (P->order[i] < 0 || P->order[i] >= P->n)
            return bad("the trick's order names a seat that is not one");
    for (int i = 0; i < P->ntrick; i++)
        if (P->trick[i] < 0 || P->trick[i] >= P->ncards || P->eff[P->trick[i]] < 0)
            return bad("a card on the table is outside the tables");
    for (int w = 0; w < P->nwatched; w++)
        if (P->watched[w] < 0 || P->watched[w] >= P->ncards)
            return bad("a watched card is not a card");
    for (int u = 0; u < P->nunits; u++)
        if (P->acc_game[u] < 0 || P->acc_game[u] > 255)
            return bad("a game count is out of range");
    return 0;
}

static int read_position(PyObject *pos, Pos *P)
{
    if (!PyTuple_Check(pos) || PyTuple_GET_SIZE(pos) != 37) {
        PyErr_SetString(PyExc_ValueError, "solver position: expected Position.as_tuple()");
        return -1;
    }
    memset(P, 0, sizeof(*P));
    INT(0, P->n);
    if (P->n < 1 || P->n > MAXS) {
        PyErr_SetString(PyExc_ValueError, "solver position: 1 to 8 seats");
        return -1;
    }
    PyObject *hands = FIELD(1), *piles = FIELD(2);
    if (!PyTuple_Check(hands) || PyTuple_GET_SIZE(hands) != P->n || !PyTuple_Check(piles) ||
        PyTuple_GET_SIZE(piles) != P->n) {
        PyErr_SetString(PyExc_ValueError, "solver position: a hand and a pile per seat");
        return -1;
    }
    for (int s = 0; s < P->n; s++) {
        if (read_mask(PyTuple_GET_ITEM(hands, s), &P->hands[s]) < 0)
            return -1;
        Py_ssize_t len = read_ints(PyTuple_GET_ITEM(piles, s), P->piles[s], MAXPILE);
        if (len < 0)
            return -1;
        P->pile_len[s] = (int)len;
    }
    if (read_mask(FIELD(3), &P->out) < 0)
        return -1;
    INT(4, P->leader);
    Py_ssize_t norder = read_ints(FIELD(5), P->order, MAXS);
    Py_ssize_t ntrick = read_ints(FIELD(6), P->trick, MAXS);
    if (norder < 0 || ntrick < 0)
        return -1;
    P->norder = (int)norder;
    P->ntrick = (int)ntrick;
    INT(7, P->first);
    INT(8, P->follow);
    INT(9, P->tlmf);
    INT(10, P->pile_first_void);
    INT(11, P->called);
    INT(12, P->trump);
    Py_ssize_t ncards = read_ints(FIELD(13), P->eff, MAXC);
    if (ncards < 0)
        return -1;
    P->ncards = (int)ncards;
    PyObject *keys = FIELD(14);
    if (!PyTuple_Check(keys) || PyTuple_GET_SIZE(keys) != 4) {
        PyErr_SetString(PyExc_ValueError, "solver position: four key rows");
        return -1;
    }
    for (int s = 0; s < 4; s++)
        if (read_ints(PyTuple_GET_ITEM(keys, s), P->keys[s], MAXC) != ncards) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "solver position: a key per card");
            return -1;
        }
    PyObject *sm = FIELD(15);
    if (!PyTuple_Check(sm) || PyTuple_GET_SIZE(sm) != 4) {
        PyErr_SetString(PyExc_ValueError, "solver position: four suit masks");
        return -1;
    }
    for (int s = 0; s < 4; s++)
        if (read_mask(PyTuple_GET_ITEM(sm, s), &P->suit_mask[s]) < 0)
            return -1;
    if (read_mask(FIELD(16), &P->trump_mask) < 0)
        return -1;
    if (read_ints(FIELD(17), P->unit_of, MAXS) != P->n) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "solver position: a unit per seat");
        return -1;
    }
    Py_ssize_t nunits = read_ints(FIELD(18), P->unit_sign, MAXU);
    if (nunits < 1)
        return -1;
    P->nunits = (int)nunits;
    if (read_mask(FIELD(19), &P->mine) < 0)
        return -1;
    INT(20, P->trick_value);
    if (read_ints(FIELD(21), P->card_value, MAXC) != ncards ||
        read_ints(FIELD(22), P->game_count, MAXC) != ncards) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "solver position: a value per card");
        return -1;
    }
    INT(23, P->game_value);
    INT(24, P->game_tie_unit);
    INT(25, P->maker_unit);
    INT(26, P->contract);
    INT(27, P->bid);
    INT(28, P->contract_value);
    Py_ssize_t nw = read_ints(FIELD(29), P->watched, MAXW);
    if (nw < 0)
        return -1;
    P->nwatched = (int)nw;
    INT(30, P->static_ok);
    if (read_ints(FIELD(31), P->acc_game, MAXU) != nunits) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "solver position: a game count per unit");
        return -1;
    }
    INT(32, P->acc_maker);
    INT(33, P->acc_all);
    INT(34, P->acc_watched);
    INT(35, P->points_mode);
    INT(36, P->base);
    return check_position(P);
}

/* Derived tables and the trick in progress, as Search.__init__ sets them up. */
static void prepare(Pos *P)
{
    int n = P->n;
    for (int lead = 0; lead < n; lead++) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            int s = (lead + i) % n;
            P->rotation[lead][i] = s;
            if (!(P->out >> s & 1))
                P->rot_in[lead][k++] = s;
        }
        P->rot_in_len[lead] = k;
    }
    for (int c = 0; c < P->ncards; c++) {
        P->self_key[c] = P->eff[c] >= 0 ? P->keys[P->eff[c]][c] : -1;
        P->watch_index[c] = -1;
    }
    for (int w = 0; w < P->nwatched; w++)
        if (P->watched[w] >= 0 && P->watched[w] < P->ncards)
            P->watch_index[P->watched[w]] = w;
    P->valuable = 0;
    for (int c = 0; c < P->ncards; c++)
        if (P->card_value[c] || P->game_count[c] || P->watch_index[c] >= 0)
            P->valuable |= 1ull << c;
    P->tricks_count =
        P->contract == ALL_TRICKS || P->contract == FIVE || P->contract == GRAND_SLAM;
    for (int s = 0; s < 4; s++) {
        int len = 0;
        for (int c = 0; c < P->ncards; c++)
            if (P->eff[c] == s)
                P->by_power[s][len++] = c;
        /* strongest first, then by index (insertion sort: a suit is short) */
        for (int i = 1; i < len; i++) {
            int c = P->by_power[s][i], j = i - 1;
            while (j >= 0 && (P->self_key[P->by_power[s][j]] < P->self_key[c] ||
                              (P->self_key[P->by_power[s][j]] == P->self_key[c] &&
                               P->by_power[s][j] > c))) {
                P->by_power[s][j + 1] = P->by_power[s][j];
                j--;
            }
            P->by_power[s][j + 1] = c;
        }
        P->by_power_len[s] = len;
    }
    P->live = 0;
    for (int s = 0; s < n; s++) {
        P->live |= P->hands[s];
        for (int i = 0; i < P->pile_len[s]; i++)
            P->live |= 1ull << P->piles[s][i];
    }
    P->on_table = 0;
    P->led = -1;
    P->win_pos = 0;
    P->win_key = -1;
    for (int i = 0; i < P->ntrick; i++) {
        int c = P->trick[i];
        P->on_table |= 1ull << c;
        if (i == 0) {
            P->led = P->eff[c];
            P->win_key = P->keys[P->led][c];
        } else if (P->keys[P->led][c] > P->win_key) {
            P->win_key = P->keys[P->led][c];
            P->win_pos = i;
        }
    }
}

static int valid_move(const Pos *P, int seat, int move)
{
    if (move >= PILE)
        return P->pile_at[seat] < P->pile_len[seat] &&
               P->piles[seat][P->pile_at[seat]] == move - PILE;
    return move >= 0 && move < P->ncards && (P->hands[seat] >> move & 1);
}

static PyObject *dd_solve(PyObject *self, PyObject *args)
{
    PyObject *pos, *moves;
    long long max_nodes = 0;
    (void)self;
    if (!PyArg_ParseTuple(args, "O!O!|L", &PyTuple_Type, &pos, &PyTuple_Type, &moves,
                          &max_nodes))
        return NULL;
    if (table == NULL) {
        table = (Entry *)calloc(TT_SIZE, sizeof(Entry));
        if (table == NULL)
            return PyErr_NoMemory();
    }
    Pos *P = (Pos *)malloc(sizeof(Pos));
    if (P == NULL)
        return PyErr_NoMemory();
    if (read_position(pos, P) < 0) {
        free(P);
        return NULL;
    }
    prepare(P);
    P->max_nodes = max_nodes > 0 ? max_nodes : 0;
    if (++generation == 0) { /* wrapped: every entry must look old */
        memset(table, 0, sizeof(Entry) * TT_SIZE);
        generation = 1;
    }
    Py_ssize_t nm = PyTuple_GET_SIZE(moves);
    PyObject *values = PyTuple_New(nm ? nm : 1);
    if (values == NULL) {
        free(P);
        return NULL;
    }
    if (nm == 0) {
        int v = P->base + exact(P, 0);
        PyTuple_SET_ITEM(values, 0, PyLong_FromLong(v));
    } else {
        if (!P->ntrick && !start_order(P, P->leader)) {
            free(P);
            Py_DECREF(values);
            PyErr_SetString(PyExc_ValueError, "solver position: the hand is over");
            return NULL;
        }
        int seat = P->order[P->ntrick];
        int guess = 0;
        for (Py_ssize_t i = 0; i < nm; i++) {
            long move = PyLong_AsLong(PyTuple_GET_ITEM(moves, i));
            if (move == -1 && PyErr_Occurred()) {
                free(P);
                Py_DECREF(values);
                return NULL;
            }
            if (!valid_move(P, seat, (int)move)) {
                free(P);
                Py_DECREF(values);
                PyErr_Format(PyExc_ValueError, "solver position: move %ld is not the mover's",
                             move);
                return NULL;
            }
            Undo U;
            int gain = play(P, seat, (int)move, &U);
            int rest = exact(P, guess);
            guess = rest;
            int v = P->base + gain + rest;
            unplay(P, seat, (int)move, &U);
            PyTuple_SET_ITEM(values, i, PyLong_FromLong(v));
            if (P->aborted)
                break;
        }
    }
    long long nodes = P->nodes;
    int aborted = P->aborted;
    free(P);
    if (aborted) {
        Py_DECREF(values);
        return Py_BuildValue("(OL)", Py_None, nodes);
    }
    return Py_BuildValue("(NL)", values, nodes);
}

static PyMethodDef methods[] = {
    {"solve", dd_solve, METH_VARARGS,
     "solve(position, moves[, max_nodes]) -> (values, nodes): the hand's value after each "
     "move (none: the position's own value); values is None past max_nodes."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_dd", "The double-dummy solver's compiled search.", -1, methods,
    NULL, NULL, NULL, NULL,
};

/* The layout of Position.as_tuple() read here (api.KERNEL_FORMAT). */
#define FORMAT 1

PyMODINIT_FUNC PyInit__dd(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && PyModule_AddIntConstant(m, "FORMAT", FORMAT) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
