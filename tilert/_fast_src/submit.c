/* Op.submit and Pending.wait, for the common case: the GPU launch with its Pending (and no
 * Ticket), and the wait that synchronizes the stream only when the launch may still run. */

#include "fast.h"

/* The Ticket of a failed launch, its error kept for the waiters (Stream._run_item keeps it): a
 * new reference, or NULL with an exception. */
static PyObject *failed_ticket(PyObject *number, PyObject *failure) {
    PyObject *ticket = tf_new_instance(tf_TicketType);
    if (ticket == NULL) return NULL;
    tf_set_slot(ticket, tf_TK_run, Py_None); /* (as Stream.enqueue forgets it once run) */
    tf_set_slot(ticket, tf_TK_seq, number);
    tf_set_slot(ticket, tf_TK_done, Py_False);
    tf_set_slot(ticket, tf_TK_error, Py_None);
    tf_set_slot(ticket, tf_TK_launched, Py_True);
    PyObject *r = PyObject_CallMethodObjArgs(tf_streams_module, tf_a_keep_error, ticket, failure,
                                             NULL);
    if (r == NULL) {
        Py_DECREF(ticket);
        return NULL;
    }
    Py_DECREF(r);
    return ticket;
}

/* Whether nothing but the caller's expression holds ``op`` (``add(z.partition(t), x, y)
 * .submit()``): its one reference is the interpreter's stack, and no weak reference to it. From
 * 3.14 the interpreter may borrow a local's reference onto its stack, so a count of one proves
 * nothing there: CPython's own test of a unique temporary answers. */
static int held_by_the_caller_alone(PyObject *op) {
#if defined(Py_GIL_DISABLED)
    return 0;
#else
#if PY_VERSION_HEX >= 0x030E0000
    if (!PyUnstable_Object_IsUniqueReferencedTemporary(op)) return 0;
#else
    if (Py_REFCNT(op) != 1) return 0;
#endif
    /* its list of weak references, where CPython finds it: from 3.12 a class's own weakref
     * slot may be "managed", at a negative offset, before the object (as its GC header is) */
    Py_ssize_t weaklist = Py_TYPE(op)->tp_weaklistoffset;
    return weaklist == 0 || *(PyObject **)((char *)op + weaklist) == NULL;
#endif
}

/* Turn the op into its Pending (ops._Record: one layout): its type, then its own slots emptied,
 * which a Pending has not (its kernel among them: a Pending out of the collector must not keep
 * one, whose function holds its module's globals). Its label, holders and outputs stay. */
static void become_pending(PyObject *op) {
    PyTypeObject *was = Py_TYPE(op);
    Py_INCREF(tf_PendingType); /* (an instance of a heap type holds its type) */
    Py_SET_TYPE(op, tf_PendingType);
    Py_DECREF(was);
    Py_CLEAR(SLOT(op, tf_O_kernel));
    Py_CLEAR(SLOT(op, tf_O_grid));
    Py_CLEAR(SLOT(op, tf_O_made_steps));
    Py_CLEAR(SLOT(op, tf_O_origin));
    Py_CLEAR(SLOT(op, tf_O_into));
    Py_CLEAR(SLOT(op, tf_O_state));
    Py_CLEAR(SLOT(op, tf_O_ran_at));
}

/* A kernel op submitted to a GPU stream, as Op.sync's fast path launches it (tf_launch_prepare
 * says which), with ``stream=`` None or a tilert Stream, from user code seen before: the
 * Pending Op.submit makes, which is the op itself where nothing else holds the op. Its ticket is
 * the launch number alone (Pending._work makes the Ticket where the Python asks), unless the
 * launch failed: then a Ticket keeps the error. */
PyObject *tf_op_submit(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                       PyObject *kwnames) {
    TfLaunch l;
    PyObject *where = NULL, *ticket = NULL, *pending = NULL, *number = NULL, *failure = NULL;
    PyObject *stream = nargs == 1 ? args[0] : NULL;
    long launched;
    if (nargs > 1 || kwnames != NULL) goto fallback;
    if (stream != NULL && stream != Py_None && Py_TYPE(stream) != tf_StreamType) goto fallback;
    if ((where = tf_callsite()) == NULL) goto fallback;
    int ready = tf_launch_prepare(self, stream, &l);
    if (ready <= 0) {
        Py_DECREF(where);
        if (ready < 0) return NULL;
        goto fallback;
    }
    /* (asked before anything below takes a reference to the op) */
    int becomes = tf_op_record && held_by_the_caller_alone(self);
    if (!becomes && (pending = tf_new_instance(tf_PendingType)) == NULL) {
        Py_DECREF(where);
        tf_launch_clear(&l);
        return NULL;
    }
    tf_set_slot(self, tf_O_state, tf_s_submitted);
    tf_set_slot(self, tf_O_ran_at, where);
    if ((number = tf_launch_issue(&l, &launched, &failure)) == NULL) goto error_submitted;
    /* on the stream, its write marked: later readers follow it (Op.submit, ops.IN_FLIGHT) */
    PyObject *holders = l.holders;
    for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(holders); i++) {
        PyObject *holder = PySequence_Fast_GET_ITEM(holders, i);
        if (SLOT(holder, tf_H_group) == Py_None) tf_set_slot(holder, tf_H_group, tf_in_flight);
    }
    if (failure == NULL) {
        ticket = number; /* (the reference moves) */
    } else {
        ticket = failed_ticket(number, failure);
        Py_DECREF(failure);
        Py_DECREF(number);
        if (ticket == NULL) goto error_submitted;
    }
    if (becomes) {
        pending = Py_NewRef(self);
        become_pending(pending); /* (label, holders and outputs already in place) */
    } else {
        tf_set_slot(pending, tf_PN_label, SLOT(self, tf_O_label));
        tf_set_slot(pending, tf_PN_holders, holders);
        tf_set_slot(pending, tf_PN_outputs, SLOT(self, tf_O_outputs));
    }
    tf_set_slot(pending, tf_PN_stream, l.stream);
    tf_set_slot(pending, tf_PN_where, where);
    tf_set_slot(pending, tf_PN_ticket, ticket);
    tf_set_slot(pending, tf_PN_releases, Py_True);
    tf_set_slot(pending, tf_PN_waited, Py_False);
    tf_untrack(pending); /* (see tf_untrack) */
    Py_DECREF(ticket);
    Py_DECREF(where);
    tf_launch_clear(&l);
    return pending;
error_submitted: /* (out of memory) no Pending to wait on: the borrows go with the error */
    {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        if (tf_release_holders(l.holders) < 0) PyErr_Clear();
        PyErr_Restore(type, value, tb);
    }
    Py_XDECREF(pending);
    Py_DECREF(where);
    tf_launch_clear(&l);
    return NULL;
fallback: /* nothing taken yet: the Python submits */
    return tf_slow(tf_py_op_submit, self, args, nargs, kwnames);
}

/* Pending.wait of a launch on a GPU stream that did not fail (the C submit's: its ticket is the
 * launch number, or a Ticket made of it), its outputs a tuple: a stream synchronize only if the launch is not known
 * complete (the stream's completed count), then the release of its borrows by the first waiter
 * (Stream.run_until and Pending._release_once). */
PyObject *tf_pending_wait(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames) {
    if (nargs != 0 || kwnames != NULL) goto fallback;
    PyObject *ticket = SLOT(self, tf_PN_ticket), *stream = SLOT(self, tf_PN_stream),
             *outputs = SLOT(self, tf_PN_outputs), *holders = SLOT(self, tf_PN_holders),
             *waited = SLOT(self, tf_PN_waited), *releases = SLOT(self, tf_PN_releases);
    if (ticket == NULL || stream == NULL || Py_TYPE(stream) != tf_StreamType ||
        outputs == NULL || !PyTuple_CheckExact(outputs))
        goto fallback;
    /* the launch number, or a Ticket made of it (Pending._work, done() asked): a Ticket of the
     * CPU's queue, or of a failed launch (its error to raise), is the Python's */
    Py_ssize_t seq_at = tf_PN_ticket;
    PyObject *seq_of = self;
    if (!PyLong_CheckExact(ticket)) {
        if (Py_TYPE(ticket) != tf_TicketType || SLOT(ticket, tf_TK_launched) != Py_True ||
            SLOT(ticket, tf_TK_error) != Py_None)
            goto fallback;
        seq_at = tf_TK_seq;
        seq_of = ticket;
    }
    if ((waited != Py_False && waited != Py_True) || (releases != Py_False && releases != Py_True))
        goto fallback;
    /* (a launch number: the C submit's Pending, whose holders it checked, and nothing adds to
     * a submitted op's holders) */
    if (waited == Py_False && releases == Py_True && seq_of != self && !tf_holds_tensors(holders))
        goto fallback;
    long seq, completed, launched;
    if (tf_get_long(seq_of, seq_at, &seq) < 0 ||
        tf_get_long(stream, tf_ST_completed, &completed) < 0)
        return NULL;
    if (seq > completed) { /* it may still run: wait for the stream */
        PyObject *handle = SLOT(stream, tf_ST_handle), *sync = SLOT(stream, tf_ST_sync);
        PyObject *number = SLOT(stream, tf_ST_launched);
        if (handle == NULL || handle == Py_None || sync == NULL || sync == Py_None ||
            number == NULL)
            goto fallback;
        Py_INCREF(number);
        if (tf_get_long(stream, tf_ST_launched, &launched) < 0 ||
            tf_synchronize(handle, sync) < 0 ||
            tf_get_long(stream, tf_ST_completed, &completed) < 0) {
            Py_DECREF(number); /* interrupted or failed: the work may still run */
            return NULL;
        }
        if (launched > completed) tf_set_slot(stream, tf_ST_completed, number);
        Py_DECREF(number);
    }
    if (seq_of == ticket) tf_set_slot(ticket, tf_TK_done, Py_True);
    /* the first waiter to see it complete releases the borrows (threads may wait on one) */
    tf_lock_take(tf_borrow_lock);
    if (SLOT(self, tf_PN_waited) == Py_False) {
        tf_set_slot(self, tf_PN_waited, Py_True);
        if (SLOT(self, tf_PN_releases) == Py_True && tf_release_holders(holders) < 0) {
            tf_unlock_keeping_error(tf_borrow_lock);
            return NULL;
        }
    }
    tf_lock_give(tf_borrow_lock);
    Py_INCREF(outputs);
    return outputs;
fallback:
    return tf_slow(tf_py_pending_wait, self, args, nargs, kwnames);
}
