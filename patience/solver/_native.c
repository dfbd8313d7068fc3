/* The solver's optional accelerator: the engine's rules and the solver's three searches, in C.
 *
 * This is a port, move for move, of the pure-Python reference (patience/engine/game.py,
 * actions.py, compulsory.py for the rules; patience/solver/search.py, position.py, safe.py,
 * ordering.py for the search). It plays from the tables patience/solver/native.py builds from
 * a game's compiled rules, lists the legal moves in exactly the reference's order, and
 * searches in exactly the reference's order, so that a deal is decided alike, with the same
 * positions entered and the same winning line, by either. tests/solver/test_native.py holds
 * the two to that on the recorded deals of tests/engine/ and on the solver's own decisions.
 * The reference stays the definition: where this file and it disagree, this file is wrong.
 *
 * Cards are bytes (id = pack * 52 + suit * 13 + rank - 1); a position is its piles and its
 * pass. Games whose rules read the history (partners' turns, redeals without limit) are left
 * to the reference (native.py does not hand them over).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAXC 256   /* card ids are below 4 * 52 */
#define MAXSEQ 32
#define MAXMOVES 8192

enum { ROLE_STOCK, ROLE_TALON, ROLE_TABLEAU, ROLE_RESERVE, ROLE_ASIDE, ROLE_FOUNDATION };
enum { K_MOVE, K_DEAL_ROW, K_REDEAL, K_PAIR, K_PAIR_AHEAD };
enum { C_ALWAYS, C_STOCK_EMPTY, C_ALL_PLACED, C_NO_OTHER_MOVE };
enum { M_ANY, M_SAME_CARD, M_SAME_RANK };
enum { D_UP, D_DOWN, D_EITHER, D_BY_COLOUR };
enum { S_SAME, S_ANY, S_ALTERNATE };
enum { OUT_WON, OUT_LOST, OUT_UNKNOWN };

typedef struct { int8_t kind; uint8_t card, card2; int16_t src, dst, src2, dst2; } Move;

typedef struct { int area; int nsources; int *sources; int any_card; int condition; int ntargets; int *targets; } Route;
typedef struct { int start, stop, ndonors, count, colour; int *donors; } Fill;
typedef struct { int area, start, stop, per_pile; } RowPart;
/* a pair clause: its two groups of piles, the foundation areas its cards go to, how the two
 * cards must match, and whether a card may be laid on its partner ahead (a two-card pile of
 * the groups is then a pair laid ahead, played only as one) */
typedef struct { int nmine, ntheirs, nfound; int *mine, *theirs; int *found_start, *found_stop; int match, ahead; } PairPlan;

typedef struct {
    int npiles, total, packs, nareas;
    int *area_of, *role, *colour, *unplayable;          /* per pile */
    int *is_found, *f_len, *f_follow, *f_brank, *f_bsuit, *f_bcolour, *f_appear, *f_distinct, *f_astart, *f_astop;
    int (*f_seq)[MAXSEQ];
    int *b_has, *b_dir, *b_suit, *b_kept, *b_order;     /* the build of a pile's area */
    uint64_t *fills_from;                                /* areas whose cards may fill the pile when empty */
    int *wait_flat, *wait_off;                           /* per pile, (area, pile) pairs: a space takes from the
                                                            area only while the pile is empty (order: in_turn) */
    int nroutes; Route *routes;
    int nwaiting; int *waiting;                          /* the routes that wait for no other move, in order */
    int *reach_n; int **reach;                           /* per area: the piles its cards may go to */
    int ntalons; int *talons;
    int nplay; int *in_play;
    int nfills; Fill *fills; int nautopiles; int *autopiles;
    int ncomp; int *comp; int *is_comp;
    int has_row, row_when, nrow; RowPart *row; uint64_t omit_last;
    int has_redeal, redeals, shuffle, redeal_when, ngather; int *gather;
    int npairs, any_ahead; PairPlan *pairs;
    /* the search's tables */
    int nsym; int *sym_start, *sym_stop;
    uint64_t *salt;                                      /* per pile: what its hash is mixed with in the key
                                                            (one salt for all the piles of a symmetric area) */
    uint8_t classes[MAXC]; int has_classes, classes_from;
    int safe_enabled; int *eligible, *may_empty; int nfoundations; int *foundations;
    int (*partners)[52]; int *npartners;                 /* per rank-suit key: keys that may be built on it */
    int nlooked; int *look_pile, *look_kind, *look_hops, *look_blocking;
    int dive;                                            /* points of promise a move made is worth */
    int beam_share, best_share;                          /* the beam's and the best-first search's parts of the budget */
} Tables;

typedef struct {
    int npiles;
    uint8_t *cards;      /* npiles * MAXC */
    int16_t *len;
    int passes;
    /* the journal: ops, and the frames of moves */
    int *ops; int nops, capops;            /* each op: code, a, b, c */
    uint8_t *saved; int nsaved, capsaved;  /* the cards of piles replaced */
    int *frames; int nframes, capframes;
    const uint64_t *keys;                   /* shuffle keys: (redeals) * total, pass k at (k - 1) * total */
    /* the key, kept up to date pile by pile: prefix[p * (MAXC + 1) + i] hashes the first i cards
       of pile p and is good for i <= valid[p]; a pile's term is its whole hash mixed with its salt,
       and the key is made from the sum of the terms, which changes only by the piles moved */
    uint64_t *prefix; int16_t *valid;
    uint64_t *term, terms;
    uint8_t *dirty;                         /* whether a pile's term must be made again */
    int hashed_classes;                     /* whether the hashes were made of classes (-1: not yet) */
} State;

#define PILE(s, p) ((s)->cards + (size_t)(p) * MAXC)
#define SPOIL(s, p, n) do { if ((s)->valid[p] > (n)) (s)->valid[p] = (int16_t)(n); (s)->dirty[p] = 1; } while (0)
#define TOP(s, p) (PILE(s, p)[(s)->len[p] - 1])
static inline int rank_of(int c) { return c % 13 + 1; }
static inline int suit_of(int c) { return c % 52 / 13; }
static inline int is_red(int c) { int s = suit_of(c); return s == 1 || s == 2; }

/* ---------------------------------------------------------------- journal */
/* The rules and the searches run without the GIL (solve releases it), so they touch no
 * Python object and raise nothing: the only way they fail is a buffer that cannot grow,
 * and a function of theirs that fails returns -1 (or NULL); the function called from
 * Python raises MemoryError once it holds the GIL again (raise_failure). */
static void raise_failure(void) { PyErr_NoMemory(); }

static void *grow(void *buffer, int *capacity, int needed, size_t size) {
    if (needed < 1) needed = 1;  /* a buffer never allocated is allocated even when nothing is yet to hold */
    if (needed <= *capacity) return buffer;
    int next = *capacity ? *capacity : 64;
    while (next < needed) next *= 2;
    void *bigger = realloc(buffer, (size_t)next * size);
    if (!bigger) return NULL;
    *capacity = next;
    return bigger;
}

static int op(State *s, int code, int a, int b, int c) {
    int *ops = grow(s->ops, &s->capops, s->nops + 4, sizeof(int));
    if (!ops) return -1;
    s->ops = ops;
    ops[s->nops++] = code; ops[s->nops++] = a; ops[s->nops++] = b; ops[s->nops++] = c;
    return 0;
}

static int transfer(State *s, int src, int pos, int dst) {
    uint8_t *from = PILE(s, src);
    uint8_t card = from[pos];
    memmove(from + pos, from + pos + 1, (size_t)(s->len[src] - pos - 1));
    s->len[src]--;
    SPOIL(s, src, pos);
    SPOIL(s, dst, s->len[dst]);
    PILE(s, dst)[s->len[dst]++] = card;
    return op(s, 0, src, pos, dst);
}

static int replace_pile(State *s, int pile, const uint8_t *cards, int n) {
    uint8_t *saved = grow(s->saved, &s->capsaved, s->nsaved + s->len[pile], 1);
    if (!saved) return -1;
    s->saved = saved;
    memcpy(saved + s->nsaved, PILE(s, pile), (size_t)s->len[pile]);
    if (op(s, 1, pile, s->nsaved, s->len[pile]) < 0) return -1;
    s->nsaved += s->len[pile];
    memcpy(PILE(s, pile), cards, (size_t)n);
    s->len[pile] = (int16_t)n;
    SPOIL(s, pile, 0);
    return 0;
}

static void reverse_ops(State *s, int from) {
    while (s->nops > from) {
        s->nops -= 4;
        int *o = s->ops + s->nops;
        if (o[0] == 0) {
            int src = o[1], pos = o[2], dst = o[3];
            uint8_t card = PILE(s, dst)[--s->len[dst]];
            uint8_t *to = PILE(s, src);
            memmove(to + pos + 1, to + pos, (size_t)(s->len[src] - pos));
            to[pos] = card;
            s->len[src]++;
            SPOIL(s, src, pos);
            SPOIL(s, dst, s->len[dst]);
        } else if (o[0] == 1) {
            memcpy(PILE(s, o[1]), s->saved + o[2], (size_t)o[3]);
            s->len[o[1]] = (int16_t)o[3];
            s->nsaved = o[2];
            SPOIL(s, o[1], 0);
        } else {
            s->passes = o[1];
        }
    }
}

/* ---------------------------------------------------------------- the rules (game.py) */
static int flow_open(const Tables *t, const State *s, int condition) {
    if (condition == C_ALWAYS) return 1;
    if (s->len[0]) return 0;
    if (condition == C_STOCK_EMPTY) return 1;
    for (int i = 0; i < t->ntalons; i++) if (s->len[t->talons[i]]) return 0;
    return 1;
}

static int matches_base(const Tables *t, int pile, int card) {
    if (rank_of(card) != t->f_brank[pile]) return 0;
    if (t->f_bsuit[pile] >= 0 && suit_of(card) != t->f_bsuit[pile]) return 0;
    if (t->f_bcolour[pile] >= 0 && is_red(card) != t->f_bcolour[pile]) return 0;
    return 1;
}

static int foundation_accepts(const Tables *t, const State *s, int pile, int card) {
    int n = s->len[pile];
    if (n >= t->f_len[pile] || rank_of(card) != t->f_seq[pile][n]) return 0;
    if (n == 0) {
        if (!t->f_appear[pile] || !matches_base(t, pile, card)) return 0;
        if (t->f_distinct[pile])
            for (int p = t->f_astart[pile]; p < t->f_astop[pile]; p++)
                if (s->len[p] && suit_of(PILE(s, p)[0]) == suit_of(card)) return 0;
        return 1;
    }
    return !t->f_follow[pile] || suit_of(card) == suit_of(PILE(s, pile)[0]);
}

static int builds_on(const Tables *t, const State *s, int pile, int card) {
    const uint8_t *cards = PILE(s, pile);
    int n = s->len[pile], top = cards[n - 1];
    int bs = t->b_suit[pile];
    if (bs == S_SAME && suit_of(card) != suit_of(top)) return 0;
    if (bs == S_ALTERNATE && is_red(card) == is_red(top)) return 0;
    int rank = rank_of(card), top_rank = rank_of(top), difference = rank - top_rank;
    if (t->b_order[pile] && rank + top_rank == 14) return 1;
    if (t->b_kept[pile] && n > 1 && difference != top_rank - rank_of(cards[n - 2])) return 0;
    switch (t->b_dir[pile]) {
    case D_BY_COLOUR: return difference == (is_red(card) ? -1 : 1);
    case D_DOWN: return difference == -1;
    case D_UP: return difference == 1;
    default: return difference == 1 || difference == -1;
    }
}

/* spaces filled in turn (game._fills_from): a source only once those before it are empty */
static int sources_before_empty(const Tables *t, const State *s, int pile, int source_area) {
    for (int i = t->wait_off[pile]; i < t->wait_off[pile + 1]; i += 2)
        if (t->wait_flat[i] == source_area && s->len[t->wait_flat[i + 1]]) return 0;
    return 1;
}

/* What the piles of one position accept (game.accepts), for the 52 cards at once: a card is
 * a bit, by rank and suit, since no rule asks for its pack. A foundation's or a packet's mask
 * is made once a position, by asking foundation_accepts or builds_on of the only cards that
 * can pass them; and, for each area, the cards that fit somewhere its cards may go but a talon
 * or an empty packet (game._fits_elsewhere: a talon that takes only unplayable cards). */
typedef struct { uint64_t mask[256], elsewhere[64]; uint64_t known[4], known_area; } Fits;

static inline uint64_t card_bit(int card) { return 1ULL << (card % 52); }
#define RED_CARDS (((1ULL << 39) - 1) ^ ((1ULL << 13) - 1))  /* diamonds and hearts, suits 1 and 2 */

static uint64_t pile_mask(const Tables *t, const State *s, Fits *fits, int pile) {
    if ((fits->known[pile >> 6] >> (pile & 63)) & 1) return fits->mask[pile];
    uint64_t mask = 0;
    if (t->is_found[pile]) {
        int n = s->len[pile];
        int only = n && t->f_follow[pile] ? suit_of(PILE(s, pile)[0]) : -1;  /* the suit it follows, if any */
        if (n < t->f_len[pile])
            for (int suit = 0; suit < 4; suit++) {
                if (only >= 0 && suit != only) continue;
                int card = suit * 13 + t->f_seq[pile][n] - 1;
                if (foundation_accepts(t, s, pile, card)) mask |= card_bit(card);
            }
    } else if (t->b_has[pile]) {  /* builds_on takes only ranks next to the top's, or its complement to 14 */
        int top = rank_of(TOP(s, pile)), ranks[3] = {top - 1, top + 1, 14 - top};
        int only = t->b_suit[pile] == S_SAME ? suit_of(TOP(s, pile)) : -1;
        for (int k = 0; k < 3; k++) {
            if (ranks[k] < 1 || ranks[k] > 13) continue;
            for (int suit = 0; suit < 4; suit++) {
                if (only >= 0 && suit != only) continue;
                int card = suit * 13 + ranks[k] - 1;
                if (builds_on(t, s, pile, card)) mask |= card_bit(card);
            }
        }
    }
    fits->mask[pile] = mask;
    fits->known[pile >> 6] |= 1ULL << (pile & 63);
    return mask;
}

/* the cards that fit somewhere a card of `area` may go, but a talon or an empty packet */
static uint64_t elsewhere(const Tables *t, const State *s, Fits *fits, int area) {
    if ((fits->known_area >> area) & 1) return fits->elsewhere[area];
    uint64_t mask = 0;
    for (int i = 0; i < t->reach_n[area]; i++) {
        int p = t->reach[area][i];
        if (t->role[p] == ROLE_TALON || (!t->is_found[p] && !s->len[p])) continue;
        uint64_t fit = pile_mask(t, s, fits, p);
        if (!t->is_found[p] && t->colour[p] >= 0) fit &= t->colour[p] ? RED_CARDS : ~RED_CARDS;
        mask |= fit;
    }
    fits->elsewhere[area] = mask;
    fits->known_area |= 1ULL << area;
    return mask;
}

/* the cards `pile` accepts from `source_area`, by rank and suit (accepts, for every card at once) */
static uint64_t accepted(const Tables *t, const State *s, Fits *fits, int pile, int source_area) {
    if (t->is_found[pile]) return pile_mask(t, s, fits, pile);
    uint64_t colours = t->colour[pile] < 0 ? ~0ULL : t->colour[pile] ? RED_CARDS : ~RED_CARDS;
    if (t->role[pile] == ROLE_TALON)
        return colours & (t->unplayable[pile] ? ~elsewhere(t, s, fits, source_area) : ~0ULL);
    if (!s->len[pile])
        return ((t->fills_from[pile] >> source_area) & 1) && sources_before_empty(t, s, pile, source_area) ? colours : 0;
    return t->b_has[pile] ? colours & pile_mask(t, s, fits, pile) : 0;
}

static int add_move(Move *out, int n, int kind, int card, int src, int dst, int card2, int src2, int dst2) {
    if (n >= MAXMOVES) return n;
    Move m = {(int8_t)kind, (uint8_t)card, (uint8_t)card2, (int16_t)src, (int16_t)dst, (int16_t)src2, (int16_t)dst2};
    out[n] = m;
    return n + 1;
}

/* one route's moves: by source pile, card and target; of the empty piles of one area,
 * interchangeable, only the first that takes the card. What each target accepts is known
 * before the cards are looked at, so a card that fits nowhere costs one test. */
static int route_moves(const Tables *t, const State *s, Fits *fits, const Route *route, Move *out, int n) {
    uint64_t takes[256], any = 0;
    for (int j = 0; j < route->ntargets; j++) any |= takes[j] = accepted(t, s, fits, route->targets[j], route->area);
    if (!any) return n;
    for (int i = 0; i < route->nsources; i++) {
        int src = route->sources[i], length = s->len[src];
        if (!length) continue;
        for (int pos = route->any_card ? 0 : length - 1; pos < length; pos++) {
            int card = PILE(s, src)[pos], key = card % 52;
            if (!((any >> key) & 1)) continue;
            uint64_t offered = 0;
            for (int j = 0; j < route->ntargets; j++) {
                int dst = route->targets[j];
                if (dst == src || !((takes[j] >> key) & 1)) continue;
                if (!s->len[dst]) {
                    uint64_t area = 1ULL << t->area_of[dst];
                    if (offered & area) continue;
                    offered |= area;
                }
                n = add_move(out, n, K_MOVE, card, src, dst, 0, -1, -1);
            }
        }
    }
    return n;
}

/* the moves of every route open now, but for those that wait for no other move (see legal_moves) */
static int card_moves(const Tables *t, const State *s, Fits *fits, Move *out, int n) {
    for (int r = 0; r < t->nroutes; r++) {
        const Route *route = &t->routes[r];
        if (route->condition == C_NO_OTHER_MOVE || !flow_open(t, s, route->condition)) continue;
        n = route_moves(t, s, fits, route, out, n);
    }
    return n;
}

/* whether some move is real play, not an exchange between foundations (game._playing) */
static int playing(const Tables *t, const Move *moves, int n) {
    for (int i = 0; i < n; i++)
        if (moves[i].kind != K_MOVE || t->role[moves[i].src] != ROLE_FOUNDATION) return 1;
    return 0;
}

/* where a paired card goes: the first foundation, area by area, that takes it (actions._target) */
static int pair_target(const Tables *t, const State *s, Fits *fits, const PairPlan *plan, int card) {
    for (int a = 0; a < plan->nfound; a++)
        for (int p = plan->found_start[a]; p < plan->found_stop[a]; p++)
            if ((pile_mask(t, s, fits, p) >> (card % 52)) & 1) return p;
    return -1;
}

static int pair_matches(const PairPlan *plan, int first, int second) {  /* actions._matches */
    if (plan->match == M_SAME_CARD) return first % 52 == second % 52 && first / 52 != second / 52;
    if (plan->match == M_SAME_RANK) return rank_of(first) == rank_of(second);
    return 1;
}

/* the pairs laid ahead whose two cards both go to a foundation now, the top card first; the
 * card beneath is placed as the position stands, before the top card has gone (actions._laid_pairs) */
static int laid_pairs(const Tables *t, const State *s, Fits *fits, const PairPlan *plan, Move *out, int n) {
    for (int g = 0; g < 2; g++) {
        const int *group = g ? plan->theirs : plan->mine, size = g ? plan->ntheirs : plan->nmine;
        for (int i = 0; i < size; i++) {
            int pile = group[i];
            if (s->len[pile] != 2) continue;
            int top = PILE(s, pile)[1], under = PILE(s, pile)[0];
            int first = pair_target(t, s, fits, plan, top);
            int second = pair_target(t, s, fits, plan, under);
            if (first >= 0 && second >= 0 && first != second) n = add_move(out, n, K_PAIR, top, pile, first, under, pile, second);
        }
    }
    return n;
}

/* a top card that may be paired now: a pile of two cards laid ahead plays only as one */
static int pair_target_of(const Tables *t, const State *s, Fits *fits, const PairPlan *plan, int pile) {
    if (!s->len[pile] || (plan->ahead && s->len[pile] > 1)) return -1;
    return pair_target(t, s, fits, plan, TOP(s, pile));
}

static int pair_moves(const Tables *t, const State *s, Fits *fits, Move *out, int n) {
    for (int k = 0; k < t->npairs; k++) {
        const PairPlan *plan = &t->pairs[k];
        int theirs[MAXC][3], ntheirs = 0;
        for (int i = 0; i < plan->ntheirs; i++) {
            int pile = plan->theirs[i], target = pair_target_of(t, s, fits, plan, pile);
            if (target >= 0) { theirs[ntheirs][0] = TOP(s, pile); theirs[ntheirs][1] = pile; theirs[ntheirs][2] = target; ntheirs++; }
        }
        for (int i = 0; i < plan->nmine; i++) {
            int pile = plan->mine[i], target = pair_target_of(t, s, fits, plan, pile);
            if (target < 0) continue;
            int card = TOP(s, pile);
            for (int j = 0; j < ntheirs; j++)
                if (theirs[j][1] != pile && pair_matches(plan, card, theirs[j][0]))
                    n = add_move(out, n, K_PAIR, card, pile, target, theirs[j][0], theirs[j][1], theirs[j][2]);
        }
        if (plan->ahead) n = laid_pairs(t, s, fits, plan, out, n);
    }
    return n;
}

/* with no pair to play, a single card of one group laid on a matching single card of the
 * other, the first group's cards first (actions.pairs_ahead) */
static int pairs_ahead(const Tables *t, const State *s, Move *out, int n) {
    for (int k = 0; k < t->npairs; k++) {
        const PairPlan *plan = &t->pairs[k];
        if (!plan->ahead) continue;
        for (int g = 0; g < 2; g++) {
            const int *mine = g ? plan->theirs : plan->mine, *theirs = g ? plan->mine : plan->theirs;
            int nmine = g ? plan->ntheirs : plan->nmine, ntheirs = g ? plan->nmine : plan->ntheirs;
            for (int i = 0; i < nmine; i++) {
                int src = mine[i];
                if (s->len[src] != 1) continue;
                for (int j = 0; j < ntheirs; j++) {
                    int dst = theirs[j];
                    if (s->len[dst] == 1 && pair_matches(plan, PILE(s, src)[0], PILE(s, dst)[0]))
                        n = add_move(out, n, K_PAIR_AHEAD, PILE(s, src)[0], src, dst, PILE(s, dst)[0], -1, -1);
                }
            }
        }
    }
    return n;
}

/* actions.moves: the pairs, or, where none can be played, the pairs laid ahead */
static int action_moves(const Tables *t, const State *s, Fits *fits, Move *out, int n) {
    int before = n;
    n = pair_moves(t, s, fits, out, n);
    if (n == before && t->any_ahead) n = pairs_ahead(t, s, out, n);
    return n;
}

static int gathered(const Tables *t, const State *s) {
    int total = 0;
    for (int i = 0; i < t->ngather; i++) total += s->len[t->gather[i]];
    return total;
}

/* the routes that wait (the pack turned once nothing else moves: game._card_moves) come after
 * the others' moves, listed only when neither those nor any pair is real play; every pair is,
 * so when they are listed no pair follows them */
static int legal_moves(const Tables *t, const State *s, Move *out) {
    Fits fits;
    fits.known[0] = fits.known[1] = fits.known[2] = fits.known[3] = fits.known_area = 0;
    int n = card_moves(t, s, &fits, out, 0), cards = n;
    if (t->npairs) n = action_moves(t, s, &fits, out, n);
    if (t->nwaiting && n == cards && !playing(t, out, n))
        for (int i = 0; i < t->nwaiting; i++) n = route_moves(t, s, &fits, &t->routes[t->waiting[i]], out, n);
    if (s->len[0]) {
        if (t->has_row) {
            int may = 1;
            if (t->row_when)
                for (int i = 0; i < n; i++)
                    if (t->role[out[i].dst] == ROLE_FOUNDATION && t->role[out[i].src] != ROLE_FOUNDATION) { may = 0; break; }
            if (may) n = add_move(out, n, K_DEAL_ROW, 0, -1, -1, 0, -1, -1);
        }
    } else if (t->has_redeal && s->passes <= t->redeals) {
        int may = 1;
        if (t->redeal_when)
            for (int i = 0; i < n; i++)
                if (out[i].kind != K_MOVE || t->role[out[i].src] != ROLE_FOUNDATION) { may = 0; break; }
        if (may && gathered(t, s)) n = add_move(out, n, K_REDEAL, 0, -1, -1, 0, -1, -1);
    }
    if (t->ncomp) {
        int pending = 0;
        for (int i = 0; i < t->ncomp; i++) if (!s->len[t->comp[i]]) { pending = 1; break; }
        if (pending) {
            int k = 0;
            for (int i = 0; i < n; i++)
                if (out[i].kind == K_MOVE && t->is_comp[out[i].dst] && !s->len[out[i].dst]) out[k++] = out[i];
            if (k) n = k;
        }
    }
    return n;
}

static int fits_colour(int colour, int card) { return colour < 0 || is_red(card) == colour; }

static int fill_spaces(const Tables *t, State *s) {
    int any_empty = 0;
    for (int i = 0; i < t->nautopiles; i++) if (!s->len[t->autopiles[i]]) { any_empty = 1; break; }
    if (!any_empty) return 0;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (int f = 0; f < t->nfills; f++) {
            const Fill *fill = &t->fills[f];
            int full = 1;
            for (int p = fill->start; p < fill->stop; p++) if (!s->len[p]) { full = 0; break; }
            if (full) continue;
            for (int p = fill->start; p < fill->stop; p++) {
                if (s->len[p]) continue;
                for (int k = 0; k < fill->count; k++) {
                    int donor = -1;
                    for (int d = 0; d < fill->ndonors; d++) {
                        int q = fill->donors[d];
                        if (s->len[q] && fits_colour(fill->colour, TOP(s, q))) { donor = q; break; }
                    }
                    if (donor < 0) break;
                    if (transfer(s, donor, s->len[donor] - 1, p) < 0) return -1;
                    changed = 1;
                }
            }
        }
    }
    return 0;
}

/* the gathered cards in the order of their keys (rng.keyed_order; the keys are distinct) */
static void keyed_order(uint8_t *cards, int n, const uint64_t *keys) {
    for (int i = 1; i < n; i++) {
        uint8_t card = cards[i];
        int j = i - 1;
        while (j >= 0 && keys[cards[j]] > keys[card]) { cards[j + 1] = cards[j]; j--; }
        cards[j + 1] = card;
    }
}

static int apply_move(const Tables *t, State *s, const Move *m) {
    int *frames = grow(s->frames, &s->capframes, s->nframes + 1, sizeof(int));
    if (!frames) return -1;
    s->frames = frames;
    frames[s->nframes++] = s->nops;
    if (m->kind == K_MOVE) {
        const uint8_t *cards = PILE(s, m->src);
        int pos = s->len[m->src] - 1;
        while (pos >= 0 && cards[pos] != m->card) pos--;
        if (transfer(s, m->src, pos, m->dst) < 0) return -1;
    } else if (m->kind == K_PAIR || m->kind == K_PAIR_AHEAD) {
        /* a pair laid ahead has one pile for both cards: its top card goes first */
        if (transfer(s, m->src, s->len[m->src] - 1, m->dst) < 0) return -1;
        if (m->kind == K_PAIR && transfer(s, m->src2, s->len[m->src2] - 1, m->dst2) < 0) return -1;
    } else if (m->kind == K_DEAL_ROW) {
        int last = t->has_redeal && s->passes == t->redeals + 1;
        for (int i = 0; i < t->nrow; i++) {
            const RowPart *part = &t->row[i];
            if (last && ((t->omit_last >> part->area) & 1)) continue;
            for (int p = part->start; p < part->stop; p++)
                for (int k = 0; k < part->per_pile && s->len[0]; k++)
                    if (transfer(s, 0, s->len[0] - 1, p) < 0) return -1;
        }
    } else {
        uint8_t gathered_cards[MAXC * 2], reversed[MAXC * 2];
        int n = 0;
        for (int i = 0; i < t->ngather; i++) {
            int p = t->gather[i];
            memcpy(gathered_cards + n, PILE(s, p), (size_t)s->len[p]);
            n += s->len[p];
            if (replace_pile(s, p, NULL, 0) < 0) return -1;
        }
        if (t->shuffle) keyed_order(gathered_cards, n, s->keys + (size_t)(s->passes - 1) * t->total);
        for (int i = 0; i < n; i++) reversed[i] = gathered_cards[n - 1 - i];
        if (replace_pile(s, 0, reversed, n) < 0) return -1;
        if (op(s, 2, s->passes, 0, 0) < 0) return -1;
        s->passes++;
    }
    if (t->nfills && fill_spaces(t, s) < 0) return -1;
    return 0;
}

static void undo_move(State *s) {
    reverse_ops(s, s->frames[--s->nframes]);
}

static int is_won(const Tables *t, const State *s) {
    for (int i = 0; i < t->nplay; i++) if (s->len[t->in_play[i]]) return 0;
    return 1;
}

/* ---------------------------------------------------------------- the search's tables (position.py, safe.py, ordering.py) */
static inline uint64_t mix64(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* the key of a position: each pile hashed (its cards as their classes, in the last pass or
 * without shuffles), from the longest beginning of it whose hash is still good; each hash
 * mixed with its pile's salt, the same for the piles of a symmetric area, so that the sum
 * of the terms does not depend on their order there; the sum mixed with the pass */
static uint64_t position_key(const Tables *t, State *s) {
    int classes = t->has_classes && s->passes >= t->classes_from;
    if (classes != s->hashed_classes) {
        for (int p = 0; p < t->npiles; p++) SPOIL(s, p, 0);
        s->hashed_classes = classes;
    }
    for (int p = 0; p < t->npiles; p++) {
        if (!s->dirty[p]) continue;
        const uint8_t *cards = PILE(s, p);
        uint64_t *prefix = s->prefix + (size_t)p * (MAXC + 1);
        for (int i = s->valid[p]; i < s->len[p]; i++)
            prefix[i + 1] = mix64(prefix[i] ^ (uint64_t)(classes ? t->classes[cards[i]] : cards[i]) ^ ((uint64_t)i << 40));
        s->valid[p] = s->len[p];
        uint64_t term = mix64(mix64(prefix[s->len[p]] + (uint64_t)s->len[p] * 0x9E3779B97F4A7C15ULL) ^ t->salt[p]);
        s->terms += term - s->term[p];
        s->term[p] = term;
        s->dirty[p] = 0;
    }
    uint64_t key = mix64(s->terms ^ ((uint64_t)s->passes * 0xD6E8FEB86659FD93ULL));
    return key ? key : 1;
}

typedef struct { uint64_t *slots; size_t mask, count; } Seen;

static int seen_init(Seen *seen) {
    seen->mask = (1 << 16) - 1;
    seen->count = 0;
    seen->slots = calloc(seen->mask + 1, sizeof(uint64_t));
    if (!seen->slots) return -1;  /* raised by the caller, with the GIL (raise_failure) */
    return 0;
}

/* 1 if the key is new (and now kept), 0 if seen, -1 if out of memory (no exception:
 * called without the GIL) */
static int seen_add(Seen *seen, uint64_t key) {
    if (2 * (seen->count + 1) > seen->mask + 1) {
        size_t mask = 2 * seen->mask + 1;
        uint64_t *slots = calloc(mask + 1, sizeof(uint64_t));
        if (!slots) return -1;
        for (size_t i = 0; i <= seen->mask; i++) {
            uint64_t k = seen->slots[i];
            if (!k) continue;
            size_t j = mix64(k) & mask;
            while (slots[j]) j = (j + 1) & mask;
            slots[j] = k;
        }
        free(seen->slots);
        seen->slots = slots;
        seen->mask = mask;
    }
    size_t j = mix64(key) & seen->mask;
    while (seen->slots[j]) {
        if (seen->slots[j] == key) return 0;
        j = (j + 1) & seen->mask;
    }
    seen->slots[j] = key;
    seen->count++;
    return 1;
}

static int priority(const Tables *t, const Move *m) {  /* autoplay.priority */
    if (m->kind == K_PAIR) return 0;
    if (m->kind == K_DEAL_ROW) return 5;
    if (m->kind == K_REDEAL) return 6;
    int target = t->role[m->dst], source = t->role[m->src];
    if (source == ROLE_FOUNDATION) return 7;
    if (target == ROLE_FOUNDATION) return 0;
    if (target == ROLE_TALON) return 4;
    if (source == ROLE_STOCK || source == ROLE_TALON) return 1;
    return 2;
}

static int sequence_has(const Tables *t, int pile, int from, int rank) {
    for (int i = from; i < t->f_len[pile]; i++) if (t->f_seq[pile][i] == rank) return 1;
    return 0;
}

static int is_safe(const Tables *t, const State *s, const Move *m) {
    int card = m->card;
    if (!t->eligible[m->src] || (s->len[m->src] == 1 && !t->may_empty[m->src])) return 0;
    if (t->f_distinct[m->dst] && !s->len[m->dst]) return 0;
    for (int i = 0; i < t->nfoundations; i++) {  /* _only_target */
        int pile = t->foundations[i];
        if (pile == m->dst) continue;
        if (!sequence_has(t, pile, s->len[pile], rank_of(card))) continue;
        if (s->len[pile] && t->f_follow[pile] && suit_of(PILE(s, pile)[0]) != suit_of(card)) continue;
        return 0;
    }
    int key = card % 52, np = t->npartners[key];
    if (!np) return 1;
    int up[52] = {0};
    for (int i = 0; i < t->nfoundations; i++) {
        int pile = t->foundations[i];
        for (int j = 0; j < s->len[pile]; j++) up[PILE(s, pile)[j] % 52]++;
    }
    for (int i = 0; i < np; i++) if (up[t->partners[key][i]] < t->packs) return 0;
    return 1;
}

static int find_safe(const Tables *t, const State *s, const Move *moves, int n) {
    if (!t->safe_enabled) return -1;
    for (int i = 0; i < n; i++)
        if (moves[i].kind == K_MOVE && t->is_found[moves[i].dst] && is_safe(t, s, &moves[i])) return i;
    return -1;
}

#define FAR 30
static double PENALTY[100];

/* ordering.score with peek: what the search prefers (see ordering.py for its meaning) */
static double score(const Tables *t, const State *s) {
    int need[52];
    int nearest[52 + 13]; int wish[52 + 13];
    for (int i = 0; i < 52; i++) need[i] = 99;
    for (int i = 0; i < 65; i++) { wish[i] = 0; nearest[i] = FAR; }
    for (int i = 0; i < t->nfoundations; i++) {
        int pile = t->foundations[i], n = s->len[pile];
        int known = n && t->f_follow[pile];
        int suits[4], nsuits = 0;
        if (known) suits[nsuits++] = suit_of(PILE(s, pile)[0]);
        else for (int k = 0; k < 4; k++) suits[nsuits++] = k;
        if (!n && t->f_distinct[pile]) {
            int kept = 0;
            for (int k = 0; k < nsuits; k++) {
                int taken = 0;
                for (int p = t->f_astart[pile]; p < t->f_astop[pile]; p++)
                    if (s->len[p] && suit_of(PILE(s, p)[0]) == suits[k]) taken = 1;
                if (!taken) suits[kept++] = suits[k];
            }
            nsuits = kept;
        }
        for (int distance = 0; n + distance < t->f_len[pile]; distance++) {
            int rank = t->f_seq[pile][n + distance];
            for (int k = 0; k < nsuits; k++) {
                int key = suits[k] * 13 + rank - 1;
                if (distance < need[key]) need[key] = distance;
            }
            if (!distance && nsuits) wish[known ? suits[0] * 13 + rank - 1 : 52 + rank - 1] = 1;
        }
    }
    double total = 0.0;
    int stock_empty = !s->len[0];
    for (int i = 0; i < t->nlooked; i++) {
        int pile = t->look_pile[i], look = t->look_kind[i], n = s->len[pile];
        if (look == 0) { total += 100 * n; continue; }
        if (look == 2 && !stock_empty) continue;
        if (!n) { total += 8; continue; }
        double penalty = 0.0;
        int latest_above = -1, away = t->look_hops[i];
        const uint8_t *cards = PILE(s, pile);
        for (int j = n - 1; j >= 0; j--) {
            int key = cards[j] % 52, wanted = need[key];
            if (wanted > latest_above) latest_above = wanted;
            else if (t->look_blocking[i] && wanted < latest_above) penalty += PENALTY[wanted];
            if (wish[key] && away < nearest[key]) nearest[key] = away;
            int any = 52 + key % 13;
            if (wish[any] && away < nearest[any]) nearest[any] = away;
            away++;
        }
        total -= penalty;
    }
    long far = 0;
    for (int i = 0; i < 65; i++) if (wish[i]) far += nearest[i];
    return total - (double)far;
}

/* ---------------------------------------------------------------- the searches (search.py) */
typedef struct {
    const Tables *t;
    State *s;
    Seen seen;
    long budget;
    Move *buffer;   /* room for one position's legal moves */
    Move *down; int cap_down;  /* the moves from a common ancestor down to a node (go_to) */
} Search;

static int children(Search *search, Move *out) {
    int n = legal_moves(search->t, search->s, out);
    int safe = find_safe(search->t, search->s, out, n);
    if (safe >= 0) { out[0] = out[safe]; return 1; }
    return n;
}

typedef struct { double score; int rank, node; } Entry;
typedef struct { Entry *items; int n, cap; } Heap;

static int entry_less(const Entry *a, const Entry *b) {
    if (a->score != b->score) return a->score < b->score;
    if (a->rank != b->rank) return a->rank < b->rank;
    return a->node < b->node;
}

static int heap_push(Heap *h, Entry e) {
    Entry *items = grow(h->items, &h->cap, h->n + 1, sizeof(Entry));
    if (!items) return -1;
    h->items = items;
    int i = h->n++;
    while (i > 0) {
        int parent = (i - 1) / 2;
        if (!entry_less(&e, &h->items[parent])) break;
        h->items[i] = h->items[parent];
        i = parent;
    }
    h->items[i] = e;
    return 0;
}

static Entry heap_pop(Heap *h) {
    Entry top = h->items[0], last = h->items[--h->n];
    int i = 0;
    for (;;) {
        int child = 2 * i + 1;
        if (child >= h->n) break;
        if (child + 1 < h->n && entry_less(&h->items[child + 1], &h->items[child])) child++;
        if (!entry_less(&h->items[child], &last)) break;
        h->items[i] = h->items[child];
        i = child;
    }
    if (h->n) h->items[i] = last;
    return top;
}

typedef struct { int outcome; long nodes; Move *line; int nline; } Result;

static int enter(Search *search) {
    return seen_add(&search->seen, position_key(search->t, search->s));
}


typedef struct { int *parent, *depth; Move *move; int n, cap_parent, cap_depth, cap_move; } Tree;

static int tree_add(Tree *tree, int parent, const Move *m, int depth) {
    int *p = grow(tree->parent, &tree->cap_parent, tree->n + 1, sizeof(int));
    if (!p) return -1;
    tree->parent = p;
    int *d = grow(tree->depth, &tree->cap_depth, tree->n + 1, sizeof(int));
    if (!d) return -1;
    tree->depth = d;
    Move *mv = grow(tree->move, &tree->cap_move, tree->n + 1, sizeof(Move));
    if (!mv) return -1;
    tree->move = mv;
    tree->parent[tree->n] = parent; tree->depth[tree->n] = depth;
    if (m) tree->move[tree->n] = *m;
    return tree->n++;
}

static int go_to(Search *search, Tree *tree, int *at, int node) {
    int here = *at, there = node, count = 0;
    Move *down = grow(search->down, &search->cap_down, tree->depth[node] + 1, sizeof(Move));
    if (!down) return -1;
    search->down = down;
    while (tree->depth[there] > tree->depth[here]) { down[count++] = tree->move[there]; there = tree->parent[there]; }
    while (tree->depth[here] > tree->depth[there]) { undo_move(search->s); here = tree->parent[here]; }
    while (here != there) {
        undo_move(search->s);
        down[count++] = tree->move[there];
        here = tree->parent[here]; there = tree->parent[there];
    }
    for (int i = count - 1; i >= 0; i--) if (apply_move(search->t, search->s, &down[i]) < 0) return -1;
    *at = node;
    return 0;
}

static int line_of(Tree *tree, int node, Result *result) {
    int n = tree->depth[node];
    result->line = malloc(sizeof(Move) * (size_t)(n ? n : 1));
    if (!result->line) return -1;
    result->nline = n;
    for (int i = n - 1; i >= 0; i--) { result->line[i] = tree->move[node]; node = tree->parent[node]; }
    return 0;
}

typedef struct { Entry *items; int n, cap; } Entries;

/* search.BestFirst.expand: the state brought to `node`, and each child not seen before
   added to the tree, its entry (promise less `dive` points a move made, then the move's
   rank) appended to `found`. 1 when a child is won (its line in `result`) or the budget
   is spent (unknown), -1 on failure, else 0. */
static int expand(Search *search, Tree *tree, int *at, int node, int dive, Entries *found, Result *result) {
    const Tables *t = search->t;
    State *s = search->s;
    if (go_to(search, tree, at, node) < 0) return -1;
    int n = children(search, search->buffer);
    Move *moves = search->buffer;  /* nothing below lists moves again before the next node */
    for (int i = 0; i < n; i++) {
        if (apply_move(t, s, &moves[i]) < 0) return -1;
        int fresh = enter(search);
        if (fresh < 0) return -1;
        if (fresh) {
            int depth = tree->depth[node] + 1, child = tree_add(tree, node, &moves[i], depth);
            if (child < 0) return -1;
            if (is_won(t, s)) {
                result->outcome = OUT_WON;
                return line_of(tree, child, result) < 0 ? -1 : 1;
            }
            if ((long)search->seen.count >= search->budget) {
                result->outcome = OUT_UNKNOWN;
                return 1;
            }
            Entry *more = grow(found->items, &found->cap, found->n + 1, sizeof(Entry));
            if (!more) return -1;
            found->items = more;
            Entry e = {-score(t, s) - (double)(dive * depth), priority(t, &moves[i]), child};
            found->items[found->n++] = e;
        }
        undo_move(s);
    }
    return 0;
}

static int best_first(Search *search, Result *result) {
    Tree tree = {0};
    Heap heap = {0};
    Entries found = {0};
    int at = 0, status = 0;
    result->line = NULL; result->nline = 0; result->outcome = OUT_LOST;
    if (enter(search) < 0 || tree_add(&tree, -1, NULL, 0) < 0) return -1;
    Entry root = {0.0, 0, 0};
    if (heap_push(&heap, root) < 0) return -1;
    while (heap.n && !status) {
        found.n = 0;
        status = expand(search, &tree, &at, heap_pop(&heap).node, search->t->dive, &found, result);
        for (int i = 0; i < found.n && !status; i++) if (heap_push(&heap, found.items[i]) < 0) status = -1;
    }
    result->nodes = (long)search->seen.count;
    /* leave the state where it began */
    while (search->s->nframes) undo_move(search->s);
    free(tree.parent); free(tree.depth); free(tree.move); free(heap.items); free(found.items);
    return status < 0 ? -1 : 0;
}

static int compare_entries(const void *a, const void *b) {
    return entry_less(a, b) ? -1 : entry_less(b, a) ? 1 : 0;
}

/* search.BeamPass: every position of one depth expanded, the `width` most promising of
   their children kept as the next depth; lost only if no position was ever left out */
static int beam_pass(Search *search, int width, Result *result) {
    Tree tree = {0};
    Entries found = {0};
    int *layer = NULL, nlayer = 1, cap_layer = 0;
    int at = 0, status = 0, cut = 0;
    result->line = NULL; result->nline = 0; result->outcome = OUT_UNKNOWN;
    if (enter(search) < 0 || tree_add(&tree, -1, NULL, 0) < 0) return -1;
    layer = grow(NULL, &cap_layer, 1, sizeof(int));
    if (!layer) status = -1; else layer[0] = 0;
    while (nlayer && !status) {
        found.n = 0;
        for (int k = 0; k < nlayer && !status; k++) status = expand(search, &tree, &at, layer[k], 0, &found, result);
        if (status) break;
        if (found.n) qsort(found.items, (size_t)found.n, sizeof(Entry), compare_entries);
        if (found.n > width) cut = 1;
        nlayer = found.n < width ? found.n : width;
        int *grown = grow(layer, &cap_layer, nlayer, sizeof(int));
        if (!grown) { status = -1; break; }
        layer = grown;
        for (int k = 0; k < nlayer; k++) layer[k] = found.items[k].node;
    }
    if (!status && !cut) result->outcome = OUT_LOST;
    result->nodes = (long)search->seen.count;
    while (search->s->nframes) undo_move(search->s);
    free(tree.parent); free(tree.depth); free(tree.move); free(found.items); free(layer);
    return status < 0 ? -1 : 0;
}

/* search.Beam: passes one, two, four ... positions wide, each with a table of its own */
static int beam(Search *search, Result *result) {
    long budget = search->budget, spent = 0;
    int width = 1;
    result->line = NULL; result->nline = 0; result->outcome = OUT_UNKNOWN; result->nodes = 0;
    while (spent < budget) {
        Result pass = {0};
        search->budget = budget - spent;
        if (seen_init(&search->seen) < 0) return -1;
        int status = beam_pass(search, width, &pass);
        free(search->seen.slots);
        search->seen.slots = NULL;
        if (status < 0) { free(pass.line); return -1; }
        spent += pass.nodes;
        if (pass.outcome != OUT_UNKNOWN || spent >= budget) {
            *result = pass;
            break;
        }
        if (width < (1 << 29)) width *= 2;
    }
    result->nodes = spent;
    search->budget = budget;
    return 0;
}

static int compare_rank(const void *a, const void *b) {
    const int *x = a, *y = b;
    if (x[0] != y[0]) return x[0] - y[0];
    return x[1] - y[1];  /* stable: the listed order among equals */
}

static int depth_first(Search *search, Result *result) {
    const Tables *t = search->t;
    State *s = search->s;
    Move *levels = NULL; int cap_levels = 0, used = 0;
    int *start = NULL, *count = NULL, *next = NULL; int cap_a = 0, cap_b = 0, cap_c = 0, depth = 0;
    Move *path = NULL; int cap_path = 0, npath = 0;
    int status = 0;
    result->line = NULL; result->nline = 0; result->outcome = OUT_LOST;
    if (enter(search) < 0) return -1;
    int pushed = 1;
    while (1) {
        if (pushed) {  /* the moves of the position now reached, in the order of priority */
            int n = children(search, search->buffer);
            int (*order)[2] = malloc(sizeof(int[2]) * (size_t)(n ? n : 1));
            if (!order) { status = -1; break; }
            for (int i = 0; i < n; i++) { order[i][0] = priority(t, &search->buffer[i]); order[i][1] = i; }
            qsort(order, (size_t)n, sizeof(int[2]), compare_rank);
            Move *grown = grow(levels, &cap_levels, used + n, sizeof(Move));
            int *a = grow(start, &cap_a, depth + 1, sizeof(int)), *b, *c;
            if (!grown || !a) { free(order); status = -1; break; }
            levels = grown; start = a;
            b = grow(count, &cap_b, depth + 1, sizeof(int));
            if (!b) { free(order); status = -1; break; }
            count = b;
            c = grow(next, &cap_c, depth + 1, sizeof(int));
            if (!c) { free(order); status = -1; break; }
            next = c;
            for (int i = 0; i < n; i++) levels[used + i] = search->buffer[order[i][1]];
            free(order);
            start[depth] = used; count[depth] = n; next[depth] = 0; used += n; depth++;
            pushed = 0;
        }
        if (!depth) break;
        int level = depth - 1;
        if (next[level] == count[level]) {
            used = start[level];
            depth--;
            if (npath) { undo_move(s); npath--; }
            continue;
        }
        Move m = levels[start[level] + next[level]++];
        if (apply_move(t, s, &m) < 0) { status = -1; break; }
        int fresh = enter(search);
        if (fresh < 0) { status = -1; break; }
        if (!fresh) { undo_move(s); continue; }
        Move *p = grow(path, &cap_path, npath + 1, sizeof(Move));
        if (!p) { status = -1; break; }
        path = p;
        path[npath++] = m;
        if (is_won(t, s)) {
            result->outcome = OUT_WON;
            result->line = malloc(sizeof(Move) * (size_t)npath);
            if (!result->line) { status = -1; break; }
            memcpy(result->line, path, sizeof(Move) * (size_t)npath);
            result->nline = npath;
            break;
        }
        if ((long)search->seen.count >= search->budget) { result->outcome = OUT_UNKNOWN; break; }
        pushed = 1;
    }
    result->nodes = (long)search->seen.count;
    while (s->nframes) undo_move(s);
    free(levels); free(start); free(count); free(next); free(path);
    return status;
}

/* ---------------------------------------------------------------- reading the tables from Python */
static int *int_list(PyObject *dict, const char *name, int *n) {
    PyObject *seq = PyDict_GetItemString(dict, name);
    if (!seq) { PyErr_Format(PyExc_KeyError, "native tables: no %s", name); return NULL; }
    PyObject *fast = PySequence_Fast(seq, name);
    if (!fast) return NULL;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast);
    int *values = malloc(sizeof(int) * (size_t)(size ? size : 1));
    if (!values) { Py_DECREF(fast); PyErr_NoMemory(); return NULL; }
    for (Py_ssize_t i = 0; i < size; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(fast, i));
        if (v == -1 && PyErr_Occurred()) { free(values); Py_DECREF(fast); return NULL; }
        values[i] = (int)v;
    }
    Py_DECREF(fast);
    if (n) *n = (int)size;
    return values;
}

static int int_of(PyObject *dict, const char *name, int *value) {
    PyObject *item = PyDict_GetItemString(dict, name);
    if (!item) { PyErr_Format(PyExc_KeyError, "native tables: no %s", name); return -1; }
    long v = PyLong_AsLong(item);
    if (v == -1 && PyErr_Occurred()) return -1;
    *value = (int)v;
    return 0;
}

/* a list of lists of ints, flattened: offsets[i]..offsets[i + 1] */
static int nested(PyObject *dict, const char *name, int **flat, int **offsets, int *n) {
    PyObject *seq = PyDict_GetItemString(dict, name);
    if (!seq) { PyErr_Format(PyExc_KeyError, "native tables: no %s", name); return -1; }
    PyObject *fast = PySequence_Fast(seq, name);
    if (!fast) return -1;
    Py_ssize_t size = PySequence_Fast_GET_SIZE(fast), total = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        Py_ssize_t k = PySequence_Size(PySequence_Fast_GET_ITEM(fast, i));
        if (k < 0) { Py_DECREF(fast); return -1; }
        total += k;
    }
    *flat = malloc(sizeof(int) * (size_t)(total ? total : 1));
    *offsets = malloc(sizeof(int) * (size_t)(size + 1));
    if (!*flat || !*offsets) { Py_DECREF(fast); PyErr_NoMemory(); return -1; }
    Py_ssize_t at = 0;
    for (Py_ssize_t i = 0; i < size; i++) {
        (*offsets)[i] = (int)at;
        PyObject *inner = PySequence_Fast(PySequence_Fast_GET_ITEM(fast, i), name);
        if (!inner) { Py_DECREF(fast); return -1; }
        for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(inner); j++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(inner, j));
            if (v == -1 && PyErr_Occurred()) { Py_DECREF(inner); Py_DECREF(fast); return -1; }
            (*flat)[at++] = (int)v;
        }
        Py_DECREF(inner);
    }
    (*offsets)[size] = (int)at;
    Py_DECREF(fast);
    *n = (int)size;
    return 0;
}

static void tables_free(PyObject *capsule) {
    /* the tables live as long as the process: a game's tables are made once (native.py caches them) */
    (void)capsule;
}

#define LIST(field, name) do { if (!(t->field = int_list(d, name, NULL))) return NULL; } while (0)
#define NUMBER(field, name) do { if (int_of(d, name, &t->field) < 0) return NULL; } while (0)

static PyObject *compile_tables(PyObject *self, PyObject *d) {
    (void)self;
    if (!PyDict_Check(d)) { PyErr_SetString(PyExc_TypeError, "compile() takes the tables as a dict"); return NULL; }
    Tables *t = calloc(1, sizeof(Tables));
    if (!t) return PyErr_NoMemory();
    NUMBER(npiles, "npiles"); NUMBER(total, "total"); NUMBER(packs, "packs"); NUMBER(nareas, "nareas");
    if (t->npiles > 255 || t->nareas > 63) { PyErr_SetString(PyExc_ValueError, "too many piles or areas"); return NULL; }
    LIST(area_of, "area_of"); LIST(role, "role"); LIST(colour, "colour"); LIST(unplayable, "unplayable");
    LIST(is_found, "is_found"); LIST(f_len, "f_len"); LIST(f_follow, "f_follow"); LIST(f_brank, "f_brank");
    LIST(f_bsuit, "f_bsuit"); LIST(f_bcolour, "f_bcolour"); LIST(f_appear, "f_appear"); LIST(f_distinct, "f_distinct");
    LIST(f_astart, "f_astart"); LIST(f_astop, "f_astop");
    int *seq_flat, *seq_off, nseq;
    if (nested(d, "f_seq", &seq_flat, &seq_off, &nseq) < 0) return NULL;
    t->f_seq = calloc((size_t)t->npiles, sizeof(int[MAXSEQ]));
    for (int p = 0; p < nseq && p < t->npiles; p++)
        for (int i = seq_off[p]; i < seq_off[p + 1] && i - seq_off[p] < MAXSEQ; i++) t->f_seq[p][i - seq_off[p]] = seq_flat[i];
    LIST(b_has, "b_has"); LIST(b_dir, "b_dir"); LIST(b_suit, "b_suit"); LIST(b_kept, "b_kept"); LIST(b_order, "b_order");
    int *fills_flat, *fills_off, nfill_lists;
    if (nested(d, "fills_from", &fills_flat, &fills_off, &nfill_lists) < 0) return NULL;
    t->fills_from = calloc((size_t)t->npiles, sizeof(uint64_t));
    for (int p = 0; p < nfill_lists; p++)
        for (int i = fills_off[p]; i < fills_off[p + 1]; i++) t->fills_from[p] |= 1ULL << fills_flat[i];
    int nwait_lists;
    if (nested(d, "fills_wait", &t->wait_flat, &t->wait_off, &nwait_lists) < 0) return NULL;
    if (nwait_lists != t->npiles) { PyErr_SetString(PyExc_ValueError, "native tables: fills_wait is not per pile"); return NULL; }
    /* routes: [area, any_card, condition, [sources], [targets]] */
    PyObject *routes = PyDict_GetItemString(d, "routes");
    if (!routes) { PyErr_SetString(PyExc_KeyError, "native tables: no routes"); return NULL; }
    t->nroutes = (int)PySequence_Size(routes);
    t->routes = calloc((size_t)(t->nroutes ? t->nroutes : 1), sizeof(Route));
    for (int r = 0; r < t->nroutes; r++) {
        PyObject *entry = PySequence_GetItem(routes, r);
        if (!entry || !PyDict_Check(entry)) { Py_XDECREF(entry); PyErr_SetString(PyExc_TypeError, "a route is a dict"); return NULL; }
        Route *route = &t->routes[r];
        if (int_of(entry, "area", &route->area) < 0 || int_of(entry, "any_card", &route->any_card) < 0 ||
            int_of(entry, "condition", &route->condition) < 0 ||
            !(route->sources = int_list(entry, "sources", &route->nsources)) ||
            !(route->targets = int_list(entry, "targets", &route->ntargets))) { Py_DECREF(entry); return NULL; }
        Py_DECREF(entry);
    }
    if (!(t->waiting = int_list(d, "waiting", &t->nwaiting))) return NULL;
    int *reach_flat, *reach_off, nreach;
    if (nested(d, "reach", &reach_flat, &reach_off, &nreach) < 0) return NULL;
    t->reach_n = calloc((size_t)(t->nareas + 1), sizeof(int));
    t->reach = calloc((size_t)(t->nareas + 1), sizeof(int *));
    for (int a = 0; a < nreach && a <= t->nareas; a++) { t->reach_n[a] = reach_off[a + 1] - reach_off[a]; t->reach[a] = reach_flat + reach_off[a]; }
    if (!(t->talons = int_list(d, "talons", &t->ntalons))) return NULL;
    if (!(t->in_play = int_list(d, "in_play", &t->nplay))) return NULL;
    /* fills: [start, stop, count, colour, [donors]] */
    PyObject *fills = PyDict_GetItemString(d, "fills");
    if (!fills) { PyErr_SetString(PyExc_KeyError, "native tables: no fills"); return NULL; }
    t->nfills = (int)PySequence_Size(fills);
    t->fills = calloc((size_t)(t->nfills ? t->nfills : 1), sizeof(Fill));
    for (int f = 0; f < t->nfills; f++) {
        PyObject *entry = PySequence_GetItem(fills, f);
        Fill *fill = &t->fills[f];
        if (!entry || int_of(entry, "start", &fill->start) < 0 || int_of(entry, "stop", &fill->stop) < 0 ||
            int_of(entry, "count", &fill->count) < 0 || int_of(entry, "colour", &fill->colour) < 0 ||
            !(fill->donors = int_list(entry, "donors", &fill->ndonors))) { Py_XDECREF(entry); return NULL; }
        Py_DECREF(entry);
    }
    if (!(t->autopiles = int_list(d, "autopiles", &t->nautopiles))) return NULL;
    if (!(t->comp = int_list(d, "compulsory", &t->ncomp))) return NULL;
    t->is_comp = calloc((size_t)t->npiles, sizeof(int));
    for (int i = 0; i < t->ncomp; i++) t->is_comp[t->comp[i]] = 1;
    NUMBER(has_row, "has_row"); NUMBER(row_when, "row_when");
    int *row_flat, *row_off, nrow;
    if (nested(d, "row", &row_flat, &row_off, &nrow) < 0) return NULL;
    t->nrow = nrow;
    t->row = calloc((size_t)(nrow ? nrow : 1), sizeof(RowPart));
    for (int i = 0; i < nrow; i++) {
        int *v = row_flat + row_off[i];
        t->row[i].area = v[0]; t->row[i].start = v[1]; t->row[i].stop = v[2]; t->row[i].per_pile = v[3];
    }
    int *omit, nomit;
    if (!(omit = int_list(d, "omit_last", &nomit))) return NULL;
    for (int i = 0; i < nomit; i++) t->omit_last |= 1ULL << omit[i];
    NUMBER(has_redeal, "has_redeal"); NUMBER(redeals, "redeals"); NUMBER(shuffle, "shuffle"); NUMBER(redeal_when, "redeal_when");
    if (!(t->gather = int_list(d, "gather", &t->ngather))) return NULL;
    /* pairs: {match, ahead, mine: [piles], theirs: [piles], foundations: [[start, stop], ...]} */
    PyObject *pairs = PyDict_GetItemString(d, "pairs");
    if (!pairs) { PyErr_SetString(PyExc_KeyError, "native tables: no pairs"); return NULL; }
    t->npairs = (int)PySequence_Size(pairs);
    t->pairs = calloc((size_t)(t->npairs ? t->npairs : 1), sizeof(PairPlan));
    for (int k = 0; k < t->npairs; k++) {
        PyObject *entry = PySequence_GetItem(pairs, k);
        PairPlan *plan = &t->pairs[k];
        int *flat, *off, nf;
        if (!entry || int_of(entry, "match", &plan->match) < 0 || int_of(entry, "ahead", &plan->ahead) < 0 ||
            !(plan->mine = int_list(entry, "mine", &plan->nmine)) || !(plan->theirs = int_list(entry, "theirs", &plan->ntheirs)) ||
            nested(entry, "foundations", &flat, &off, &nf) < 0) { Py_XDECREF(entry); return NULL; }
        plan->nfound = nf;
        plan->found_start = malloc(sizeof(int) * (size_t)(nf ? nf : 1));
        plan->found_stop = malloc(sizeof(int) * (size_t)(nf ? nf : 1));
        for (int a = 0; a < nf; a++) { plan->found_start[a] = flat[off[a]]; plan->found_stop[a] = flat[off[a] + 1]; }
        t->any_ahead |= plan->ahead;
        Py_DECREF(entry);
    }
    /* the search */
    int *sym_flat, *sym_off, nsym;
    if (nested(d, "symmetric", &sym_flat, &sym_off, &nsym) < 0) return NULL;
    t->nsym = nsym;
    t->sym_start = malloc(sizeof(int) * (size_t)(nsym ? nsym : 1));
    t->sym_stop = malloc(sizeof(int) * (size_t)(nsym ? nsym : 1));
    for (int i = 0; i < nsym; i++) { t->sym_start[i] = sym_flat[sym_off[i]]; t->sym_stop[i] = sym_flat[sym_off[i] + 1]; }
    t->salt = malloc(sizeof(uint64_t) * (size_t)t->npiles);
    if (!t->salt) return PyErr_NoMemory();
    for (int p = 0; p < t->npiles; p++) t->salt[p] = mix64(0xA0761D6478BD642FULL + (uint64_t)p);
    for (int i = 0; i < nsym; i++)
        for (int p = t->sym_start[i]; p < t->sym_stop[i]; p++) t->salt[p] = t->salt[t->sym_start[i]];
    int *classes, nclasses;
    if (!(classes = int_list(d, "classes", &nclasses))) return NULL;
    t->has_classes = nclasses == MAXC;
    for (int i = 0; i < nclasses && i < MAXC; i++) t->classes[i] = (uint8_t)classes[i];
    NUMBER(classes_from, "classes_from");
    NUMBER(safe_enabled, "safe_enabled"); NUMBER(dive, "dive");
    NUMBER(beam_share, "beam_share"); NUMBER(best_share, "best_share");
    LIST(eligible, "eligible"); LIST(may_empty, "may_empty");
    if (!(t->foundations = int_list(d, "foundations", &t->nfoundations))) return NULL;
    int *part_flat, *part_off, nparts;
    if (nested(d, "partners", &part_flat, &part_off, &nparts) < 0) return NULL;
    t->partners = calloc(52, sizeof(int[52]));
    t->npartners = calloc(52, sizeof(int));
    for (int k = 0; k < nparts && k < 52; k++) {
        t->npartners[k] = part_off[k + 1] - part_off[k];
        for (int i = 0; i < t->npartners[k] && i < 52; i++) t->partners[k][i] = part_flat[part_off[k] + i];
    }
    int *look_flat, *look_off, nlook;
    if (nested(d, "looked", &look_flat, &look_off, &nlook) < 0) return NULL;
    t->nlooked = nlook;
    t->look_pile = malloc(sizeof(int) * (size_t)(nlook ? nlook : 1)); t->look_kind = malloc(sizeof(int) * (size_t)(nlook ? nlook : 1));
    t->look_hops = malloc(sizeof(int) * (size_t)(nlook ? nlook : 1)); t->look_blocking = malloc(sizeof(int) * (size_t)(nlook ? nlook : 1));
    for (int i = 0; i < nlook; i++) {
        int *v = look_flat + look_off[i];
        t->look_pile[i] = v[0]; t->look_kind[i] = v[1]; t->look_hops[i] = v[2]; t->look_blocking[i] = v[3];
    }
    return PyCapsule_New(t, "patience.native.tables", tables_free);
}

/* ---------------------------------------------------------------- states from Python */
static int state_init(State *s, const Tables *t, PyObject *piles, int passes, PyObject *keys) {
    memset(s, 0, sizeof(State));
    s->npiles = t->npiles;
    s->cards = calloc((size_t)t->npiles, MAXC);
    s->len = calloc((size_t)t->npiles, sizeof(int16_t));
    s->prefix = malloc(sizeof(uint64_t) * (size_t)t->npiles * (MAXC + 1));
    s->valid = calloc((size_t)t->npiles, sizeof(int16_t));
    s->term = calloc((size_t)t->npiles, sizeof(uint64_t));
    s->dirty = malloc((size_t)t->npiles);
    if (!s->cards || !s->len || !s->prefix || !s->valid || !s->term || !s->dirty) { PyErr_NoMemory(); return -1; }
    memset(s->dirty, 1, (size_t)t->npiles);
    for (int p = 0; p < t->npiles; p++) s->prefix[(size_t)p * (MAXC + 1)] = 0x9E3779B97F4A7C15ULL;
    s->hashed_classes = -1;
    if (PySequence_Size(piles) != t->npiles) { PyErr_SetString(PyExc_ValueError, "the piles do not match the tables"); return -1; }
    for (int p = 0; p < t->npiles; p++) {
        PyObject *pile = PySequence_GetItem(piles, p);
        if (!pile || !PyBytes_Check(pile)) { Py_XDECREF(pile); PyErr_SetString(PyExc_TypeError, "each pile is bytes"); return -1; }
        Py_ssize_t n = PyBytes_GET_SIZE(pile);
        if (n > MAXC) { Py_DECREF(pile); PyErr_SetString(PyExc_ValueError, "a pile holds too many cards"); return -1; }
        memcpy(PILE(s, p), PyBytes_AS_STRING(pile), (size_t)n);
        s->len[p] = (int16_t)n;
        Py_DECREF(pile);
    }
    s->passes = passes;
    if (keys != Py_None) {
        if (!PyBytes_Check(keys)) { PyErr_SetString(PyExc_TypeError, "the shuffle keys are bytes"); return -1; }
        s->keys = (const uint64_t *)PyBytes_AS_STRING(keys);
    }
    return 0;
}

static void state_free(State *s) {
    free(s->cards); free(s->len); free(s->ops); free(s->saved); free(s->frames); free(s->prefix); free(s->valid); free(s->term); free(s->dirty);
}

static PyObject *move_tuple(const Move *m) {
    return Py_BuildValue("(iiiiiii)", m->kind, m->card, m->src, m->dst, m->card2, m->src2, m->dst2);
}

static int move_from(PyObject *tuple, Move *m) {
    int kind, card, src, dst, card2, src2, dst2;
    if (!PyArg_ParseTuple(tuple, "iiiiiii", &kind, &card, &src, &dst, &card2, &src2, &dst2)) return -1;
    Move value = {(int8_t)kind, (uint8_t)card, (uint8_t)card2, (int16_t)src, (int16_t)dst, (int16_t)src2, (int16_t)dst2};
    *m = value;
    return 0;
}

static PyObject *solve(PyObject *self, PyObject *args) {
    (void)self;
    PyObject *capsule, *piles, *keys;
    int passes;
    long budget;
    if (!PyArg_ParseTuple(args, "OOiOl", &capsule, &piles, &passes, &keys, &budget)) return NULL;
    Tables *t = PyCapsule_GetPointer(capsule, "patience.native.tables");
    if (!t) return NULL;
    State s;
    if (state_init(&s, t, piles, passes, keys) < 0) { state_free(&s); return NULL; }
    Search search = {t, &s, {0}, 0, malloc(sizeof(Move) * MAXMOVES), NULL, 0};
    Result decided = {0};
    int status = -1;
    if (!search.buffer) { PyErr_NoMemory(); goto done; }
    {
        /* search.reference: each search on what the others left of its share */
        long shares[3] = {budget / t->beam_share, budget / t->best_share, budget}, spent = 0;
        decided.outcome = OUT_UNKNOWN;
        for (int k = 0; k < 3; k++) {
            long left = budget - spent, share = shares[k] < left ? shares[k] : left;
            if (left <= 0) break;
            Result found = {0};
            search.budget = share > 1 ? share : 1;
            status = k != 0 ? seen_init(&search.seen) : 0;  /* the beam makes a table for each pass */
            if (status < 0) { raise_failure(); goto done; }
            Py_BEGIN_ALLOW_THREADS
            status = k == 0 ? beam(&search, &found) : k == 1 ? best_first(&search, &found) : depth_first(&search, &found);
            Py_END_ALLOW_THREADS
            if (k != 0) free(search.seen.slots);
            if (status < 0) { free(found.line); raise_failure(); goto done; }  /* raised with the GIL back */
            spent += found.nodes;
            if (found.outcome != OUT_UNKNOWN) { decided = found; break; }
            free(found.line);
        }
        decided.nodes = spent;
    }
done:
    free(search.buffer);
    free(search.down);
    state_free(&s);
    if (status < 0) { free(decided.line); return NULL; }
    PyObject *line = PyList_New(decided.nline);
    for (int i = 0; line && i < decided.nline; i++) PyList_SET_ITEM(line, i, move_tuple(&decided.line[i]));
    free(decided.line);
    if (!line) return NULL;
    static const char *names[] = {"won", "lost", "unknown"};
    return Py_BuildValue("(slN)", names[decided.outcome], decided.nodes, line);
}

/* ---------------------------------------------------------------- an engine to drive from Python (tests) */
typedef struct { PyObject_HEAD PyObject *capsule, *keys; Tables *t; State s; Move *buffer; } Engine;

static void engine_dealloc(Engine *e) {
    state_free(&e->s);
    free(e->buffer);
    Py_XDECREF(e->capsule);
    Py_XDECREF(e->keys);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

static int engine_init(Engine *e, PyObject *args, PyObject *kwds) {
    (void)kwds;
    PyObject *capsule, *piles, *keys;
    int passes;
    if (!PyArg_ParseTuple(args, "OOiO", &capsule, &piles, &passes, &keys)) return -1;
    e->t = PyCapsule_GetPointer(capsule, "patience.native.tables");
    if (!e->t) return -1;
    Py_INCREF(capsule);
    e->capsule = capsule;
    Py_INCREF(keys);  /* the keys' bytes must outlive the state */
    e->keys = keys;
    e->buffer = malloc(sizeof(Move) * MAXMOVES);
    if (!e->buffer) { PyErr_NoMemory(); return -1; }
    return state_init(&e->s, e->t, piles, passes, keys);
}

static PyObject *engine_legal_moves(Engine *e, PyObject *unused) {
    (void)unused;
    int n = legal_moves(e->t, &e->s, e->buffer);
    PyObject *list = PyList_New(n);
    for (int i = 0; list && i < n; i++) PyList_SET_ITEM(list, i, move_tuple(&e->buffer[i]));
    return list;
}

static PyObject *engine_apply(Engine *e, PyObject *tuple) {
    Move m;
    if (move_from(tuple, &m) < 0) return NULL;
    if (apply_move(e->t, &e->s, &m) < 0) { raise_failure(); return NULL; }
    Py_RETURN_NONE;
}

static PyObject *engine_undo(Engine *e, PyObject *unused) {
    (void)unused;
    if (!e->s.nframes) { PyErr_SetString(PyExc_IndexError, "nothing to undo"); return NULL; }
    undo_move(&e->s);
    Py_RETURN_NONE;
}

static PyObject *engine_piles(Engine *e, PyObject *unused) {
    (void)unused;
    PyObject *list = PyList_New(e->t->npiles);
    for (int p = 0; list && p < e->t->npiles; p++)
        PyList_SET_ITEM(list, p, PyBytes_FromStringAndSize((const char *)PILE(&e->s, p), e->s.len[p]));
    return list;
}

static PyObject *engine_key(Engine *e, PyObject *unused) {
    (void)unused;
    return PyLong_FromUnsignedLongLong(position_key(e->t, &e->s));
}

static PyObject *engine_score(Engine *e, PyObject *unused) {
    (void)unused;
    return PyFloat_FromDouble(score(e->t, &e->s));
}

static PyObject *engine_safe(Engine *e, PyObject *unused) {
    (void)unused;
    int n = legal_moves(e->t, &e->s, e->buffer), i = find_safe(e->t, &e->s, e->buffer, n);
    if (i < 0) Py_RETURN_NONE;
    return move_tuple(&e->buffer[i]);
}

static PyObject *engine_won(Engine *e, PyObject *unused) {
    (void)unused;
    return PyBool_FromLong(is_won(e->t, &e->s));
}

static PyMethodDef engine_methods[] = {
    {"legal_moves", (PyCFunction)engine_legal_moves, METH_NOARGS, "The legal moves, in the reference's order."},
    {"apply", (PyCFunction)engine_apply, METH_O, "Play a move (a tuple of seven ints)."},
    {"undo", (PyCFunction)engine_undo, METH_NOARGS, "Take back the last move."},
    {"piles", (PyCFunction)engine_piles, METH_NOARGS, "The piles, as bytes."},
    {"key", (PyCFunction)engine_key, METH_NOARGS, "The position's key."},
    {"score", (PyCFunction)engine_score, METH_NOARGS, "The search's score of the position."},
    {"safe", (PyCFunction)engine_safe, METH_NOARGS, "The safe move, if any."},
    {"won", (PyCFunction)engine_won, METH_NOARGS, "Whether the position is won."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject EngineType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "patience.solver._native.Engine",
    .tp_basicsize = sizeof(Engine),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The accelerator's engine, driven move by move (for the tests).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)engine_init,
    .tp_dealloc = (destructor)engine_dealloc,
    .tp_methods = engine_methods,
};

static PyMethodDef methods[] = {
    {"compile", compile_tables, METH_O, "The tables of a game (a dict from patience.solver.native), compiled."},
    {"solve", solve, METH_VARARGS, "solve(tables, piles, passes, keys, budget) -> (outcome, positions, line)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_native", "The solver's accelerator (see native.py).", -1, methods};

PyMODINIT_FUNC PyInit__native(void) {
    for (int w = 0; w < 100; w++) PENALTY[w] = 5 + 20.0 / (1 + w);
    if (PyType_Ready(&EngineType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&EngineType);
    if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0) { Py_DECREF(&EngineType); Py_DECREF(m); return NULL; }
    return m;
}
