/* The vector environment's fast path in C: an optional accelerator of hearts.envs.vector.
 *
 * Pure Python is the reference: hearts.envs.vector steps every table through the AEC
 * environment (hearts.envs.aec.HeartsEnv) and its encoder. When this module is built, a
 * self-play VectorEnv of a plain form (one pack, every seat dealt, nothing but the pass besides
 * the tricks) hands the common steps of all its tables to Stepper.step, in one call:
 *
 *   - a card chosen for a pass (not its last): only the choosing seat's `choosing` field and
 *     its mask change, and the engine is not asked (the pass is chosen card by card by the
 *     environment, not the engine);
 *   - the last card of a pass, and a card played: the move is made by the engine itself (the
 *     Deal's own `play`, the core's one implementation of the rules and of their C fast path in
 *     hearts.hand._speedups), then the state it leaves (hands, penalties, tricks won, the trick,
 *     hearts broken, the phase, the seat to act, read from the deal) is compared with the state
 *     before, and only the entries of the observation rows that changed are written, in the row
 *     of every seat (one row a seat a table, in the layout of hearts.envs.aec.encode). The mask
 *     of the seat to act comes from the engine's legal moves.
 *
 * Nothing of the rules is decided here: who may play what, who wins a trick, what it is worth,
 * when the play starts and where the passed cards go are what the deal says after its move.
 * Every other step (a phase that is not the pass or the play, such as the end of the hand, or
 * a table of another form) is left to Python (status 1: not moved; status 2: moved by the
 * engine, the phase is no longer the pass or the play), which then writes that table's rows
 * again from the AEC environment's encoder and reloads it here (Stepper.load).
 *
 * tests/envs/test_vector.py runs the same seeds and actions both ways and compares every
 * observation, mask, reward and termination. Setting HEARTS_PURE=1 keeps this module unused.
 *
 * encode_rest is the observation encoder's assembly (hearts.envs.aec.Encoder.encode, after its
 * incremental reading of the log: the hand, the trick, the pass, the flags, the numbers, the
 * auction and the widow, written into a vector of zeros); Encoder._assemble, in Python, is its
 * reference, and tests/envs/test_encoder_c_assembly.py compares the two for every preset.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

typedef unsigned long long mask_t;

#define MAX_SEATS 16
#define ACTIONS 145
#define SLOTS 125

#define PHASES 8

/* The field offsets of the observation vector (hearts.envs.aec.layout), by name. */
enum {
    F_HAND, F_PLAYED, F_TRICK, F_LEADER, F_PASSED, F_RECEIVED, F_CHOOSING, F_VOIDS, F_PENALTIES,
    F_TRICKS_WON, F_HAND_SIZES, F_PHASE, F_TO_ACT, F_HEARTS_BROKEN, F_SCORES, F_POOL, F_JACK, F_DIRECTION,
    F_STOCK_SIZE, F_COUNT
};

typedef struct {
    mask_t hands[MAX_SEATS];
    mask_t choosing[MAX_SEATS];
    long long points[MAX_SEATS];
    long long won[MAX_SEATS];
    int to_act, broken, eligible, pass_count;
    int phase; /* its index in hearts.hand.core.Phase (the `phase` field's one-hot) */
} Table;

typedef struct {
    PyObject_HEAD
    Py_ssize_t num_envs, players, size;
    Py_ssize_t off[F_COUNT];
    int pass_at, play_at; /* the index of the pass and the play among the phases */
    Table *tables;
    /* The arrays written (buffers held while the stepper lives). */
    Py_buffer rows_buf, obs_buf, masks_buf, seats_buf, rewards_buf, trick_rewards_buf, status_buf;
    float *rows, *obs, *rewards;
    double *trick_rewards;
    signed char *masks, *status;
    long long *seats;
    PyObject *cards;     /* tuple: the Card object of each id below 64 */
    PyObject *pass_type; /* hearts.moves.Pass */
    PyObject *cardset_type;
    PyObject *phases; /* tuple: hearts.hand.core.Phase's members, in the `phase` field's order */
} Stepper;

static PyObject *s_play, *s_legal_moves, *s_hands, *s_points, *s_won, *s_to_act, *s_broken, *s_phase, *s_trick;

/* ------------------------------------------------------------------ reading the deal */

static int
read_masks(PyObject *deal, PyObject *name, Py_ssize_t players, mask_t *out)
{
    PyObject *list = PyObject_GetAttr(deal, name);
    if (list == NULL)
        return -1;
    if (!PyList_Check(list) || PyList_GET_SIZE(list) < players) {
        Py_DECREF(list);
        PyErr_SetString(PyExc_TypeError, "the deal's hands must be a list of a mask a seat");
        return -1;
    }
    for (Py_ssize_t s = 0; s < players; s++) {
        out[s] = PyLong_AsUnsignedLongLongMask(PyList_GET_ITEM(list, s));
        if (out[s] == (mask_t)-1 && PyErr_Occurred()) {
            Py_DECREF(list);
            return -1;
        }
    }
    Py_DECREF(list);
    return 0;
}

static int
read_numbers(PyObject *deal, PyObject *name, Py_ssize_t players, long long *out)
{
    PyObject *list = PyObject_GetAttr(deal, name);
    if (list == NULL)
        return -1;
    if (!PyList_Check(list) || PyList_GET_SIZE(list) < players) {
        Py_DECREF(list);
        PyErr_SetString(PyExc_TypeError, "the deal's counts must be a list of a number a seat");
        return -1;
    }
    for (Py_ssize_t s = 0; s < players; s++) {
        out[s] = PyLong_AsLongLong(PyList_GET_ITEM(list, s));
        if (out[s] == -1 && PyErr_Occurred()) {
            Py_DECREF(list);
            return -1;
        }
    }
    Py_DECREF(list);
    return 0;
}

static int
read_phase(Stepper *self, PyObject *deal, int *phase)
{
    PyObject *value = PyObject_GetAttr(deal, s_phase);
    if (value == NULL)
        return -1;
    *phase = -1;
    for (int k = 0; k < PyTuple_GET_SIZE(self->phases); k++)
        if (PyTuple_GET_ITEM(self->phases, k) == value)
            *phase = k;
    Py_DECREF(value);
    if (*phase < 0) {
        PyErr_SetString(PyExc_SystemError, "a phase the vector environment does not know");
        return -1;
    }
    return 0;
}

static int
read_int(PyObject *deal, PyObject *name, int *out)
{
    PyObject *value = PyObject_GetAttr(deal, name);
    if (value == NULL)
        return -1;
    long number = value == Py_None ? -1 : PyLong_AsLong(value);
    Py_DECREF(value);
    if (number == -1 && PyErr_Occurred())
        return -1;
    *out = (int)number;
    return 0;
}

static int
read_flag(PyObject *deal, PyObject *name, int *out)
{
    PyObject *value = PyObject_GetAttr(deal, name);
    if (value == NULL)
        return -1;
    *out = PyObject_IsTrue(value);
    Py_DECREF(value);
    return *out < 0 ? -1 : 0;
}

/* The seat to act in the pass or the play (the deal's `_to_act`); past them, none here (-1): the
 * end of the hand has no seat to act, and any other phase is Python's, which writes the rows
 * again. */
static int
read_to_act(Stepper *self, PyObject *deal, int phase, int *out)
{
    if (phase != self->pass_at && phase != self->play_at) {
        *out = -1;
        return 0;
    }
    return read_int(deal, s_to_act, out);
}

/* ------------------------------------------------------------------ writing the rows */

static inline float *
row_of(Stepper *self, Py_ssize_t table, Py_ssize_t seat)
{
    return self->rows + (table * self->players + seat) * self->size;
}

static inline Py_ssize_t
rel(Stepper *self, Py_ssize_t seat, Py_ssize_t other)
{
    return ((other - seat) % self->players + self->players) % self->players;
}

/* Each bit of `bits` set (value 1) or cleared (0) in a card field of one row. */
static inline void
write_cards(float *field, mask_t bits, float value)
{
    while (bits) {
        field[__builtin_ctzll(bits)] = value;
        bits &= bits - 1;
    }
}

/* The seat to act's row and mask, copied out for the table. */
static int
write_out(Stepper *self, Py_ssize_t i, PyObject *deal)
{
    Table *t = &self->tables[i];
    Py_ssize_t seat = t->to_act;
    if (seat < 0 || seat >= self->players) {
        PyErr_SetString(PyExc_SystemError, "no seat to act in the pass or the play");
        return -1;
    }
    memcpy(self->obs + i * self->size, row_of(self, i, seat), self->size * sizeof(float));
    signed char *mask = self->masks + i * ACTIONS;
    memset(mask, 0, ACTIONS);
    mask_t legal;
    if (t->phase == self->pass_at) {
        legal = t->hands[seat] & ~t->choosing[seat];
    } else {
        PyObject *moves = PyObject_CallMethodNoArgs(deal, s_legal_moves);
        if (moves == NULL)
            return -1;
        PyObject *fast = PySequence_Fast(moves, "the legal moves must be a sequence");
        Py_DECREF(moves);
        if (fast == NULL)
            return -1;
        legal = 0;
        Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
        PyObject **items = PySequence_Fast_ITEMS(fast);
        for (Py_ssize_t k = 0; k < n; k++) {
            long id = PyLong_AsLong(items[k]);
            if (id < 0 || id > 63) {
                Py_DECREF(fast);
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_SystemError, "a legal move that is no card of one pack");
                return -1;
            }
            legal |= (mask_t)1 << id;
        }
        Py_DECREF(fast);
    }
    while (legal) {
        mask[__builtin_ctzll(legal)] = 1;
        legal &= legal - 1;
    }
    self->seats[i] = seat;
    return 0;
}

/* After the engine's move: the state the deal leaves, compared with the state before (kept in
 * the table), written where it changed. Returns 1 done, 2 the phase is no longer the pass or
 * the play (the rows written, the mask not: Python takes the table over), -1 an error. */
static int
after_move(Stepper *self, Py_ssize_t i, PyObject *deal, int reward_trick)
{
    Table *t = &self->tables[i];
    Py_ssize_t n = self->players;
    int phase;
    if (read_phase(self, deal, &phase) < 0)
        return -1;
    mask_t hands[MAX_SEATS];
    long long points[MAX_SEATS], won[MAX_SEATS];
    int to_act, broken;
    if (read_masks(deal, s_hands, n, hands) < 0 || read_numbers(deal, s_points, n, points) < 0
        || read_numbers(deal, s_won, n, won) < 0 || read_to_act(self, deal, phase, &to_act) < 0
        || read_flag(deal, s_broken, &broken) < 0)
        return -1;
    const Py_ssize_t *off = self->off;
    int received = t->phase == self->pass_at && phase == self->play_at;
    /* (Past the pass and the play, Python gives the step's rewards from the penalties before it.) */
    int moving = phase == self->pass_at || phase == self->play_at;
    for (Py_ssize_t o = 0; o < n; o++) {
        if (hands[o] != t->hands[o]) {
            float *own = row_of(self, i, o);
            write_cards(own + off[F_HAND], t->hands[o] & ~hands[o], 0.0f);
            write_cards(own + off[F_HAND], hands[o] & ~t->hands[o], 1.0f);
            if (received) /* (the cards that came into the hand with the pass) */
                write_cards(own + off[F_RECEIVED], hands[o] & ~t->hands[o], 1.0f);
            float size = (float)__builtin_popcountll(hands[o]);
            for (Py_ssize_t s = 0; s < n; s++)
                row_of(self, i, s)[off[F_HAND_SIZES] + rel(self, s, o)] = size;
        }
        if (points[o] != t->points[o]) {
            for (Py_ssize_t s = 0; s < n; s++)
                row_of(self, i, s)[off[F_PENALTIES] + rel(self, s, o)] = (float)points[o];
            if (reward_trick && moving) {
                double taken = (double)(points[o] - t->points[o]);
                self->rewards[i * n + o] -= (float)taken;
                self->trick_rewards[i * n + o] -= taken;
            }
        }
        if (won[o] != t->won[o])
            for (Py_ssize_t s = 0; s < n; s++)
                row_of(self, i, s)[off[F_TRICKS_WON] + rel(self, s, o)] = (float)won[o];
    }
    for (Py_ssize_t s = 0; s < n; s++) {
        float *row = row_of(self, i, s);
        if (broken != t->broken)
            row[off[F_HEARTS_BROKEN]] = (float)broken;
        if (phase != t->phase) {
            row[off[F_PHASE] + t->phase] = 0.0f;
            row[off[F_PHASE] + phase] = 1.0f;
        }
        if (to_act != t->to_act) {
            if (t->to_act >= 0)
                row[off[F_TO_ACT] + rel(self, s, t->to_act)] = 0.0f;
            if (to_act >= 0)
                row[off[F_TO_ACT] + rel(self, s, to_act)] = 1.0f;
        }
    }
    memcpy(t->hands, hands, sizeof(mask_t) * n);
    if (moving)
        memcpy(t->points, points, sizeof(long long) * n);
    memcpy(t->won, won, sizeof(long long) * n);
    t->to_act = to_act;
    t->broken = broken;
    t->phase = phase;
    if (!moving)
        return 2;
    return write_out(self, i, deal) < 0 ? -1 : 1;
}

/* A card of a pass chosen; the last one makes the pass (the engine's move). */
static int
choose(Stepper *self, Py_ssize_t i, PyObject *deal, long card, int reward_trick)
{
    Table *t = &self->tables[i];
    Py_ssize_t seat = t->to_act;
    float *own = row_of(self, i, seat);
    const Py_ssize_t *off = self->off;
    mask_t chosen = t->choosing[seat] | (mask_t)1 << card;
    if (__builtin_popcountll(chosen) < t->pass_count) {
        t->choosing[seat] = chosen;
        own[off[F_CHOOSING] + card] = 1.0f;
        return write_out(self, i, deal) < 0 ? -1 : 1;
    }
    PyObject *bits = PyLong_FromUnsignedLongLong(chosen);
    PyObject *cards = bits ? PyObject_CallOneArg(self->cardset_type, bits) : NULL;
    Py_XDECREF(bits);
    PyObject *move = cards ? PyObject_CallOneArg(self->pass_type, cards) : NULL;
    Py_XDECREF(cards);
    PyObject *seat_obj = move ? PyLong_FromSsize_t(seat) : NULL;
    if (seat_obj == NULL) {
        Py_XDECREF(move);
        return -1;
    }
    PyObject *args[3] = {deal, move, seat_obj};
    PyObject *event = PyObject_VectorcallMethod(s_play, args, 3 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    Py_DECREF(move);
    Py_DECREF(seat_obj);
    if (event == NULL)
        return -1;
    Py_DECREF(event);
    t->choosing[seat] = 0;
    write_cards(own + off[F_CHOOSING], chosen, 0.0f);
    write_cards(own + off[F_PASSED], chosen, 1.0f);
    return after_move(self, i, deal, reward_trick);
}

/* A card played (the engine's move), with the fields only the card itself tells: who played
 * it, the trick on the table and the voids it shows. */
static int
play(Stepper *self, Py_ssize_t i, PyObject *deal, long card, int reward_trick)
{
    Table *t = &self->tables[i];
    Py_ssize_t n = self->players, actor = t->to_act;
    const Py_ssize_t *off = self->off;
    PyObject *trick = PyObject_GetAttr(deal, s_trick);
    if (trick == NULL)
        return -1;
    if (!PyList_Check(trick) || PyList_GET_SIZE(trick) > 16) {
        Py_DECREF(trick);
        PyErr_SetString(PyExc_TypeError, "the deal's trick must be a list of cards");
        return -1;
    }
    Py_ssize_t before = PyList_GET_SIZE(trick);
    mask_t on_table = 0;
    for (Py_ssize_t k = 0; k < before; k++) {
        long id = PyLong_AsLong(PyList_GET_ITEM(trick, k));
        if (id < 0 || id > 63) {
            Py_DECREF(trick);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_SystemError, "a card of the trick that is no card of one pack");
            return -1;
        }
        on_table |= (mask_t)1 << id;
    }
    long led = before ? PyLong_AsLong(PyList_GET_ITEM(trick, 0)) >> 4 & 3 : card >> 4 & 3;
    Py_DECREF(trick);
    PyObject *args[2] = {deal, PyTuple_GET_ITEM(self->cards, card)};
    PyObject *event = PyObject_VectorcallMethod(s_play, args, 2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
    if (event == NULL)
        return -1;
    Py_DECREF(event);
    trick = PyObject_GetAttr(deal, s_trick);
    if (trick == NULL)
        return -1;
    Py_ssize_t after = PyList_Check(trick) ? PyList_GET_SIZE(trick) : 0;
    Py_DECREF(trick);
    for (Py_ssize_t s = 0; s < n; s++) {
        float *row = row_of(self, i, s);
        Py_ssize_t r = rel(self, s, actor);
        row[off[F_PLAYED] + r * SLOTS + card] = 1.0f;
        if ((card >> 4 & 3) != led)
            row[off[F_VOIDS] + 4 * r + led] = 1.0f;
        if (after) {
            row[off[F_TRICK] + r * SLOTS + card] = 1.0f;
            if (!before)
                row[off[F_LEADER] + r] = 1.0f;
        } else {
            for (Py_ssize_t b = 0; b < n; b++) { /* the trick is taken: the table is cleared */
                write_cards(row + off[F_TRICK] + b * SLOTS, on_table, 0.0f);
                row[off[F_LEADER] + b] = 0.0f;
            }
        }
    }
    return after_move(self, i, deal, reward_trick);
}

/* ------------------------------------------------------------------ the type */

static PyObject *
Stepper_step(Stepper *self, PyObject *args)
{
    PyObject *deals, *actions_obj;
    int reward_trick;
    if (!PyArg_ParseTuple(args, "O!Op", &PyList_Type, &deals, &actions_obj, &reward_trick))
        return NULL;
    if (PyList_GET_SIZE(deals) != self->num_envs) {
        PyErr_SetString(PyExc_ValueError, "step: one deal a table");
        return NULL;
    }
    Py_buffer actions;
    if (PyObject_GetBuffer(actions_obj, &actions, PyBUF_C_CONTIGUOUS | PyBUF_FORMAT) < 0)
        return NULL;
    const char *format = actions.format ? actions.format : "B";
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    if (actions.itemsize != 8 || actions.len != self->num_envs * 8 || (strcmp(format, "l") && strcmp(format, "q"))) {
        PyBuffer_Release(&actions);
        PyErr_SetString(PyExc_ValueError, "step: the actions must be int64, one a table");
        return NULL;
    }
    const long long *action = actions.buf;
    Py_ssize_t n = self->players;
    memset(self->rewards, 0, sizeof(float) * self->num_envs * n);
    for (Py_ssize_t i = 0; i < self->num_envs; i++) {
        Table *t = &self->tables[i];
        long card = (long)action[i];
        int done = 0;
        int moving = t->phase == self->pass_at || t->phase == self->play_at;
        if (t->eligible && moving && t->to_act >= 0 && card >= 0 && card < 64 && (t->hands[t->to_act] >> card & 1)) {
            PyObject *deal = PyList_GET_ITEM(deals, i);
            done = t->phase == self->pass_at ? choose(self, i, deal, card, reward_trick)
                                             : play(self, i, deal, card, reward_trick);
            if (done < 0) {
                PyBuffer_Release(&actions);
                return NULL;
            }
        }
        self->status[i] = done == 1 ? 0 : done == 2 ? 2 : 1;
    }
    PyBuffer_Release(&actions);
    Py_RETURN_NONE;
}

/* Table i's state read from its deal into the table (the rows written by the caller). */
static int
load_state(Stepper *self, Py_ssize_t i, PyObject *deal, int pass_count, PyObject *choosing)
{
    Table *t = &self->tables[i];
    Py_ssize_t n = self->players;
    t->eligible = 0;
    if (read_masks(deal, s_hands, n, t->hands) < 0 || read_numbers(deal, s_points, n, t->points) < 0
        || read_numbers(deal, s_won, n, t->won) < 0 || read_phase(self, deal, &t->phase) < 0
        || read_to_act(self, deal, t->phase, &t->to_act) < 0 || read_flag(deal, s_broken, &t->broken) < 0)
        return -1;
    for (Py_ssize_t s = 0; s < n; s++) {
        t->choosing[s] = choosing == NULL ? 0 : PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(choosing, s));
        if (t->choosing[s] == (mask_t)-1 && PyErr_Occurred())
            return -1;
    }
    t->pass_count = pass_count;
    t->eligible = 1;
    return 0;
}

static PyObject *
Stepper_load(Stepper *self, PyObject *args)
{
    Py_ssize_t i;
    PyObject *deal, *choosing;
    int eligible, pass_count;
    if (!PyArg_ParseTuple(args, "nOpiO!", &i, &deal, &eligible, &pass_count, &PyTuple_Type, &choosing))
        return NULL;
    if (i < 0 || i >= self->num_envs || PyTuple_GET_SIZE(choosing) != self->players) {
        PyErr_SetString(PyExc_ValueError, "load: a table's index, and one choice a seat");
        return NULL;
    }
    self->tables[i].eligible = 0;
    if (eligible && load_state(self, i, deal, pass_count, choosing) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* fresh(i, deal, pass_count, scores, pool, jack, direction, stock_size): a hand just dealt, no move
 * made (nothing played, passed or chosen; the form's other fields all 0): every seat's row written
 * whole from the deal's state and the standing it was dealt with, and the seat to act's row and
 * mask copied out. */
static PyObject *
Stepper_fresh(Stepper *self, PyObject *args)
{
    Py_ssize_t i, direction;
    PyObject *deal, *scores;
    int pass_count, jack;
    long long pool, stock;
    if (!PyArg_ParseTuple(args, "nOiO!LpnL", &i, &deal, &pass_count, &PyTuple_Type, &scores, &pool, &jack, &direction,
                          &stock))
        return NULL;
    Py_ssize_t n = self->players;
    if (i < 0 || i >= self->num_envs || PyTuple_GET_SIZE(scores) != n || direction < 0 || direction > 3) {
        PyErr_SetString(PyExc_ValueError, "fresh: a table's index, a score a seat, a direction's index");
        return NULL;
    }
    long long score[MAX_SEATS];
    for (Py_ssize_t o = 0; o < n; o++) {
        score[o] = PyLong_AsLongLong(PyTuple_GET_ITEM(scores, o));
        if (score[o] == -1 && PyErr_Occurred())
            return NULL;
    }
    if (load_state(self, i, deal, pass_count, NULL) < 0)
        return NULL;
    Table *t = &self->tables[i];
    if (t->phase != self->pass_at && t->phase != self->play_at) {
        t->eligible = 0;
        PyErr_SetString(PyExc_ValueError, "fresh: a hand dealt to the pass or the play");
        return NULL;
    }
    const Py_ssize_t *off = self->off;
    memset(row_of(self, i, 0), 0, sizeof(float) * n * self->size);
    for (Py_ssize_t s = 0; s < n; s++) {
        float *row = row_of(self, i, s);
        write_cards(row + off[F_HAND], t->hands[s], 1.0f);
        for (Py_ssize_t o = 0; o < n; o++) {
            Py_ssize_t r = rel(self, s, o);
            row[off[F_HAND_SIZES] + r] = (float)__builtin_popcountll(t->hands[o]);
            row[off[F_PENALTIES] + r] = (float)t->points[o];
            row[off[F_TRICKS_WON] + r] = (float)t->won[o];
            row[off[F_SCORES] + r] = (float)score[o];
        }
        if (t->to_act >= 0)
            row[off[F_TO_ACT] + rel(self, s, t->to_act)] = 1.0f;
        row[off[F_PHASE] + t->phase] = 1.0f;
        row[off[F_DIRECTION] + direction] = 1.0f;
        row[off[F_POOL]] = (float)pool;
        row[off[F_JACK]] = (float)jack;
        row[off[F_HEARTS_BROKEN]] = (float)t->broken;
        row[off[F_STOCK_SIZE]] = (float)stock;
    }
    if (write_out(self, i, deal) < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyObject *
Stepper_state(Stepper *self, PyObject *arg)
{
    Py_ssize_t i = PyLong_AsSsize_t(arg);
    if (i == -1 && PyErr_Occurred())
        return NULL;
    if (i < 0 || i >= self->num_envs) {
        PyErr_SetString(PyExc_IndexError, "state: no such table");
        return NULL;
    }
    Table *t = &self->tables[i];
    PyObject *choosing = PyTuple_New(self->players), *points = PyTuple_New(self->players);
    if (choosing == NULL || points == NULL)
        goto fail;
    for (Py_ssize_t s = 0; s < self->players; s++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(t->eligible ? t->choosing[s] : 0);
        PyObject *taken = PyLong_FromLongLong(t->eligible ? t->points[s] : 0);
        if (mask == NULL || taken == NULL) {
            Py_XDECREF(mask);
            Py_XDECREF(taken);
            goto fail;
        }
        PyTuple_SET_ITEM(choosing, s, mask);
        PyTuple_SET_ITEM(points, s, taken);
    }
    return Py_BuildValue("(NN)", choosing, points);
fail:
    Py_XDECREF(choosing);
    Py_XDECREF(points);
    return NULL;
}

static int
hold(PyObject *array, Py_buffer *view, Py_ssize_t itemsize, Py_ssize_t count, const char *what)
{
    if (PyObject_GetBuffer(array, view, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return -1;
    if (view->itemsize != itemsize || view->len != itemsize * count) {
        PyBuffer_Release(view);
        view->obj = NULL;
        PyErr_Format(PyExc_ValueError, "Stepper: %s has the wrong size or type", what);
        return -1;
    }
    return 0;
}

static int
Stepper_init(Stepper *self, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"players", "offsets", "phases", "pass_at", "play_at", "rows", "obs", "masks", "seats",
                            "rewards", "trick_rewards", "status", "cards", "pass_type", "cardset_type", NULL};
    Py_ssize_t players;
    int pass_at, play_at;
    PyObject *offsets, *phases, *rows, *obs, *masks, *seats, *rewards, *trick_rewards, *status, *cards, *pass_type;
    PyObject *cardset_type;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "nO!O!iiOOOOOOOO!OO", names, &players, &PyTuple_Type, &offsets,
                                     &PyTuple_Type, &phases, &pass_at, &play_at, &rows, &obs, &masks, &seats, &rewards,
                                     &trick_rewards, &status, &PyTuple_Type, &cards, &pass_type, &cardset_type))
        return -1;
    if (PyTuple_GET_SIZE(phases) != PHASES || pass_at < 0 || pass_at >= PHASES || play_at < 0 || play_at >= PHASES) {
        PyErr_SetString(PyExc_ValueError, "Stepper: the 8 phases, and the pass's and the play's places among them");
        return -1;
    }
    if (self->tables != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Stepper: made once");
        return -1;
    }
    if (players < 2 || players > MAX_SEATS || PyTuple_GET_SIZE(offsets) != F_COUNT + 1 || PyTuple_GET_SIZE(cards) < 64) {
        PyErr_SetString(PyExc_ValueError, "Stepper: 2 to 16 seats, the offsets and the size, a card an id");
        return -1;
    }
    for (int f = 0; f <= F_COUNT; f++) {
        Py_ssize_t at = PyLong_AsSsize_t(PyTuple_GET_ITEM(offsets, f));
        if (at < 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "Stepper: an offset below 0");
            return -1;
        }
        if (f < F_COUNT)
            self->off[f] = at;
        else
            self->size = at;
    }
    Py_buffer probe;
    if (PyObject_GetBuffer(seats, &probe, PyBUF_ND) < 0)
        return -1;
    self->num_envs = probe.len / 8;
    PyBuffer_Release(&probe);
    Py_ssize_t envs = self->num_envs;
    self->players = players;
    self->pass_at = pass_at;
    self->play_at = play_at;
    if (hold(rows, &self->rows_buf, 4, envs * players * self->size, "rows") < 0
        || hold(obs, &self->obs_buf, 4, envs * self->size, "obs") < 0
        || hold(masks, &self->masks_buf, 1, envs * ACTIONS, "masks") < 0
        || hold(seats, &self->seats_buf, 8, envs, "seats") < 0
        || hold(rewards, &self->rewards_buf, 4, envs * players, "rewards") < 0
        || hold(trick_rewards, &self->trick_rewards_buf, 8, envs * players, "trick_rewards") < 0
        || hold(status, &self->status_buf, 1, envs, "status") < 0)
        return -1;
    self->rows = self->rows_buf.buf;
    self->obs = self->obs_buf.buf;
    self->masks = self->masks_buf.buf;
    self->seats = self->seats_buf.buf;
    self->rewards = self->rewards_buf.buf;
    self->trick_rewards = self->trick_rewards_buf.buf;
    self->status = self->status_buf.buf;
    self->tables = PyMem_Calloc(envs > 0 ? envs : 1, sizeof(Table));
    if (self->tables == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    self->cards = Py_NewRef(cards);
    self->pass_type = Py_NewRef(pass_type);
    self->cardset_type = Py_NewRef(cardset_type);
    self->phases = Py_NewRef(phases);
    return 0;
}

static void
release(Py_buffer *view)
{
    if (view->obj != NULL)
        PyBuffer_Release(view);
}

static int
Stepper_traverse(Stepper *self, visitproc visit, void *arg)
{
    Py_VISIT(self->cards);
    Py_VISIT(self->pass_type);
    Py_VISIT(self->cardset_type);
    Py_VISIT(self->phases);
    return 0;
}

static int
Stepper_clear(Stepper *self)
{
    Py_CLEAR(self->cards);
    Py_CLEAR(self->pass_type);
    Py_CLEAR(self->cardset_type);
    Py_CLEAR(self->phases);
    return 0;
}

static void
Stepper_dealloc(Stepper *self)
{
    PyObject_GC_UnTrack(self);
    release(&self->rows_buf);
    release(&self->obs_buf);
    release(&self->masks_buf);
    release(&self->seats_buf);
    release(&self->rewards_buf);
    release(&self->trick_rewards_buf);
    release(&self->status_buf);
    PyMem_Free(self->tables);
    Stepper_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMethodDef Stepper_methods[] = {
    {"step", (PyCFunction)Stepper_step, METH_VARARGS,
     "step(deals, actions, reward_trick): one decision at each table it can take (status 0), the others "
     "left to Python (status 1: not moved, 2: moved, the phase no longer the pass or the play)."},
    {"load", (PyCFunction)Stepper_load, METH_VARARGS,
     "load(i, deal, eligible, pass_count, choosing): table i's state read from its deal (after Python wrote "
     "its rows)."},
    {"fresh", (PyCFunction)Stepper_fresh, METH_VARARGS,
     "fresh(i, deal, pass_count, scores, pool, jack, direction, stock_size): a hand just dealt, every row "
     "written whole."},
    {"state", (PyCFunction)Stepper_state, METH_O,
     "state(i): table i's cards chosen a seat (masks) and penalties a seat, as kept here."},
    {NULL},
};

static PyTypeObject StepperType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hearts.envs._vector.Stepper",
    .tp_basicsize = sizeof(Stepper),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The common steps of a vector environment's tables, and the observation rows they change.",
    .tp_traverse = (traverseproc)Stepper_traverse,
    .tp_clear = (inquiry)Stepper_clear,
    .tp_dealloc = (destructor)Stepper_dealloc,
    .tp_methods = Stepper_methods,
    .tp_init = (initproc)Stepper_init,
    .tp_new = PyType_GenericNew,
};


/* ------------------------------------------------------------------ the encoder's assembly */

/* encode_rest(out, places, kept, view, choosing, clip): the part of
 * hearts.envs.aec.Encoder.encode after its incremental reading of the log (the reference, in
 * Python, is Encoder._assemble: the same values, bit for bit), written into `out`, a float32
 * vector of the layout's size, all 0. `places` is the bytes of the seat's offsets
 * (_Places.packed: int64, in the order of the P_ names below), `kept` the bits read from the log
 * and the completed tricks, `clip` the scores' (low, high) and the pool's high. Every seat's
 * place in a per-seat field is its place relative to the view's seat. */

enum {
    P_PLAYERS, P_SEAT, P_SIZE, P_HAND, P_TRICK, P_LEADER, P_PASSED, P_RECEIVED, P_CHOOSING, P_VOIDS,
    P_NUMBERS, P_JACK, P_DIRECTION, P_PHASE, P_TO_ACT, P_HEARTS_BROKEN, P_BIDS, P_HAS_BID, P_HIGH_BID,
    P_BIDDER, P_NAMED_SUIT, P_WIDOW_SIZE, P_WIDOW_TAKER, P_STOCK_SIZE, P_CANCELLED, P_COUNT
};

static PyObject *e_directions, *e_phases, *e_cardset; /* set once by encoder_types() */
static PyObject *v_hand, *v_mask, *v_trick, *v_leader, *v_passed, *v_received, *v_cancelled, *v_pass_direction,
    *v_phase, *v_jack, *v_hearts_broken, *v_to_act, *v_scores, *v_pool, *v_penalties, *v_tricks_won, *v_hand_sizes,
    *v_auction, *v_widow, *v_bidder, *v_named_suit, *v_bids, *v_high_bid, *v_taker, *v_size, *v_stock_size;

typedef struct {
    float *out;
    long long size, players, seat;
    const long long *at;
} Enc;

static int
put(Enc *e, long long at)
{
    if (at < 0 || at >= e->size) {
        PyErr_SetString(PyExc_ValueError, "encode: a bit past the observation vector");
        return -1;
    }
    e->out[at] = 1.0f;
    return 0;
}

/* A seat (an index into the seats, negative from the end as in Python) as its relative place. */
static int
rel_seat(Enc *e, PyObject *obj, long long *out)
{
    long long o = PyLong_AsLongLong(obj);
    if (o == -1 && PyErr_Occurred())
        return -1;
    if (o < 0)
        o += e->players;
    if (o < 0 || o >= e->players) {
        PyErr_SetString(PyExc_IndexError, "encode: a seat out of range");
        return -1;
    }
    *out = ((o - e->seat) % e->players + e->players) % e->players;
    return 0;
}

/* The bits of a whole number (>= 0) set from `offset` on; bits past the vector (within its last
 * byte) are dropped, as the reference's slice does, and a number past it raises. */
static int
put_bits(Enc *e, PyObject *number, long long offset)
{
    if (!PyLong_Check(number)) {
        PyErr_SetString(PyExc_TypeError, "encode: a mask is an int");
        return -1;
    }
    if (offset < 0 || offset > e->size) {
        PyErr_SetString(PyExc_ValueError, "encode: a mask's place past the vector");
        return -1;
    }
    /* The bytes the number needs (none for 0), at most the vector's from the offset on. */
    Py_ssize_t room = (Py_ssize_t)((e->size - offset + 7) / 8), n;
#if PY_VERSION_HEX < 0x030C0000
    /* (Up to 3.11, a number's digits are read in place: its size is their count.) */
    Py_ssize_t digits = Py_SIZE(number);
    if (digits < 0) {
        PyErr_SetString(PyExc_ValueError, "encode: a mask below 0");
        return -1;
    }
    const digit *digit_at = ((PyLongObject *)number)->ob_digit;
    long long limit = offset + 8 * (long long)room;
    for (Py_ssize_t i = 0; i < digits; i++) {
        unsigned long word = digit_at[i];
        while (word) {
            long long at = offset + (long long)PyLong_SHIFT * i + __builtin_ctzl(word);
            if (at >= limit) {
                PyErr_SetString(PyExc_OverflowError, "encode: a mask past the observation vector");
                return -1;
            }
            if (at < e->size)
                e->out[at] = 1.0f;
            word &= word - 1;
        }
    }
    return 0;
#endif
#if PY_VERSION_HEX >= 0x030D0000
    n = PyLong_AsNativeBytes(number, NULL, 0,
                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER
                                 | Py_ASNATIVEBYTES_REJECT_NEGATIVE);
    if (n < 0)
        return -1;
#else
    int sign = _PyLong_Sign(number);
    if (sign < 0) {
        PyErr_SetString(PyExc_ValueError, "encode: a mask below 0");
        return -1;
    }
    if (sign == 0)
        return 0;
    size_t bits = _PyLong_NumBits(number);
    if (bits == (size_t)-1 && PyErr_Occurred())
        return -1;
    n = (Py_ssize_t)((bits + 7) / 8);
#endif
    if (n > room) {
        PyErr_SetString(PyExc_OverflowError, "encode: a mask past the observation vector");
        return -1;
    }
    if (n == 0)
        return 0;
    Py_ssize_t words = (n + 7) / 8;
    unsigned long long small[128];
    unsigned long long *buf = words <= 128 ? small : PyMem_Malloc(words * 8);
    if (buf == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    buf[words - 1] = 0; /* (the bytes past the number's, in its last word) */
#if PY_VERSION_HEX >= 0x030D0000
    int failed = PyLong_AsNativeBytes(number, buf, n,
                                      Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER
                                          | Py_ASNATIVEBYTES_REJECT_NEGATIVE)
                 < 0;
#else
    int failed = _PyLong_AsByteArray((PyLongObject *)number, (unsigned char *)buf, n, 1, 0) < 0;
#endif
    if (!failed) {
        float *out = e->out;
        for (Py_ssize_t i = 0; i < words; i++) {
            unsigned long long word = buf[i];
#if PY_BIG_ENDIAN
            word = __builtin_bswap64(word);
#endif
            while (word) {
                long long at = offset + 64 * i + __builtin_ctzll(word);
                if (at < e->size)
                    out[at] = 1.0f;
                word &= word - 1;
            }
        }
    }
    if (buf != small)
        PyMem_Free(buf);
    return failed ? -1 : 0;
}

/* The mask of a CardSet (its `mask`) set from `offset` on. */
static int
put_cards(Enc *e, PyObject *cards, long long offset)
{
    PyObject *mask = PyObject_GetAttr(cards, v_mask);
    if (mask == NULL)
        return -1;
    int r = put_bits(e, mask, offset);
    Py_DECREF(mask);
    return r;
}

/* The view's attribute `name`, a CardSet or None, set from `offset` on. */
static int
put_optional_cards(Enc *e, PyObject *view, PyObject *name, long long offset)
{
    PyObject *cards = PyObject_GetAttr(view, name);
    if (cards == NULL)
        return -1;
    int r = cards == Py_None ? 0 : put_cards(e, cards, offset);
    Py_DECREF(cards);
    return r;
}

/* An attribute that is None (-> *none = 1) or a seat (its relative place). */
static int
read_seat(Enc *e, PyObject *obj, PyObject *name, int *none, long long *place)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL)
        return -1;
    *none = value == Py_None;
    int r = *none ? 0 : rel_seat(e, value, place);
    Py_DECREF(value);
    return r;
}

static int
read_truth(PyObject *obj, PyObject *name, int *out)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL)
        return -1;
    *out = PyObject_IsTrue(value);
    Py_DECREF(value);
    return *out < 0 ? -1 : 0;
}

/* A member's index in a tuple: by identity, else as tuple.index finds it (raising as it does). */
static int
index_of(PyObject *obj, PyObject *name, PyObject *members, long long *out)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL)
        return -1;
    Py_ssize_t n = PyTuple_GET_SIZE(members), k;
    for (k = 0; k < n; k++)
        if (PyTuple_GET_ITEM(members, k) == value)
            break;
    if (k == n) {
        k = PySequence_Index(members, value);
        if (k < 0) {
            Py_DECREF(value);
            return -1;
        }
    }
    Py_DECREF(value);
    *out = k;
    return 0;
}

/* A number written as numpy writes a Python number into a float32 vector. */
static int
put_number(Enc *e, long long at, PyObject *number)
{
    if (at < 0 || at >= e->size) {
        PyErr_SetString(PyExc_ValueError, "encode: a number past the observation vector");
        return -1;
    }
    double value = PyLong_CheckExact(number) ? PyLong_AsDouble(number) : PyFloat_AsDouble(number);
    if (value == -1.0 && PyErr_Occurred())
        return -1;
    e->out[at] = (float)value;
    return 0;
}

static int
put_attr_number(Enc *e, long long at, PyObject *obj, PyObject *name)
{
    PyObject *value = PyObject_GetAttr(obj, name);
    if (value == NULL)
        return -1;
    int r = put_number(e, at, value);
    Py_DECREF(value);
    return r;
}

/* A whole number clipped to [low, high] (any size: past a long long it is past the bounds). */
static int
clipped(PyObject *number, long long low, long long high, double *out)
{
    int overflow;
    long long value = PyLong_AsLongLongAndOverflow(number, &overflow);
    if (value == -1 && PyErr_Occurred())
        return -1;
    if (overflow)
        value = overflow > 0 ? high : low;
    value = value < low ? low : value > high ? high : value;
    *out = (double)value;
    return 0;
}

/* Per seat (absolute) values of the view's tuple `name`, written in relative order at `at`. */
static int
put_per_seat(Enc *e, PyObject *view, PyObject *name, long long at, int clip, long long low, long long high)
{
    PyObject *values = PyObject_GetAttr(view, name);
    if (values == NULL)
        return -1;
    PyObject *fast = PySequence_Fast(values, "encode: per seat values are a sequence");
    Py_DECREF(values);
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != e->players) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "encode: per seat values, one a seat");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (long long k = 0; k < e->players; k++) {
        PyObject *item = items[(e->seat + k) % e->players];
        int r;
        if (clip) {
            double value;
            r = clipped(item, low, high, &value);
            if (r == 0)
                e->out[at + k] = (float)value;
        } else {
            r = put_number(e, at + k, item);
        }
        if (r < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return 0;
}

static int
put_trick(Enc *e, PyObject *view)
{
    const long long *at = e->at;
    PyObject *table = PyObject_GetAttr(view, v_trick);
    if (table == NULL)
        return -1;
    PyObject *fast = PySequence_Fast(table, "encode: the trick is a sequence");
    Py_DECREF(table);
    if (fast == NULL)
        return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(fast);
    PyObject **items = PySequence_Fast_ITEMS(fast);
    long long led = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        PyObject *pair = items[k];
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) {
            PyErr_SetString(PyExc_TypeError, "encode: the trick's entries are (seat, card)");
            goto fail;
        }
        long long place, card = PyLong_AsLongLong(PyTuple_GET_ITEM(pair, 1));
        if ((card == -1 && PyErr_Occurred()) || rel_seat(e, PyTuple_GET_ITEM(pair, 0), &place) < 0)
            goto fail;
        if (k == 0)
            led = (card >> 4) & 3;
        if (put(e, at[P_TRICK] + SLOTS * place + card) < 0)
            goto fail;
        if (((card >> 4) & 3) != led && put(e, at[P_VOIDS] + 4 * place + led) < 0)
            goto fail;
    }
    Py_DECREF(fast);
    if (n > 0) {
        int none;
        long long place;
        if (read_seat(e, view, v_leader, &none, &place) < 0)
            return -1;
        if (none) {
            PyErr_SetString(PyExc_TypeError, "encode: a trick on the table has a leader");
            return -1;
        }
        return put(e, at[P_LEADER] + place);
    }
    return 0;
fail:
    Py_DECREF(fast);
    return -1;
}

static int
put_auction(Enc *e, PyObject *auction)
{
    const long long *at = e->at;
    int none;
    long long place;
    if (read_seat(e, auction, v_bidder, &none, &place) < 0 || (!none && put(e, at[P_BIDDER] + place) < 0))
        return -1;
    PyObject *suit = PyObject_GetAttr(auction, v_named_suit);
    if (suit == NULL)
        return -1;
    if (suit != Py_None) {
        long long s = PyLong_AsLongLong(suit);
        Py_DECREF(suit);
        if ((s == -1 && PyErr_Occurred()) || put(e, at[P_NAMED_SUIT] + s) < 0)
            return -1;
    } else {
        Py_DECREF(suit);
    }
    PyObject *bids = PyObject_GetAttr(auction, v_bids);
    if (bids == NULL)
        return -1;
    PyObject *fast = PySequence_Fast(bids, "encode: the bids are a sequence");
    Py_DECREF(bids);
    if (fast == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(fast) != e->players) {
        Py_DECREF(fast);
        PyErr_SetString(PyExc_ValueError, "encode: the bids, one a seat");
        return -1;
    }
    PyObject **items = PySequence_Fast_ITEMS(fast);
    for (long long k = 0; k < e->players; k++) {
        PyObject *bid = items[(e->seat + k) % e->players];
        if (bid == Py_None)
            continue;
        if (put(e, at[P_HAS_BID] + k) < 0) {
            Py_DECREF(fast);
            return -1;
        }
    }
    for (long long k = 0; k < e->players; k++) { /* (`bid or 0`, after the bits) */
        PyObject *bid = items[(e->seat + k) % e->players];
        int truth = PyObject_IsTrue(bid);
        if (truth < 0 || (truth && put_number(e, at[P_BIDS] + k, bid) < 0)) {
            Py_DECREF(fast);
            return -1;
        }
    }
    Py_DECREF(fast);
    return put_attr_number(e, at[P_HIGH_BID], auction, v_high_bid);
}

static PyObject *
encode_rest(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError, "encode_rest(out, places, kept, view, choosing, clip)");
        return NULL;
    }
    if (e_directions == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "encode_rest: encoder_types() was not called");
        return NULL;
    }
    PyObject *places = args[1], *kept = args[2], *view = args[3], *choosing = args[4], *clip = args[5];
    if (!PyBytes_Check(places) || PyBytes_GET_SIZE(places) != P_COUNT * (Py_ssize_t)sizeof(long long)) {
        PyErr_SetString(PyExc_TypeError, "encode_rest: the places are the packed offsets");
        return NULL;
    }
    if (!PyTuple_Check(clip) || PyTuple_GET_SIZE(clip) != 3) {
        PyErr_SetString(PyExc_TypeError, "encode_rest: clip is (low, high, pool's high)");
        return NULL;
    }
    long long at[P_COUNT];
    memcpy(at, PyBytes_AS_STRING(places), sizeof(at));
    long long low = PyLong_AsLongLong(PyTuple_GET_ITEM(clip, 0));
    long long high = PyLong_AsLongLong(PyTuple_GET_ITEM(clip, 1));
    long long pool_high = PyLong_AsLongLong(PyTuple_GET_ITEM(clip, 2));
    if (PyErr_Occurred())
        return NULL;
    if (at[P_PLAYERS] < 1 || at[P_PLAYERS] > 64 || at[P_SEAT] < 0 || at[P_SEAT] >= at[P_PLAYERS]) {
        PyErr_SetString(PyExc_ValueError, "encode_rest: the places' seats");
        return NULL;
    }
    Py_buffer buffer;
    if (PyObject_GetBuffer(args[0], &buffer, PyBUF_C_CONTIGUOUS | PyBUF_WRITABLE | PyBUF_FORMAT) < 0)
        return NULL;
    const char *format = buffer.format ? buffer.format : "B";
    if (*format == '<' || *format == '=' || *format == '@')
        format++;
    if (buffer.itemsize != 4 || strcmp(format, "f") || buffer.len != at[P_SIZE] * 4) {
        PyBuffer_Release(&buffer);
        PyErr_SetString(PyExc_ValueError, "encode_rest: out is a float32 vector of the layout's size");
        return NULL;
    }
    Enc enc = {buffer.buf, at[P_SIZE], at[P_PLAYERS], at[P_SEAT], at};
    Enc *e = &enc;
    PyObject *hand = NULL, *pool = NULL, *auction = NULL, *widow = NULL;
    int none, truth;
    long long place, index;
    if (put_bits(e, kept, 0) < 0)
        goto fail;
    hand = PyObject_GetAttr(view, v_hand);
    if (hand == NULL || put_cards(e, hand, at[P_HAND]) < 0 || put_trick(e, view) < 0
        || put_optional_cards(e, view, v_passed, at[P_PASSED]) < 0
        || put_optional_cards(e, view, v_received, at[P_RECEIVED]) < 0)
        goto fail;
    /* (As the reference: a CardSet's mask at once, anything else if true.) */
    if (Py_IS_TYPE(choosing, (PyTypeObject *)e_cardset)) {
        if (put_cards(e, choosing, at[P_CHOOSING]) < 0)
            goto fail;
    } else {
        truth = PyObject_IsTrue(choosing);
        if (truth < 0 || (truth && put_cards(e, choosing, at[P_CHOOSING]) < 0))
            goto fail;
    }
    if (put_optional_cards(e, view, v_cancelled, at[P_CANCELLED]) < 0)
        goto fail;
    if (index_of(view, v_pass_direction, e_directions, &index) < 0 || put(e, at[P_DIRECTION] + index) < 0)
        goto fail;
    if (index_of(view, v_phase, e_phases, &index) < 0 || put(e, at[P_PHASE] + index) < 0)
        goto fail;
    if (read_truth(view, v_jack, &truth) < 0 || (truth && put(e, at[P_JACK]) < 0))
        goto fail;
    if (read_truth(view, v_hearts_broken, &truth) < 0 || (truth && put(e, at[P_HEARTS_BROKEN]) < 0))
        goto fail;
    if (read_seat(e, view, v_to_act, &none, &place) < 0 || (!none && put(e, at[P_TO_ACT] + place) < 0))
        goto fail;
    auction = PyObject_GetAttr(view, v_auction);
    if (auction == NULL || (auction != Py_None && put_auction(e, auction) < 0))
        goto fail;
    widow = PyObject_GetAttr(view, v_widow);
    if (widow == NULL)
        goto fail;
    if (widow != Py_None) {
        if (read_seat(e, widow, v_taker, &none, &place) < 0 || (!none && put(e, at[P_WIDOW_TAKER] + place) < 0)
            || put_attr_number(e, at[P_WIDOW_SIZE], widow, v_size) < 0)
            goto fail;
    }
    /* The numbers, over any bit: penalties, tricks won, hand sizes, scores (clipped), the pool. */
    long long p = e->players, numbers = at[P_NUMBERS];
    if (numbers < 0 || numbers + 4 * p >= e->size) {
        PyErr_SetString(PyExc_ValueError, "encode_rest: the numbers past the vector");
        goto fail;
    }
    if (put_per_seat(e, view, v_penalties, numbers, 0, 0, 0) < 0
        || put_per_seat(e, view, v_tricks_won, numbers + p, 0, 0, 0) < 0
        || put_per_seat(e, view, v_hand_sizes, numbers + 2 * p, 0, 0, 0) < 0
        || put_per_seat(e, view, v_scores, numbers + 3 * p, 1, low, high) < 0)
        goto fail;
    pool = PyObject_GetAttr(view, v_pool);
    double value;
    if (pool == NULL || clipped(pool, 0, pool_high, &value) < 0)
        goto fail;
    e->out[numbers + 4 * p] = (float)value;
    if (put_attr_number(e, at[P_STOCK_SIZE], view, v_stock_size) < 0)
        goto fail;
    Py_DECREF(hand);
    Py_DECREF(pool);
    Py_DECREF(auction);
    Py_DECREF(widow);
    PyBuffer_Release(&buffer);
    Py_RETURN_NONE;
fail:
    Py_XDECREF(hand);
    Py_XDECREF(pool);
    Py_XDECREF(auction);
    Py_XDECREF(widow);
    PyBuffer_Release(&buffer);
    return NULL;
}

static PyObject *
encoder_types(PyObject *module, PyObject *args)
{
    PyObject *directions, *phases, *cardset;
    if (!PyArg_ParseTuple(args, "O!O!O!", &PyTuple_Type, &directions, &PyTuple_Type, &phases, &PyType_Type, &cardset))
        return NULL;
    Py_XSETREF(e_directions, Py_NewRef(directions));
    Py_XSETREF(e_phases, Py_NewRef(phases));
    Py_XSETREF(e_cardset, Py_NewRef(cardset));
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"encode_rest", (PyCFunction)(void (*)(void))encode_rest, METH_FASTCALL,
     "encode_rest(out, places, kept, view, choosing, clip): the observation vector's assembly after the "
     "encoder's incremental reading (hearts.envs.aec.Encoder._assemble's values), written into out."},
    {"encoder_types", (PyCFunction)encoder_types, METH_VARARGS,
     "encoder_types(directions, phases, cardset_type): the pass directions and the phases in the layout's "
     "order, and CardSet (set once, by hearts.envs.aec)."},
    {NULL},
};

static struct PyModuleDef vector_module = {
    PyModuleDef_HEAD_INIT, "hearts.envs._vector", "The vector environment's fast path in C (optional).", -1, module_methods,
};

PyMODINIT_FUNC
PyInit__vector(void)
{
    if (PyType_Ready(&StepperType) < 0)
        return NULL;
#define INTERN(var, text)                                                                                              \
    if ((var = PyUnicode_InternFromString(text)) == NULL)                                                              \
        return NULL;
    INTERN(s_play, "play")
    INTERN(s_legal_moves, "legal_moves")
    INTERN(s_hands, "_hands")
    INTERN(s_points, "_points")
    INTERN(s_won, "_won")
    INTERN(s_to_act, "_to_act")
    INTERN(s_broken, "_broken")
    INTERN(s_phase, "_phase")
    INTERN(s_trick, "_trick")
    INTERN(v_hand, "hand")
    INTERN(v_mask, "mask")
    INTERN(v_trick, "trick")
    INTERN(v_leader, "leader")
    INTERN(v_passed, "passed")
    INTERN(v_received, "received")
    INTERN(v_cancelled, "cancelled")
    INTERN(v_pass_direction, "pass_direction")
    INTERN(v_phase, "phase")
    INTERN(v_jack, "jack")
    INTERN(v_hearts_broken, "hearts_broken")
    INTERN(v_to_act, "to_act")
    INTERN(v_scores, "scores")
    INTERN(v_pool, "pool")
    INTERN(v_penalties, "penalties")
    INTERN(v_tricks_won, "tricks_won")
    INTERN(v_hand_sizes, "hand_sizes")
    INTERN(v_auction, "auction")
    INTERN(v_widow, "widow")
    INTERN(v_bidder, "bidder")
    INTERN(v_named_suit, "named_suit")
    INTERN(v_bids, "bids")
    INTERN(v_high_bid, "high_bid")
    INTERN(v_taker, "taker")
    INTERN(v_size, "size")
    INTERN(v_stock_size, "stock_size")
#undef INTERN
    PyObject *module = PyModule_Create(&vector_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&StepperType);
    if (PyModule_AddObject(module, "Stepper", (PyObject *)&StepperType) < 0) {
        Py_DECREF(&StepperType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
