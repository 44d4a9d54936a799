/* The hot path of the trick loop in C: an optional accelerator of hearts.hand.core.
 *
 * Pure Python is the reference: hearts.hand.core.HandCore and hearts.deal.PythonDeal hold the
 * whole engine. When this module is built, HandCore's state lives in the C struct `Core` below
 * (the same attribute names, read and written from Python as slots are), and hearts.deal.Deal is
 * chosen once, at import, as `class Deal(FastPaths, PythonDeal)`: `FastPaths`, a subtype of
 * `Core` with no state of its own, holds play, legal_moves, undo and copy, found before the
 * Python methods. Each does, in C, exactly what the Python method's own path does for a plain
 * hand (one pack, tricks closed the plain way, no laws) and hands every other case, argument and
 * error to the Python method (PythonDeal's, given to register()), which stays the one place that
 * says why a move is refused. The test suite runs the same games both ways and compares every
 * event (tests/hand/test_speedups.py).
 *
 * Setting HEARTS_PURE=1 in the environment keeps this module unused.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>

typedef unsigned long long mask_t;

typedef struct {
    PyObject_HEAD
    /* HandCore's slots, by their Python names (see the member table). */
    PyObject *broken, *carry, *carry_points, *closed, *events, *fixed, *hands, *history;
    PyObject *laws, *leader, *legal, *mechanics, *next, *on_over, *penalty_mask, *phase;
    PyObject *points, *seen, *shared, *stack, *stock_pos, *taken, *to_act, *trick, *values;
    PyObject *won;
    /* What the fast paths read of `fixed`, read once per Fixed object (it never changes once
     * the hand is dealt): `fast_fixed` is the object it was read from, held so that its
     * address cannot be reused by another. */
    PyObject *fast_fixed;
    PyObject *ring;
    int fast; /* 1: the plain trick loop of one pack */
    Py_ssize_t closing;
    mask_t break_mask, club_lead, win_masks[4];
    int first_trick_rule, must_break, only_penalty_lead, lowest_club;
} Core;

/* Set by register(): the objects of the Python modules the fast paths make or compare. */
static PyObject *CARD_TAG, *TRICK_TAG, *STATE_TAG, *PLAY_PHASE, *OVER_PHASE, *CARD_PLAYED, *CARDS, *MINUS_ONE;
static PyTypeObject *CARD_TYPE, *DEAL_TYPE;
static PyObject *TRICK_WON, *WON_FIELDS[4]; /* TrickWon, and its slots: seat, leader, cards, points */
static mask_t HEARTS_BITS, QS_BITS;
static long PLAIN_CLOSER;

/* The pass (Passing's fast path): its phase, the move, the mechanic, the sequence of choices and
 * the event, with the slots the C code fills (PassChoices: _cards, _count, _kind, _len;
 * Passed: seat, cards, to; CardSet: mask). */
static PyObject *PASS_PHASE, *PASS_TYPE, *PASSING_TYPE, *CHOICES_TYPE, *CHOICE_FIELDS[4];
static PyObject *PASSED_TYPE, *PASSED_FIELDS[3], *CARDSET_TYPE, *CARDSET_MASK;

/* PythonDeal's play, legal_moves, undo and copy: where every case the C code does not take goes. */
static PyObject *PLAY_PY, *LEGAL_MOVES_PY, *UNDO_PY, *COPY_PY;

static PyObject *s_unshare;
static PyObject *s_end_of_play, *s_seat, *s_leader, *s_cards, *s_points;
static PyObject *s_plan, *s_by_phase, *s_passes, *s_count, *s_offset, *s_sits_out, *s_active;
static PyObject *s_first_to_pass, *s_start_play, *s_mask, *s_snapshot;

#define SUIT_BITS(suit) ((mask_t)0x3FFF << (16 * (suit)))

/* ------------------------------------------------------------------ helpers */

static inline int
is_true(PyObject *o)
{
    return o == Py_True ? 1 : o == Py_False ? 0 : PyObject_IsTrue(o);
}

static int
read_mask(PyObject *obj, const char *name, mask_t *out)
{
    PyObject *value = PyObject_GetAttrString(obj, name);
    if (value == NULL)
        return -1;
    *out = PyLong_AsUnsignedLongLongMask(value);
    Py_DECREF(value);
    return (*out == (mask_t)-1 && PyErr_Occurred()) ? -1 : 0;
}

static int
read_int(PyObject *obj, const char *name, long *out)
{
    PyObject *value = PyObject_GetAttrString(obj, name);
    if (value == NULL)
        return -1;
    *out = PyLong_AsLong(value);
    Py_DECREF(value);
    return (*out == -1 && PyErr_Occurred()) ? -1 : 0;
}

static int
read_flag(PyObject *obj, const char *name, int *out)
{
    PyObject *value = PyObject_GetAttrString(obj, name);
    if (value == NULL)
        return -1;
    *out = PyObject_IsTrue(value);
    Py_DECREF(value);
    return *out < 0 ? -1 : 0;
}

/* Whether the fast paths apply to this hand (reading `fixed` the first time). -1: an error. */
static int
fasten(Core *self)
{
    if (self->fixed == NULL)
        return 0;
    if (self->fast_fixed == self->fixed)
        return self->fast;
    PyObject *fixed = self->fixed;
    long closer, closing, lowest;
    Py_INCREF(fixed);
    Py_XSETREF(self->fast_fixed, fixed);
    Py_CLEAR(self->ring);
    self->fast = 0;
    if (read_int(fixed, "closer", &closer) < 0)
        return -1;
    if (closer != PLAIN_CLOSER)
        return 0; /* (the plain closer means one pack, nothing carried, no hook) */
    if (read_int(fixed, "closing", &closing) < 0 || read_mask(fixed, "break_mask", &self->break_mask) < 0
        || read_mask(fixed, "club_lead", &self->club_lead) < 0 || read_int(fixed, "lowest_club", &lowest) < 0
        || read_flag(fixed, "first_trick_rule", &self->first_trick_rule) < 0
        || read_flag(fixed, "must_break", &self->must_break) < 0
        || read_flag(fixed, "only_penalty_lead", &self->only_penalty_lead) < 0)
        return -1;
    PyObject *wins = PyObject_GetAttrString(fixed, "win_masks");
    if (wins == NULL)
        return -1;
    for (int suit = 0; suit < 4; suit++) {
        PyObject *item = PySequence_GetItem(wins, suit);
        if (item == NULL) {
            Py_DECREF(wins);
            return -1;
        }
        self->win_masks[suit] = PyLong_AsUnsignedLongLongMask(item);
        Py_DECREF(item);
    }
    Py_DECREF(wins);
    self->ring = PyObject_GetAttrString(fixed, "ring");
    if (self->ring == NULL || !PyTuple_Check(self->ring))
        return self->ring == NULL ? -1 : 0;
    if (closing < 1 || lowest < 0 || lowest > 63)
        return 0;
    self->closing = closing;
    self->lowest_club = (int)lowest;
    self->fast = 1;
    return 1;
}

/* The state every fast path reads: present and of the types the Python code keeps. */
static inline int
plain_state(Core *self)
{
    return self->hands && PyList_CheckExact(self->hands) && self->trick && PyList_CheckExact(self->trick)
           && self->events && PyList_CheckExact(self->events) && self->stack && PyList_CheckExact(self->stack)
           && self->history && PyList_CheckExact(self->history) && self->next && PyTuple_CheckExact(self->next)
           && self->to_act && PyLong_CheckExact(self->to_act) && self->legal && PyLong_CheckExact(self->legal)
           && self->broken && self->leader && self->penalty_mask && self->laws == Py_None;
}

static inline long
card_id(PyObject *card)
{
    return PyLong_AsLong(card);
}

/* HandCore.legal_mask, for a plain hand: the cards `hand` may play now. -1 with an error set. */
static long long
legal_mask(Core *self, long long hand)
{
    PyObject *trick = self->trick;
    int history_empty = PyList_GET_SIZE(self->history) == 0;
    if (PyList_GET_SIZE(trick)) {
        long led = card_id(PyList_GET_ITEM(trick, 0));
        if (led == -1 && PyErr_Occurred())
            return -1;
        long long follow = hand & (long long)SUIT_BITS(led >> 4 & 3);
        if (follow)
            return follow;
        if (self->first_trick_rule && history_empty) {
            mask_t penalty = PyLong_AsUnsignedLongLongMask(self->penalty_mask);
            if (penalty == (mask_t)-1 && PyErr_Occurred())
                return -1;
            long long safe = hand & ~(long long)penalty;
            if (safe)
                return safe;
        }
        return hand;
    }
    if (history_empty && self->club_lead && (hand >> self->lowest_club & 1))
        return hand & (long long)self->club_lead;
    if (self->must_break) {
        int broken = is_true(self->broken);
        if (broken < 0)
            return -1;
        if (!broken) {
            long long others = hand & ~(long long)HEARTS_BITS;
            if (others && !(self->only_penalty_lead && (mask_t)others == QS_BITS))
                return others;
        }
    }
    return hand;
}

static inline int
set_field(PyObject **field, PyObject *value)
{
    if (value == NULL)
        return -1;
    Py_XSETREF(*field, value);
    return 0;
}

static inline long long
hand_of(Core *self, Py_ssize_t seat)
{
    if (seat < 0 || seat >= PyList_GET_SIZE(self->hands)) {
        PyErr_SetString(PyExc_IndexError, "seat out of range");
        return -1;
    }
    return PyLong_AsLongLong(PyList_GET_ITEM(self->hands, seat));
}

static inline int
set_hand(Core *self, Py_ssize_t seat, long long hand)
{
    PyObject *value = PyLong_FromLongLong(hand);
    if (value == NULL)
        return -1;
    return PyList_SetItem(self->hands, seat, value); /* (steals the reference) */
}

/* The int at list[index] (a seat's tricks taken, points or tricks won), changed by `change`. */
static int
change_at(PyObject *list, PyObject *index_obj, PyObject *(*change)(PyObject *, PyObject *), PyObject *by)
{
    Py_ssize_t index = PyLong_AsSsize_t(index_obj);
    if (index == -1 && PyErr_Occurred())
        return -1;
    if (by == NULL || !PyList_Check(list) || index < 0 || index >= PyList_GET_SIZE(list)) {
        if (by != NULL)
            PyErr_SetString(PyExc_IndexError, "seat out of range");
        return -1;
    }
    PyObject *value = change(PyList_GET_ITEM(list, index), by);
    return value == NULL ? -1 : PyList_SetItem(list, index, value);
}

/* list[index] += delta. */
static int
add_at(PyObject *list, PyObject *index, long long delta)
{
    PyObject *by = PyLong_FromLongLong(delta);
    int done = change_at(list, index, PyNumber_Add, by);
    Py_XDECREF(by);
    return done;
}

/* list[index] |= bits, or with `clear`, list[index] &= ~bits. */
static int
mask_at(PyObject *list, PyObject *index, mask_t bits, int clear)
{
    PyObject *by = PyLong_FromUnsignedLongLong(bits);
    if (by != NULL && clear)
        Py_SETREF(by, PyNumber_Invert(by)); /* (as Python's ~: every bit above them set too) */
    int done = change_at(list, index, clear ? PyNumber_And : PyNumber_Or, by);
    Py_XDECREF(by);
    return done;
}

static PyObject *
call_method0(PyObject *self, PyObject *name)
{
    PyObject *args[1] = {self};
    return PyObject_VectorcallMethod(name, args, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
}

static PyObject *
slow(PyObject *method, PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    /* The Python method (a function of PythonDeal), with the same arguments (self first). */
    if (method == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "hearts.hand._speedups: register() was not called");
        return NULL;
    }
    Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
    PyObject *small[8];
    PyObject **all = total + 1 <= 8 ? small : PyMem_Malloc((total + 1) * sizeof(PyObject *));
    if (all == NULL)
        return PyErr_NoMemory();
    all[0] = self;
    for (Py_ssize_t i = 0; i < total; i++)
        all[i + 1] = args[i];
    PyObject *result = PyObject_Vectorcall(method, all, (nargs + 1), kwnames);
    if (all != small)
        PyMem_Free(all);
    return result;
}

static PyObject *
cards_list(long long legal)
{
    PyObject *list = PyList_New(__builtin_popcountll((mask_t)legal));
    if (list == NULL)
        return NULL;
    Py_ssize_t at = 0;
    mask_t bits = (mask_t)legal;
    while (bits) {
        int id = __builtin_ctzll(bits);
        bits &= bits - 1;
        PyObject *card = PyTuple_GET_ITEM(CARDS, id);
        Py_INCREF(card);
        PyList_SET_ITEM(list, at++, card);
    }
    return list;
}

/* An object of a slotted class (a frozen dataclass: TrickWon, Passed; or PassChoices, CardSet)
 * made slot by slot, as its __init__ would fill it (a frozen dataclass's __init__ costs ten
 * times as much, and a hand closes a trick a dozen times). */
static PyObject *
make_slotted(PyObject *type_obj, PyObject *const *fields, int n, PyObject *const *values)
{
    PyTypeObject *type = (PyTypeObject *)type_obj;
    PyObject *made = type->tp_alloc(type, 0);
    if (made == NULL)
        return NULL;
    for (int i = 0; i < n; i++) {
        if (Py_TYPE(fields[i])->tp_descr_set(fields[i], made, values[i]) < 0) {
            Py_DECREF(made);
            return NULL;
        }
    }
    return made;
}

/* TrickWon(seat, leader, cards, points). */
static PyObject *
make_trick_won(PyObject *const *values)
{
    return make_slotted(TRICK_WON, WON_FIELDS, 4, values);
}

/* n choose k, for the n <= 64 cards of a hand of one pack. */
static unsigned long long
choose(int n, int k)
{
    if (k < 0 || k > n)
        return 0;
    if (k > n - k)
        k = n - k;
    unsigned __int128 result = 1;
    for (int i = 0; i < k; i++)
        result = result * (unsigned)(n - i) / (unsigned)(i + 1); /* (exact at every step) */
    return (unsigned long long)result;
}

/* ------------------------------------------------------------------ the pass */

/* The hand's Passing mechanic, borrowed, when the pass runs the plain way; NULL with no error
 * set: not this path. */
static PyObject *
plain_passing(Core *self)
{
    if (self->fixed == NULL || self->mechanics == NULL || !PyTuple_CheckExact(self->mechanics) || self->hands == NULL
        || !PyList_CheckExact(self->hands) || self->to_act == NULL || !PyLong_CheckExact(self->to_act)
        || self->events == NULL || !PyList_CheckExact(self->events) || self->stack == NULL
        || !PyList_CheckExact(self->stack) || self->shared == NULL || self->leader == NULL)
        return NULL;
    PyObject *plan = PyObject_GetAttr(self->fixed, s_plan);
    if (plan == NULL)
        return NULL;
    PyObject *by_phase = PyObject_GetAttr(plan, s_by_phase);
    Py_DECREF(plan);
    if (by_phase == NULL)
        return NULL;
    PyObject *index = PyDict_CheckExact(by_phase) ? PyDict_GetItemWithError(by_phase, PASS_PHASE) : NULL;
    Py_ssize_t at = index != NULL && PyLong_CheckExact(index) ? PyLong_AsSsize_t(index) : -1;
    Py_DECREF(by_phase);
    if (at < 0 || at >= PyTuple_GET_SIZE(self->mechanics))
        return NULL;
    PyObject *passing = PyTuple_GET_ITEM(self->mechanics, at);
    return (PyObject *)Py_TYPE(passing) == PASSING_TYPE ? passing : NULL;
}

/* An int of a list (a seat's hand or pass) that fits in 63 bits; -2 with no error set: one that
 * does not (a mask of two packs), or not an int. */
static long long
small_int_at(PyObject *list, Py_ssize_t index)
{
    PyObject *item = PyList_GET_ITEM(list, index);
    if (!PyLong_CheckExact(item))
        return -2;
    long long value = PyLong_AsLongLong(item);
    if (value == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        return -2;
    }
    return value;
}

/* Passing.legal_moves for the seat to act: every pass it may make, as a PassChoices, or [] once
 * it has passed. Returns 1 with *out set, 0: not this path (nothing changed), -1: an error. */
static int
pass_choices(Core *self, PyObject **out)
{
    PyObject *passing = plain_passing(self);
    if (passing == NULL)
        return PyErr_Occurred() ? -1 : 0;
    Py_ssize_t seat = PyLong_AsSsize_t(self->to_act);
    if (seat == -1 && PyErr_Occurred())
        return -1;
    PyObject *passes = PyObject_GetAttr(passing, s_passes);
    if (passes == NULL)
        return -1;
    PyObject *count = NULL, *cards = NULL, *size = NULL;
    int done = 0;
    if (!PyList_CheckExact(passes) || seat < 0 || seat >= PyList_GET_SIZE(passes)
        || seat >= PyList_GET_SIZE(self->hands))
        goto out;
    long long passed = small_int_at(passes, seat), hand = small_int_at(self->hands, seat);
    if (passed < -1 || hand < 0)
        goto out;
    if (passed >= 0) { /* (this seat has passed) */
        *out = PyList_New(0);
        done = *out ? 1 : -1;
        goto out;
    }
    count = PyObject_GetAttr(passing, s_count);
    long k = count != NULL && PyLong_CheckExact(count) ? PyLong_AsLong(count) : -1;
    if (k < 0 || k > 64) {
        done = PyErr_Occurred() ? -1 : 0;
        goto out;
    }
    cards = cards_list(hand);
    size = cards ? PyLong_FromUnsignedLongLong(choose(__builtin_popcountll((mask_t)hand), (int)k)) : NULL;
    if (size == NULL) {
        done = -1;
        goto out;
    }
    PyObject *values[4] = {cards, count, PASS_TYPE, size};
    *out = make_slotted(CHOICES_TYPE, CHOICE_FIELDS, 4, values);
    done = *out ? 1 : -1;
out:
    Py_DECREF(passes);
    Py_XDECREF(count);
    Py_XDECREF(cards);
    Py_XDECREF(size);
    return done;
}

/* Deal.play's pass path (Passing.ready and Passing.give) for a table where every seat passes:
 * `seat` (or, given None, the seat to act) lays out the cards of `move`; the last pass hands
 * them over and starts the play. Returns 1 with *out the event, 0: not this path, or a pass
 * refused (nothing changed: the Python method says why), -1: an error. */
static int
pass_play(Core *self, PyObject *move, PyObject *seat_arg, PyObject **out)
{
    PyObject *giver = seat_arg == Py_None ? self->to_act : seat_arg;
    if (giver == NULL || !PyLong_CheckExact(giver))
        return 0;
    PyObject *passing = plain_passing(self);
    if (passing == NULL)
        return PyErr_Occurred() ? -1 : 0;
    if (is_true(self->shared)) { /* (as the Python method, before anything else) */
        PyObject *done = call_method0((PyObject *)self, s_unshare);
        if (done == NULL)
            return -1;
        Py_DECREF(done);
        passing = plain_passing(self); /* (a copy of the mechanic now) */
        if (passing == NULL)
            return PyErr_Occurred() ? -1 : 0;
    }
    Py_INCREF(passing);
    Py_INCREF(giver);
    PyObject *sits_out = NULL, *cards = NULL, *mask_obj = NULL, *passes = NULL, *count = NULL, *offset = NULL;
    PyObject *record = NULL, *to = NULL, *cardset = NULL, *event = NULL, *active = NULL;
    int done = -1;
    sits_out = PyObject_GetAttr(self->fixed, s_sits_out);
    cards = sits_out ? PyObject_GetAttr(move, s_cards) : NULL;
    if (cards == NULL)
        goto out;
    done = 0;
    if (sits_out != Py_None || (PyObject *)Py_TYPE(cards) != CARDSET_TYPE)
        goto out; /* (a dealer sitting out: the Python method) */
    done = -1;
    mask_obj = PyObject_GetAttr(cards, s_mask);
    passes = mask_obj ? PyObject_GetAttr(passing, s_passes) : NULL;
    count = passes ? PyObject_GetAttr(passing, s_count) : NULL;
    offset = count ? PyObject_GetAttr(passing, s_offset) : NULL;
    if (offset == NULL)
        goto out;
    done = 0;
    if (!PyLong_CheckExact(mask_obj) || !PyList_CheckExact(passes) || !PyLong_CheckExact(count)
        || !PyLong_CheckExact(offset))
        goto out;
    long long mask = PyLong_AsLongLong(mask_obj);
    if (mask == -1 && PyErr_Occurred()) {
        PyErr_Clear(); /* (a pass of two packs' cards: the Python method) */
        goto out;
    }
    Py_ssize_t seat = PyLong_AsSsize_t(giver);
    if (seat == -1 && PyErr_Occurred()) {
        PyErr_Clear();
        goto out;
    }
    Py_ssize_t players = PyList_GET_SIZE(passes);
    long k = PyLong_AsLong(count), shift = PyLong_AsLong(offset);
    if (PyErr_Occurred()) {
        done = -1;
        goto out;
    }
    /* Passing.ready: a seat of the table that has not passed, passing `count` cards it holds. */
    if (mask < 0 || seat < 0 || seat >= players || players != PyList_GET_SIZE(self->hands))
        goto out;
    long long hand = small_int_at(self->hands, seat);
    if (hand < 0 || small_int_at(passes, seat) != -1 || __builtin_popcountll((mask_t)mask) != k
        || (mask & ~hand))
        goto out;
    Py_ssize_t waiting = 0;
    for (Py_ssize_t i = 0; i < players; i++)
        waiting += small_int_at(passes, i) == -1;
    int last = waiting == 1;
    /* Passing.give: every check done, now the changes. */
    done = -1;
    record = PyTuple_Pack(5, passing, giver, mask_obj, self->to_act, self->leader);
    if (record == NULL || PyList_Append(self->stack, record) < 0)
        goto out;
    Py_INCREF(MINUS_ONE);
    Py_SETREF(self->legal, MINUS_ONE);
    Py_INCREF(mask_obj);
    if (PyList_SetItem(passes, seat, mask_obj) < 0 || set_hand(self, seat, hand & ~mask) < 0)
        goto out;
    to = PyLong_FromSsize_t(((seat + shift) % players + players) % players);
    cardset = to ? make_slotted(CARDSET_TYPE, &CARDSET_MASK, 1, &mask_obj) : NULL;
    if (cardset == NULL)
        goto out;
    PyObject *fields[3] = {giver, cardset, to};
    event = make_slotted(PASSED_TYPE, PASSED_FIELDS, 3, fields);
    if (event == NULL || PyList_Append(self->events, event) < 0)
        goto out;
    if (!last) {
        PyObject *next = PyObject_CallMethodOneArg(passing, s_first_to_pass, (PyObject *)self);
        if (next == NULL)
            goto out;
        Py_SETREF(self->to_act, next);
    } else {
        /* The last pass: the cards change hands together and the play starts. */
        active = PyObject_GetAttr(self->fixed, s_active);
        if (active == NULL)
            goto out;
        if (!PyTuple_CheckExact(active)) {
            PyErr_SetString(PyExc_TypeError, "the active seats must be a tuple");
            goto out;
        }
        for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(active); i++) {
            Py_ssize_t from = PyLong_AsSsize_t(PyTuple_GET_ITEM(active, i));
            if (from < 0 || from >= players) {
                if (!PyErr_Occurred())
                    PyErr_SetString(PyExc_IndexError, "an active seat out of range");
                goto out;
            }
            Py_ssize_t receiver = ((from + shift) % players + players) % players;
            long long given = small_int_at(passes, from), held = small_int_at(self->hands, receiver);
            if (given < 0 || held < 0) {
                PyErr_SetString(PyExc_ValueError, "a pass or a hand out of range");
                goto out;
            }
            if (set_hand(self, receiver, held | given) < 0)
                goto out;
        }
        PyObject *started = call_method0((PyObject *)self, s_start_play);
        if (started == NULL)
            goto out;
        Py_DECREF(started);
    }
    *out = event;
    event = NULL;
    done = 1;
out:
    Py_DECREF(passing);
    Py_DECREF(giver);
    Py_XDECREF(sits_out);
    Py_XDECREF(cards);
    Py_XDECREF(mask_obj);
    Py_XDECREF(passes);
    Py_XDECREF(count);
    Py_XDECREF(offset);
    Py_XDECREF(record);
    Py_XDECREF(to);
    Py_XDECREF(cardset);
    Py_XDECREF(event);
    Py_XDECREF(active);
    return done;
}

/* ------------------------------------------------------------------ legal_moves */

static PyObject *
Core_legal_moves(Core *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    /* (seat=None given positionally, as Game.legal_moves passes it, is the seat to act) */
    if (self->phase == PASS_PHASE && PASS_PHASE != NULL && (nargs == 0 || (nargs == 1 && args[0] == Py_None))
        && !kwnames) {
        PyObject *choices = NULL;
        int done = pass_choices(self, &choices);
        if (done < 0)
            return NULL;
        return done ? choices : slow(LEGAL_MOVES_PY, (PyObject *)self, args, nargs, kwnames);
    }
    if (nargs > 1 || (nargs == 1 && args[0] != Py_None) || kwnames || self->phase != PLAY_PHASE
        || !plain_state(self))
        return slow(LEGAL_MOVES_PY, (PyObject *)self, args, nargs, kwnames);
    int fast = fasten(self);
    if (fast < 0)
        return NULL;
    if (!fast)
        return slow(LEGAL_MOVES_PY, (PyObject *)self, args, nargs, kwnames);
    long long legal = PyLong_AsLongLong(self->legal);
    if (legal == -1 && PyErr_Occurred())
        return NULL;
    if (legal < 0) {
        Py_ssize_t to_act = PyLong_AsSsize_t(self->to_act);
        long long hand = hand_of(self, to_act);
        if (hand < 0 && PyErr_Occurred())
            return NULL;
        legal = legal_mask(self, hand);
        if (legal < 0)
            return NULL;
        if (set_field(&self->legal, PyLong_FromLongLong(legal)) < 0)
            return NULL;
    }
    return cards_list(legal);
}

/* ------------------------------------------------------------------ play */

/* HandCore._close_plain: the card closes the trick, the winner takes it and leads; with the last
 * card (`snapshot`: the hand's snapshot taken before it), the end of play follows. NULL with no
 * error set: not this path after all (before anything changed). */
static PyObject *
close_plain(Core *self, PyObject *seat_obj, Py_ssize_t seat, PyObject *card_obj, long card, long long left,
            PyObject *snapshot)
{
    if (PyObject_IsTrue(self->shared)) {
        PyObject *done = call_method0((PyObject *)self, s_unshare);
        if (done == NULL)
            return NULL;
        Py_DECREF(done);
    }
    PyObject *trick = self->trick;
    Py_ssize_t size = PyList_GET_SIZE(trick);
    if (size + 1 > 16 || !PyTuple_CheckExact(self->values))
        return NULL;
    PyObject *leader = size ? self->leader : seat_obj;
    PyObject *cards = PyTuple_New(size + 1);
    if (cards == NULL)
        return NULL;
    long ids[16];
    long long points = 0;
    mask_t mask = 0;
    Py_ssize_t nvalues = PyTuple_GET_SIZE(self->values);
    for (Py_ssize_t i = 0; i <= size; i++) {
        PyObject *c = i < size ? PyList_GET_ITEM(trick, i) : card_obj;
        long id = i < size ? card_id(c) : card;
        if (id < 0 || id > 63 || id >= nvalues) {
            Py_DECREF(cards);
            return NULL; /* (an error set, or not this path) */
        }
        ids[i] = id;
        Py_INCREF(c);
        PyTuple_SET_ITEM(cards, i, c);
        points += PyLong_AsLongLong(PyTuple_GET_ITEM(self->values, id));
        mask |= (mask_t)1 << id;
    }
    if (PyErr_Occurred()) {
        Py_DECREF(cards);
        return NULL;
    }
    mask_t wins = mask & self->win_masks[ids[0] >> 4 & 3];
    PyObject *row = PyTuple_GetItem(self->ring, PyLong_AsSsize_t(leader));
    if (wins == 0 || row == NULL) {
        Py_DECREF(cards);
        return NULL;
    }
    long top = 63 - __builtin_clzll(wins);
    Py_ssize_t best_at = 0;
    while (ids[best_at] != top)
        best_at++;
    PyObject *winner = PyTuple_GetItem(row, best_at);
    if (winner == NULL) {
        Py_DECREF(cards);
        return NULL;
    }
    Py_INCREF(winner);
    Py_INCREF(leader);
    PyObject *result = NULL, *record = NULL, *mask_obj = NULL, *points_obj = NULL, *won = NULL;
    Py_ssize_t winner_seat;
    mask_obj = PyLong_FromUnsignedLongLong(mask);
    points_obj = PyLong_FromLongLong(points);
    PyObject *events_len = PyLong_FromSsize_t(PyList_GET_SIZE(self->events));
    if (mask_obj == NULL || points_obj == NULL || events_len == NULL) {
        Py_XDECREF(events_len);
        goto done;
    }
    /* (the last trick: the end of play follows, and a snapshot taken before the card undoes both) */
    record = snapshot ? PyTuple_Pack(2, STATE_TAG, snapshot)
                      : PyTuple_Pack(6, TRICK_TAG, seat_obj, card_obj, self->broken, events_len, mask_obj);
    Py_DECREF(events_len);
    if (record == NULL || PyList_Append(self->stack, record) < 0)
        goto done;
    Py_INCREF(MINUS_ONE);
    Py_SETREF(self->legal, MINUS_ONE);
    if (set_hand(self, seat, left) < 0)
        goto done;
    if ((self->break_mask >> card & 1) && !is_true(self->broken)) {
        Py_INCREF(Py_True);
        Py_SETREF(self->broken, Py_True);
    }
    PyObject *event = PyList_GET_ITEM(CARD_PLAYED, seat << 7 | card);
    if (PyList_Append(self->events, event) < 0)
        goto done;
    if (mask_at(self->taken, winner, mask, 0) < 0 || add_at(self->points, winner, points) < 0
        || add_at(self->won, winner, 1) < 0)
        goto done;
    PyObject *won_args[4] = {winner, leader, cards, points_obj};
    won = make_trick_won(won_args);
    if (won == NULL || PyList_Append(self->history, won) < 0 || PyList_Append(self->events, won) < 0)
        goto done;
    if (set_field(&self->trick, PyList_New(0)) < 0)
        goto done;
    Py_INCREF(winner);
    Py_SETREF(self->leader, winner);
    Py_INCREF(winner);
    Py_SETREF(self->to_act, winner);
    winner_seat = PyLong_AsSsize_t(winner);
    long long winner_hand = hand_of(self, winner_seat);
    if (winner_hand == -1 && PyErr_Occurred())
        goto done;
    if (winner_hand == 0) {
        PyObject *ended = call_method0((PyObject *)self, s_end_of_play);
        if (ended == NULL)
            goto done;
        Py_DECREF(ended);
    }
    Py_INCREF(event);
    result = event;
done:
    Py_XDECREF(won);
    Py_XDECREF(record);
    Py_XDECREF(mask_obj);
    Py_XDECREF(points_obj);
    Py_DECREF(cards);
    Py_DECREF(winner);
    Py_DECREF(leader);
    if (result == NULL && !PyErr_Occurred())
        PyErr_SetString(PyExc_SystemError, "the trick could not be closed");
    return result;
}

static PyObject *
Core_play(Core *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    /* (seat=None given positionally, as Game.play passes it, is the seat to act) */
    if (self->phase == PASS_PHASE && PASS_PHASE != NULL && (nargs == 1 || nargs == 2) && !kwnames
        && (PyObject *)Py_TYPE(args[0]) == PASS_TYPE) {
        PyObject *event = NULL;
        int done = pass_play(self, args[0], nargs == 2 ? args[1] : Py_None, &event);
        if (done < 0)
            return NULL;
        return done ? event : slow(PLAY_PY, (PyObject *)self, args, nargs, kwnames);
    }
    if (nargs < 1 || nargs > 2 || (nargs == 2 && args[1] != Py_None) || kwnames || self->phase != PLAY_PHASE
        || Py_TYPE(args[0]) != CARD_TYPE || !plain_state(self))
        return slow(PLAY_PY, (PyObject *)self, args, nargs, kwnames);
    int fast = fasten(self);
    if (fast < 0)
        return NULL;
    if (!fast)
        return slow(PLAY_PY, (PyObject *)self, args, nargs, kwnames);
    PyObject *move = args[0];
    long card = card_id(move);
    Py_ssize_t to_act = PyLong_AsSsize_t(self->to_act);
    if (card < 0 || card > 63 || to_act < 0 || to_act > 10) {
        if (PyErr_Occurred())
            return NULL;
        return slow(PLAY_PY, (PyObject *)self, args, nargs, kwnames);
    }
    long long hand = hand_of(self, to_act);
    if (hand < 0 && PyErr_Occurred())
        return NULL;
    long long legal = PyLong_AsLongLong(self->legal);
    if (legal == -1 && PyErr_Occurred())
        return NULL;
    if (legal < 0) {
        legal = legal_mask(self, hand);
        if (legal < 0)
            return NULL;
    }
    if (!(legal >> card & 1))
        return slow(PLAY_PY, (PyObject *)self, args, nargs, kwnames); /* (it says why) */
    PyObject *trick = self->trick;
    Py_ssize_t size = PyList_GET_SIZE(trick);
    long long left = hand & ~(1LL << card);
    PyObject *seat_obj = self->to_act;
    if (size >= self->closing) {
        PyObject *snapshot = NULL;
        if (left == 0) { /* the last card: a full record, and the end of play (in Python) */
            snapshot = call_method0((PyObject *)self, s_snapshot);
            if (snapshot == NULL)
                return NULL;
        }
        Py_INCREF(seat_obj);
        PyObject *event = close_plain(self, seat_obj, to_act, move, card, left, snapshot);
        Py_DECREF(seat_obj);
        Py_XDECREF(snapshot);
        if (event == NULL && !PyErr_Occurred())
            return slow(PLAY_PY, (PyObject *)self, args, nargs, kwnames);
        return event;
    }
    /* The card leaves the trick open (Deal.play's inline path). */
    PyObject *record = PyTuple_Pack(5, CARD_TAG, seat_obj, move, self->leader, self->broken);
    if (record == NULL)
        return NULL;
    int appended = PyList_Append(self->stack, record);
    Py_DECREF(record);
    if (appended < 0)
        return NULL;
    Py_INCREF(MINUS_ONE);
    Py_SETREF(self->legal, MINUS_ONE);
    if (set_hand(self, to_act, left) < 0)
        return NULL;
    if (!size) {
        Py_INCREF(seat_obj);
        Py_XSETREF(self->leader, seat_obj);
    }
    if (PyList_Append(trick, move) < 0)
        return NULL;
    if ((self->break_mask >> card & 1) && !is_true(self->broken)) {
        Py_INCREF(Py_True);
        Py_SETREF(self->broken, Py_True);
    }
    PyObject *event = PyList_GET_ITEM(CARD_PLAYED, to_act << 7 | card);
    if (PyList_Append(self->events, event) < 0)
        return NULL;
    PyObject *next = PyTuple_GetItem(self->next, to_act);
    if (next == NULL)
        return NULL;
    Py_INCREF(next);
    Py_SETREF(self->to_act, next);
    Py_INCREF(event);
    return event;
}

/* ------------------------------------------------------------------ undo */

static PyObject *
Core_undo(Core *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs || kwnames || !plain_state(self) || self->closed != Py_False
        || PyList_GET_SIZE(self->stack) == 0)
        return slow(UNDO_PY, (PyObject *)self, args, nargs, kwnames);
    int fast = fasten(self);
    if (fast < 0)
        return NULL;
    if (!fast) /* (a hand of two packs, say: its masks do not fit in 64 bits) */
        return slow(UNDO_PY, (PyObject *)self, args, nargs, kwnames);
    PyObject *stack = self->stack;
    PyObject *entry = PyList_GET_ITEM(stack, PyList_GET_SIZE(stack) - 1);
    if (!PyTuple_CheckExact(entry) || PyTuple_GET_SIZE(entry) < 1)
        return slow(UNDO_PY, (PyObject *)self, args, nargs, kwnames);
    PyObject *kind = PyTuple_GET_ITEM(entry, 0);
    if (kind == CARD_TAG && PyTuple_GET_SIZE(entry) == 5) {
        PyObject *seat = PyTuple_GET_ITEM(entry, 1);
        long card = card_id(PyTuple_GET_ITEM(entry, 2));
        Py_ssize_t at = PyLong_AsSsize_t(seat);
        long long hand = hand_of(self, at);
        if ((hand < 0 && PyErr_Occurred()) || card < 0 || card > 63 || PyList_GET_SIZE(self->trick) == 0
            || PyList_GET_SIZE(self->events) == 0) {
            if (PyErr_Occurred())
                return NULL;
            return slow(UNDO_PY, (PyObject *)self, args, nargs, kwnames);
        }
        Py_INCREF(entry);
        if (PyList_SetSlice(stack, PyList_GET_SIZE(stack) - 1, PyList_GET_SIZE(stack), NULL) < 0)
            goto fail;
        Py_INCREF(MINUS_ONE);
        Py_SETREF(self->legal, MINUS_ONE);
        PyObject *leader = PyTuple_GET_ITEM(entry, 3), *broken = PyTuple_GET_ITEM(entry, 4);
        Py_INCREF(leader);
        Py_XSETREF(self->leader, leader);
        Py_INCREF(broken);
        Py_XSETREF(self->broken, broken);
        if (set_hand(self, at, hand | 1LL << card) < 0)
            goto fail;
        Py_ssize_t n = PyList_GET_SIZE(self->trick);
        if (PyList_SetSlice(self->trick, n - 1, n, NULL) < 0)
            goto fail;
        Py_INCREF(seat);
        Py_SETREF(self->to_act, seat);
        n = PyList_GET_SIZE(self->events);
        if (PyList_SetSlice(self->events, n - 1, n, NULL) < 0)
            goto fail;
        Py_DECREF(entry);
        Py_RETURN_NONE;
    fail:
        Py_DECREF(entry);
        return NULL;
    }
    if (kind == TRICK_TAG && PyTuple_GET_SIZE(entry) == 6 && PyList_GET_SIZE(self->history)) {
        if (is_true(self->shared)) {
            PyObject *done = call_method0((PyObject *)self, s_unshare);
            if (done == NULL)
                return NULL;
            Py_DECREF(done);
        }
        PyObject *history = self->history;
        Py_ssize_t last = PyList_GET_SIZE(history) - 1;
        PyObject *won = PyList_GET_ITEM(history, last);
        PyObject *winner = PyObject_GetAttr(won, s_seat);
        PyObject *cards = winner ? PyObject_GetAttr(won, s_cards) : NULL;
        PyObject *leader = cards ? PyObject_GetAttr(won, s_leader) : NULL;
        PyObject *points = leader ? PyObject_GetAttr(won, s_points) : NULL;
        PyObject *result = NULL;
        Py_INCREF(entry);
        PyObject *seat = PyTuple_GET_ITEM(entry, 1);
        long card = card_id(PyTuple_GET_ITEM(entry, 2));
        PyObject *broken = PyTuple_GET_ITEM(entry, 3);
        Py_ssize_t events_len = PyLong_AsSsize_t(PyTuple_GET_ITEM(entry, 4));
        mask_t mask = PyLong_AsUnsignedLongLongMask(PyTuple_GET_ITEM(entry, 5));
        Py_ssize_t at = PyLong_AsSsize_t(seat);
        long long hand = points ? hand_of(self, at) : -1;
        long long taken_points = points ? PyLong_AsLongLong(points) : 0;
        if (points == NULL || PyErr_Occurred() || !PyTuple_Check(cards) || PyTuple_GET_SIZE(cards) < 1 || card < 0
            || card > 63)
            goto trick_done;
        PyObject *rest = PyTuple_GetSlice(cards, 0, PyTuple_GET_SIZE(cards) - 1);
        PyObject *trick = rest ? PySequence_List(rest) : NULL;
        Py_XDECREF(rest);
        if (trick == NULL)
            goto trick_done;
        /* Every check done: now the changes. */
        PyList_SetSlice(self->stack, PyList_GET_SIZE(self->stack) - 1, PyList_GET_SIZE(self->stack), NULL);
        Py_INCREF(MINUS_ONE);
        Py_SETREF(self->legal, MINUS_ONE);
        Py_INCREF(broken);
        Py_SETREF(self->broken, broken);
        if (PyList_SetSlice(history, last, last + 1, NULL) < 0 || set_hand(self, at, hand | 1LL << card) < 0) {
            Py_DECREF(trick);
            goto trick_done;
        }
        Py_SETREF(self->trick, trick);
        Py_INCREF(leader);
        Py_SETREF(self->leader, leader);
        if (mask_at(self->taken, winner, mask, 1) < 0 || add_at(self->points, winner, -taken_points) < 0
            || add_at(self->won, winner, -1) < 0)
            goto trick_done;
        Py_INCREF(seat);
        Py_SETREF(self->to_act, seat);
        if (PyList_SetSlice(self->events, events_len, PyList_GET_SIZE(self->events), NULL) < 0)
            goto trick_done;
        Py_INCREF(Py_None);
        result = Py_None;
    trick_done:
        Py_DECREF(entry);
        Py_XDECREF(winner);
        Py_XDECREF(cards);
        Py_XDECREF(leader);
        Py_XDECREF(points);
        return result;
    }
    return slow(UNDO_PY, (PyObject *)self, args, nargs, kwnames);
}

/* ------------------------------------------------------------------ copy */

#define SHARE(field)                                                                                                   \
    do {                                                                                                               \
        Py_XINCREF(self->field);                                                                                       \
        other->field = self->field;                                                                                    \
    } while (0)

#define LIST_COPY(field)                                                                                               \
    do {                                                                                                               \
        other->field = PyList_GetSlice(self->field, 0, PyList_GET_SIZE(self->field));                                  \
        if (other->field == NULL)                                                                                      \
            goto fail;                                                                                                 \
    } while (0)

static PyObject *
Core_copy(Core *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    if (nargs || kwnames || Py_TYPE(self) != DEAL_TYPE || !plain_state(self) || !self->fixed || !self->values
        || !self->penalty_mask || !self->stock_pos || !self->carry || !self->carry_points || !self->phase
        || !self->leader || !self->taken || !self->points || !self->won || !self->mechanics || !self->shared)
        return slow(COPY_PY, (PyObject *)self, args, nargs, kwnames);
    Core *other = (Core *)DEAL_TYPE->tp_alloc(DEAL_TYPE, 0);
    if (other == NULL)
        return NULL;
    /* Shared with the original: what is fixed for the hand, and what is replaced whole. */
    SHARE(fixed);
    SHARE(next);
    SHARE(values);
    SHARE(penalty_mask);
    SHARE(legal);
    SHARE(broken);
    SHARE(stock_pos);
    SHARE(carry);
    SHARE(carry_points);
    SHARE(phase);
    SHARE(leader);
    SHARE(to_act);
    /* Changed in place by every move: copied. */
    LIST_COPY(hands);
    LIST_COPY(trick);
    LIST_COPY(events);
    LIST_COPY(stack);
    Py_INCREF(Py_False);
    other->closed = Py_False;
    Py_INCREF(Py_None);
    other->on_over = Py_None;
    /* Copy on write (HandCore.unshare): shared until either deal changes them. */
    Py_INCREF(Py_True);
    Py_SETREF(self->shared, Py_True);
    Py_INCREF(Py_True);
    other->shared = Py_True;
    SHARE(taken);
    SHARE(points);
    SHARE(won);
    SHARE(history);
    SHARE(mechanics);
    SHARE(laws);
    /* What the fast paths read of `fixed`. */
    SHARE(fast_fixed);
    SHARE(ring);
    other->fast = self->fast;
    other->closing = self->closing;
    other->break_mask = self->break_mask;
    other->club_lead = self->club_lead;
    for (int i = 0; i < 4; i++)
        other->win_masks[i] = self->win_masks[i];
    other->first_trick_rule = self->first_trick_rule;
    other->must_break = self->must_break;
    other->only_penalty_lead = self->only_penalty_lead;
    other->lowest_club = self->lowest_club;
    return (PyObject *)other;
fail:
    Py_DECREF(other);
    return NULL;
}

/* ------------------------------------------------------------------ the type */

#define EACH_FIELD(X)                                                                                                  \
    X(broken) X(carry) X(carry_points) X(closed) X(events) X(fixed) X(hands) X(history) X(laws) X(leader) X(legal)     \
        X(mechanics) X(next) X(on_over) X(penalty_mask) X(phase) X(points) X(seen) X(shared) X(stack) X(stock_pos)     \
            X(taken) X(to_act) X(trick) X(values) X(won) X(fast_fixed) X(ring)

static int
Core_traverse(Core *self, visitproc visit, void *arg)
{
#define VISIT(f) Py_VISIT(self->f);
    EACH_FIELD(VISIT)
#undef VISIT
    return 0;
}

static int
Core_clear(Core *self)
{
#define CLEAR(f) Py_CLEAR(self->f);
    EACH_FIELD(CLEAR)
#undef CLEAR
    return 0;
}

static void
Core_dealloc(Core *self)
{
    PyObject_GC_UnTrack(self);
    Core_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyMemberDef Core_members[] = {
#define MEMBER(f) {"_" #f, T_OBJECT_EX, offsetof(Core, f), 0, NULL},
    MEMBER(broken) MEMBER(carry) MEMBER(carry_points) MEMBER(closed) MEMBER(events) MEMBER(fixed) MEMBER(hands)
        MEMBER(history) MEMBER(laws) MEMBER(leader) MEMBER(legal) MEMBER(mechanics) MEMBER(next) MEMBER(on_over)
            MEMBER(penalty_mask) MEMBER(phase) MEMBER(points) MEMBER(seen) MEMBER(shared) MEMBER(stack)
                MEMBER(stock_pos) MEMBER(taken) MEMBER(to_act) MEMBER(trick) MEMBER(values) MEMBER(won)
#undef MEMBER
    {NULL},
};

static PyMethodDef FastPaths_methods[] = {
    {"play", (PyCFunction)(void (*)(void))Core_play, METH_FASTCALL | METH_KEYWORDS,
     "Apply a move of the seat to act; return its event (see PythonDeal.play)."},
    {"legal_moves", (PyCFunction)(void (*)(void))Core_legal_moves, METH_FASTCALL | METH_KEYWORDS,
     "The moves a seat may make now (see PythonDeal.legal_moves)."},
    {"undo", (PyCFunction)(void (*)(void))Core_undo, METH_FASTCALL | METH_KEYWORDS,
     "Take back the last move (see PythonDeal.undo)."},
    {"copy", (PyCFunction)(void (*)(void))Core_copy, METH_FASTCALL | METH_KEYWORDS,
     "An independent copy, for search (see PythonDeal.copy)."},
    {NULL},
};

/* is_over: PythonDeal.is_over (the phase is OVER) without a Python frame; read after every move
 * by a loop that plays a hand to its end. */
static PyObject *
FastPaths_is_over(Core *self, void *closure)
{
    if (self->phase == NULL) {
        PyErr_SetString(PyExc_AttributeError, "_phase");
        return NULL;
    }
    return Py_NewRef(self->phase == OVER_PHASE ? Py_True : Py_False);
}

static PyGetSetDef FastPaths_getset[] = {
    {"is_over", (getter)FastPaths_is_over, NULL,
     "Whether every card has been played (and any moon choice made, and under the laws every seat "
     "has let the cards be gathered): see PythonDeal.is_over.",
     NULL},
    {NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hearts.hand._speedups.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The state of a hand in C: HandCore's slots (the fast paths are FastPaths').",
    .tp_traverse = (traverseproc)Core_traverse,
    .tp_clear = (inquiry)Core_clear,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_members = Core_members,
    .tp_new = PyType_GenericNew,
};

/* The fast paths, in a type of their own (Core's layout, no state added): hearts.deal.Deal is
 * `class Deal(FastPaths, PythonDeal)` when the accelerator is in use, so these methods are found
 * before PythonDeal's, and PythonDeal alone is the pure engine. */
static PyTypeObject FastPathsType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "hearts.hand._speedups.FastPaths",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC,
    .tp_doc = "The plain hand's play, legal_moves, undo and copy in C (the rest: PythonDeal's).",
    .tp_traverse = (traverseproc)Core_traverse,
    .tp_clear = (inquiry)Core_clear,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = FastPaths_methods,
    .tp_getset = FastPaths_getset,
};

/* ------------------------------------------------------------------ the module */

/* Each descriptor of `fields` a slot's (one the C code may set), kept in `into`. */
static int
keep_slots(PyObject *fields, Py_ssize_t n, PyObject **into, const char *what)
{
    if (!PyTuple_Check(fields) || PyTuple_GET_SIZE(fields) != n) {
        PyErr_Format(PyExc_ValueError, "register: %s has %zd fields", what, n);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *field = PyTuple_GET_ITEM(fields, i);
        if (Py_TYPE(field)->tp_descr_set == NULL) {
            PyErr_Format(PyExc_TypeError, "register: %s's fields must be slots", what);
            return -1;
        }
    }
    for (Py_ssize_t i = 0; i < n; i++)
        Py_XSETREF(into[i], Py_NewRef(PyTuple_GET_ITEM(fields, i)));
    return 0;
}

static PyObject *
speedups_register(PyObject *module, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"card_tag", "trick_tag", "state_tag", "play", "card_played", "cards", "card_type", "deal_type",
                            "trick_won", "trick_won_fields", "hearts_mask", "qs_bit", "plain", "pass_phase",
                            "pass_type", "passing_type", "choices_type", "choices_fields", "passed_type",
                            "passed_fields", "cardset_type", "cardset_mask", "play_py", "legal_moves_py",
                            "undo_py", "copy_py", "over", NULL};
    PyObject *card_tag, *trick_tag, *state_tag, *play, *card_played, *cards, *card_type, *deal_type, *trick_won, *fields;
    PyObject *hearts, *qs, *pass_phase, *pass_type, *passing_type, *choices_type, *choices_fields, *passed_type;
    PyObject *passed_fields, *cardset_type, *cardset_mask, *play_py, *legal_moves_py, *undo_py, *copy_py, *over;
    long plain;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "$OOOOO!O!O!O!O!O!OOlOO!O!O!O!O!O!O!OOOOOO", names, &card_tag, &trick_tag, &state_tag,
                                     &play, &PyList_Type, &card_played, &PyTuple_Type, &cards, &PyType_Type,
                                     &card_type, &PyType_Type, &deal_type, &PyType_Type, &trick_won, &PyTuple_Type,
                                     &fields, &hearts, &qs, &plain, &pass_phase, &PyType_Type, &pass_type,
                                     &PyType_Type, &passing_type, &PyType_Type, &choices_type, &PyTuple_Type,
                                     &choices_fields, &PyType_Type, &passed_type, &PyTuple_Type, &passed_fields,
                                     &PyType_Type, &cardset_type, &cardset_mask, &play_py, &legal_moves_py,
                                     &undo_py, &copy_py, &over))
        return NULL;
    if (PyTuple_GET_SIZE(cards) < 64 || PyList_GET_SIZE(card_played) < (11 << 7)) {
        PyErr_SetString(PyExc_ValueError, "register: the card tables are too short");
        return NULL;
    }
    if (!PyType_IsSubtype((PyTypeObject *)deal_type, &FastPathsType)) {
        PyErr_SetString(PyExc_TypeError, "register: deal_type must derive from FastPaths");
        return NULL;
    }
    if (!PyCallable_Check(play_py) || !PyCallable_Check(legal_moves_py) || !PyCallable_Check(undo_py)
        || !PyCallable_Check(copy_py)) {
        PyErr_SetString(PyExc_TypeError, "register: the Python methods must be callable");
        return NULL;
    }
    HEARTS_BITS = PyLong_AsUnsignedLongLongMask(hearts);
    QS_BITS = PyLong_AsUnsignedLongLongMask(qs);
    if (PyErr_Occurred())
        return NULL;
    PyObject *mask_field = PyTuple_Pack(1, cardset_mask);
    if (mask_field == NULL)
        return NULL;
    int kept = keep_slots(fields, 4, WON_FIELDS, "TrickWon") < 0 || keep_slots(choices_fields, 4, CHOICE_FIELDS, "PassChoices") < 0
               || keep_slots(passed_fields, 3, PASSED_FIELDS, "Passed") < 0
               || keep_slots(mask_field, 1, &CARDSET_MASK, "CardSet") < 0;
    Py_DECREF(mask_field);
    if (kept)
        return NULL;
    Py_XSETREF(CARD_TAG, Py_NewRef(card_tag));
    Py_XSETREF(TRICK_TAG, Py_NewRef(trick_tag));
    Py_XSETREF(STATE_TAG, Py_NewRef(state_tag));
    Py_XSETREF(PLAY_PHASE, Py_NewRef(play));
    Py_XSETREF(OVER_PHASE, Py_NewRef(over));
    Py_XSETREF(CARD_PLAYED, Py_NewRef(card_played));
    Py_XSETREF(CARDS, Py_NewRef(cards));
    Py_XSETREF(CARD_TYPE, (PyTypeObject *)Py_NewRef(card_type));
    Py_XSETREF(DEAL_TYPE, (PyTypeObject *)Py_NewRef(deal_type));
    Py_XSETREF(TRICK_WON, Py_NewRef(trick_won));
    Py_XSETREF(PASS_PHASE, Py_NewRef(pass_phase));
    Py_XSETREF(PASS_TYPE, Py_NewRef(pass_type));
    Py_XSETREF(PASSING_TYPE, Py_NewRef(passing_type));
    Py_XSETREF(CHOICES_TYPE, Py_NewRef(choices_type));
    Py_XSETREF(PASSED_TYPE, Py_NewRef(passed_type));
    Py_XSETREF(CARDSET_TYPE, Py_NewRef(cardset_type));
    Py_XSETREF(PLAY_PY, Py_NewRef(play_py));
    Py_XSETREF(LEGAL_MOVES_PY, Py_NewRef(legal_moves_py));
    Py_XSETREF(UNDO_PY, Py_NewRef(undo_py));
    Py_XSETREF(COPY_PY, Py_NewRef(copy_py));
    PLAIN_CLOSER = plain;
    Py_RETURN_NONE;
}

/* shuffle(deck, getrandbits): random.Random.shuffle's own draws, made without a Python call per
 * card: for i from the last position down to 1, swap it with a position j drawn below i + 1 (the
 * bits of i + 1 drawn at a time until the number is below it). hearts.table checks on import
 * that this shuffles as the generator's shuffle does before it uses it. */
static PyObject *
speedups_shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyList_CheckExact(args[0])) {
        PyErr_SetString(PyExc_TypeError, "shuffle(deck, getrandbits): deck must be a list");
        return NULL;
    }
    PyObject *deck = args[0], *getrandbits = args[1];
    for (Py_ssize_t i = PyList_GET_SIZE(deck) - 1; i > 0; i--) {
        Py_ssize_t n = i + 1, j;
        PyObject *bits = PyLong_FromLong(64 - __builtin_clzll((unsigned long long)n));
        if (bits == NULL)
            return NULL;
        do {
            PyObject *drawn = PyObject_Vectorcall(getrandbits, &bits, 1, NULL);
            if (drawn == NULL) {
                Py_DECREF(bits);
                return NULL;
            }
            j = PyLong_AsSsize_t(drawn);
            Py_DECREF(drawn);
            if (j == -1 && PyErr_Occurred()) {
                Py_DECREF(bits);
                return NULL;
            }
        } while (j >= n || j < 0);
        Py_DECREF(bits);
        if (i >= PyList_GET_SIZE(deck)) { /* (getrandbits changed the list) */
            PyErr_SetString(PyExc_RuntimeError, "the deck changed while it was shuffled");
            return NULL;
        }
        PyObject *a = PyList_GET_ITEM(deck, i);
        PyList_SET_ITEM(deck, i, PyList_GET_ITEM(deck, j));
        PyList_SET_ITEM(deck, j, a);
    }
    Py_RETURN_NONE;
}

/* mask_of(cards): the bitmask of a list or tuple of Card values of ids below 64, in one pass
 * (hearts.cards.mask_of's common case: a hand given as cards); None for anything else (another
 * sequence, a name, an id, a card of a second pack), which the Python loop reads and refuses.
 * hearts.cards checks on install that this reads as the loop does. */
static PyObject *
speedups_mask_of(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 1) {
        PyErr_SetString(PyExc_TypeError, "mask_of(cards): one list or tuple of cards");
        return NULL;
    }
    PyObject *cards = args[0];
    if (CARD_TYPE == NULL || !(PyList_CheckExact(cards) || PyTuple_CheckExact(cards)))
        Py_RETURN_NONE;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(cards);
    PyObject **items = PySequence_Fast_ITEMS(cards);
    mask_t mask = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *card = items[i];
        if (Py_TYPE(card) != CARD_TYPE)
            Py_RETURN_NONE;
        long id = PyLong_AsLong(card);
        if (id < 0 || id >= 64) {
            PyErr_Clear();
            Py_RETURN_NONE;
        }
        mask |= (mask_t)1 << id;
    }
    return PyLong_FromUnsignedLongLong(mask);
}

/* ------------------------------------------------------------------ views */

/* slot_offsets(cls, names): where each of these slots of a class with __slots__ lies in its
 * objects (the offsets of its member descriptors), for make_view. */
static PyObject *
speedups_slot_offsets(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyType_Check(args[0]) || !PyTuple_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "slot_offsets(cls, names): a class and a tuple of names");
        return NULL;
    }
    PyObject *names = args[1];
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    PyObject *out = PyTuple_New(n);
    if (out == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *descr = PyObject_GetAttr(args[0], PyTuple_GET_ITEM(names, i));
        if (descr == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        if (!Py_IS_TYPE(descr, &PyMemberDescr_Type) ||
            ((PyMemberDescrObject *)descr)->d_member->type != T_OBJECT_EX) {
            Py_DECREF(descr);
            Py_DECREF(out);
            PyErr_Format(PyExc_TypeError, "%R is not a slot holding an object", PyTuple_GET_ITEM(names, i));
            return NULL;
        }
        PyObject *offset = PyLong_FromSsize_t(((PyMemberDescrObject *)descr)->d_member->offset);
        Py_DECREF(descr);
        if (offset == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        PyTuple_SET_ITEM(out, i, offset);
    }
    return out;
}

/* make_view(cls, offsets, names, defaults, missing, fields): a new object of cls with each slot
 * (at offsets[i]) set to fields[names[i]], or defaults[i] when the dict has no such key (None
 * when defaults[i] is `missing`: a field with no default is missing, and the caller says why),
 * as the view classes' Python maker does one slot at a time; None too when fields has a key
 * that is no field, or is not a dict itself (a subclass or another mapping). */
static PyObject *
speedups_make_view(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6 || !PyType_Check(args[0]) || !PyTuple_Check(args[1]) || !PyTuple_Check(args[2]) ||
        !PyTuple_Check(args[3])) {
        PyErr_SetString(PyExc_TypeError, "make_view(cls, offsets, names, defaults, missing, fields)");
        return NULL;
    }
    if (!PyDict_CheckExact(args[5])) /* (another mapping: the Python maker reads it its way) */
        Py_RETURN_NONE;
    PyTypeObject *cls = (PyTypeObject *)args[0];
    PyObject *offsets = args[1], *names = args[2], *defaults = args[3], *missing = args[4];
    PyObject *fields = args[5];
    Py_ssize_t n = PyTuple_GET_SIZE(names);
    if (PyTuple_GET_SIZE(offsets) != n || PyTuple_GET_SIZE(defaults) != n) {
        PyErr_SetString(PyExc_ValueError, "make_view: offsets, names and defaults differ in length");
        return NULL;
    }
    Py_ssize_t found = 0;
    for (Py_ssize_t i = 0; i < n; i++) { /* (checked before anything is made) */
        PyObject *value = PyDict_GetItemWithError(fields, PyTuple_GET_ITEM(names, i));
        if (value != NULL)
            found++;
        else if (PyErr_Occurred())
            return NULL;
        else if (PyTuple_GET_ITEM(defaults, i) == missing)
            Py_RETURN_NONE;
    }
    if (found != PyDict_GET_SIZE(fields))
        Py_RETURN_NONE;
    PyObject *obj = cls->tp_alloc(cls, 0);
    if (obj == NULL)
        return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t offset = PyLong_AsSsize_t(PyTuple_GET_ITEM(offsets, i));
        if (offset < (Py_ssize_t)sizeof(PyObject) || offset > cls->tp_basicsize - (Py_ssize_t)sizeof(PyObject *)) {
            Py_DECREF(obj);
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_ValueError, "make_view: an offset outside the object");
            return NULL;
        }
        PyObject *value = PyDict_GetItemWithError(fields, PyTuple_GET_ITEM(names, i));
        if (value == NULL) {
            if (PyErr_Occurred()) {
                Py_DECREF(obj);
                return NULL;
            }
            value = PyTuple_GET_ITEM(defaults, i);
        }
        PyObject **slot = (PyObject **)((char *)obj + offset);
        Py_INCREF(value);
        Py_XSETREF(*slot, value);
    }
    return obj;
}

/* deal_masks(deck, at, seats, hand_size, players): the hands hearts.table.deal_out deals from
 * the pack cut at `at` (hearts.table.cut; 0: as it lies), as card bitmasks: `hand_size` cards to
 * each seat of `seats` (in the order they are dealt to: the k-th seat gets every len(seats)-th
 * card from the k-th), a list of `players` masks (0 for a seat dealt nothing). The caller checks
 * the cut and the counts (hearts.table.deal_masks); every card is a whole number below 128. */
static PyObject *
speedups_deal_masks(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 5 || !PyList_CheckExact(args[0]) || !PyTuple_CheckExact(args[2])) {
        PyErr_SetString(PyExc_TypeError, "deal_masks(deck, at, seats, hand_size, players): a list and a tuple");
        return NULL;
    }
    PyObject *deck = args[0], *seats = args[2];
    Py_ssize_t at = PyLong_AsSsize_t(args[1]), size = PyLong_AsSsize_t(args[3]), players = PyLong_AsSsize_t(args[4]);
    if (PyErr_Occurred())
        return NULL;
    Py_ssize_t n = PyList_GET_SIZE(deck), step = PyTuple_GET_SIZE(seats);
    if (at < 0 || (n && at >= n) || size < 0 || step * size > n || players < 0 || players > 64) {
        PyErr_SetString(PyExc_ValueError, "deal_masks: the cut or the counts do not fit the deck");
        return NULL;
    }
    mask_t lo[64] = {0}, hi[64] = {0};
    for (Py_ssize_t k = 0; k < step; k++) {
        Py_ssize_t seat = PyLong_AsSsize_t(PyTuple_GET_ITEM(seats, k));
        if (seat == -1 && PyErr_Occurred())
            return NULL;
        if (seat < 0 || seat >= players) {
            PyErr_SetString(PyExc_ValueError, "deal_masks: a seat is out of range");
            return NULL;
        }
        for (Py_ssize_t i = k; i < step * size; i += step) {
            long card = PyLong_AsLong(PyList_GET_ITEM(deck, (at + i) % n));
            if (card == -1 && PyErr_Occurred())
                return NULL;
            if (card < 0 || card >= 128) {
                PyErr_SetString(PyExc_ValueError, "deal_masks: a card is out of range");
                return NULL;
            }
            if (card < 64)
                lo[seat] |= (mask_t)1 << card;
            else
                hi[seat] |= (mask_t)1 << (card - 64);
        }
    }
    PyObject *masks = PyList_New(players);
    if (masks == NULL)
        return NULL;
    for (Py_ssize_t seat = 0; seat < players; seat++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(lo[seat]);
        if (mask != NULL && hi[seat]) {
            PyObject *high = PyLong_FromUnsignedLongLong(hi[seat]), *sixty_four = PyLong_FromLong(64), *shifted = NULL;
            if (high != NULL && sixty_four != NULL)
                shifted = PyNumber_Lshift(high, sixty_four);
            Py_XDECREF(high);
            Py_XDECREF(sixty_four);
            PyObject *both = shifted == NULL ? NULL : PyNumber_Or(shifted, mask);
            Py_XDECREF(shifted);
            Py_SETREF(mask, both);
        }
        if (mask == NULL) {
            Py_DECREF(masks);
            return NULL;
        }
        PyList_SET_ITEM(masks, seat, mask);
    }
    return masks;
}

static PyMethodDef speedups_functions[] = {
    {"register", (PyCFunction)(void (*)(void))speedups_register, METH_VARARGS | METH_KEYWORDS,
     "Give the accelerator the Python objects its fast paths make and compare."},
    {"shuffle", (PyCFunction)(void (*)(void))speedups_shuffle, METH_FASTCALL,
     "shuffle(deck, getrandbits): shuffle a list in place as random.Random.shuffle does."},
    {"mask_of", (PyCFunction)(void (*)(void))speedups_mask_of, METH_FASTCALL,
     "mask_of(cards): the bitmask of a list or tuple of cards of one pack, else None."},
    {"deal_masks", (PyCFunction)(void (*)(void))speedups_deal_masks, METH_FASTCALL,
     "deal_masks(deck, at, seats, hand_size, players): the hands dealt from the cut pack, as masks."},
    {"slot_offsets", (PyCFunction)(void (*)(void))speedups_slot_offsets, METH_FASTCALL,
     "slot_offsets(cls, names): the offsets of these slots (member descriptors) in cls's objects."},
    {"make_view", (PyCFunction)(void (*)(void))speedups_make_view, METH_FASTCALL,
     "make_view(cls, offsets, names, defaults, missing, fields): an object of cls, its slots from "
     "fields (or defaults); None when a field is missing or unknown."},
    {NULL},
};

static struct PyModuleDef speedups_module = {
    PyModuleDef_HEAD_INIT, "hearts.hand._speedups", "The hot path of the trick loop in C (optional).", -1,
    speedups_functions,
};

PyMODINIT_FUNC
PyInit__speedups(void)
{
    if (PyType_Ready(&CoreType) < 0)
        return NULL;
    FastPathsType.tp_base = &CoreType;
    if (PyType_Ready(&FastPathsType) < 0)
        return NULL;
    MINUS_ONE = PyLong_FromLong(-1);
#define INTERN(var, text)                                                                                              \
    if ((var = PyUnicode_InternFromString(text)) == NULL)                                                              \
        return NULL;
    INTERN(s_unshare, "unshare")
    INTERN(s_end_of_play, "end_of_play")
    INTERN(s_seat, "seat")
    INTERN(s_leader, "leader")
    INTERN(s_cards, "cards")
    INTERN(s_points, "points")
    INTERN(s_plan, "plan")
    INTERN(s_by_phase, "by_phase")
    INTERN(s_passes, "passes")
    INTERN(s_count, "count")
    INTERN(s_offset, "offset")
    INTERN(s_sits_out, "sits_out")
    INTERN(s_active, "active")
    INTERN(s_first_to_pass, "first_to_pass")
    INTERN(s_start_play, "start_play")
    INTERN(s_mask, "mask")
    INTERN(s_snapshot, "snapshot")
#undef INTERN
    PyObject *module = PyModule_Create(&speedups_module);
    if (module == NULL)
        return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(module, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(module);
        return NULL;
    }
    Py_INCREF(&FastPathsType);
    if (PyModule_AddObject(module, "FastPaths", (PyObject *)&FastPathsType) < 0) {
        Py_DECREF(&FastPathsType);
        Py_DECREF(module);
        return NULL;
    }
    return module;
}
