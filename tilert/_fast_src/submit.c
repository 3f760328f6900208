/* Op.submit and Pending.wait, for the common case: the GPU launch with its Ticket and Pending,
 * and the wait that synchronizes the stream only when the launch may still run. */

#include "fast.h"

/* A kernel op submitted to a GPU stream, as Op.sync's fast path launches it (tf_launch_prepare
 * says which), with ``stream=`` None or a tilert Stream, from user code seen before: the
 * Ticket and the Pending that Stream.enqueue and Op.submit make. */
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
    if ((ticket = tf_new_instance(tf_TicketType)) == NULL ||
        (pending = tf_new_instance(tf_PendingType)) == NULL) {
        Py_XDECREF(ticket);
        Py_DECREF(where);
        tf_launch_clear(&l);
        return NULL;
    }
    tf_set_slot(self, tf_O_state, tf_s_submitted);
    tf_set_slot(self, tf_O_ran_at, where);
    if ((number = tf_launch_issue(&l, &launched, &failure)) == NULL) goto error_submitted;
    /* on the stream, its write marked: later readers follow it (Op.submit, ops.IN_FLIGHT) */
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(l.holders); i++) {
        PyObject *holder = PyList_GET_ITEM(l.holders, i);
        if (SLOT(holder, tf_H_group) == Py_None) tf_set_slot(holder, tf_H_group, tf_in_flight);
    }
    tf_set_slot(ticket, tf_TK_run, Py_None); /* (as Stream.enqueue forgets it once run) */
    tf_set_slot(ticket, tf_TK_seq, number);
    tf_set_slot(ticket, tf_TK_done, Py_False);
    tf_set_slot(ticket, tf_TK_error, Py_None);
    tf_set_slot(ticket, tf_TK_launched, Py_True);
    Py_DECREF(number);
    if (failure == NULL) /* it holds None, bools and an int from now on: no cycle through it */
        PyObject_GC_UnTrack(ticket);
    else { /* kept for the waiter, as Stream._run_item keeps it */
        PyObject *r = PyObject_CallMethodObjArgs(tf_streams_module, tf_a_keep_error, ticket,
                                                 failure, NULL);
        Py_DECREF(failure);
        if (r == NULL) goto error_submitted;
        Py_DECREF(r);
    }
    tf_set_slot(pending, tf_PN_label, SLOT(self, tf_O_label));
    tf_set_slot(pending, tf_PN_stream, l.stream);
    tf_set_slot(pending, tf_PN_where, where);
    tf_set_slot(pending, tf_PN_ticket, ticket);
    tf_set_slot(pending, tf_PN_holders, l.holders);
    tf_set_slot(pending, tf_PN_outputs, SLOT(self, tf_O_outputs));
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
    Py_DECREF(ticket);
    Py_DECREF(pending);
    Py_DECREF(where);
    tf_launch_clear(&l);
    return NULL;
fallback: /* nothing taken yet: the Python submits */
    return tf_slow(tf_py_op_submit, self, args, nargs, kwnames);
}

/* Pending.wait of a launch on a GPU stream that did not fail, its outputs a tuple: a stream
 * synchronize only if the launch is not known complete (the stream's completed count), then the
 * release of its borrows by the first waiter (Stream.run_until and Pending._release_once). */
PyObject *tf_pending_wait(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                          PyObject *kwnames) {
    if (nargs != 0 || kwnames != NULL) goto fallback;
    PyObject *ticket = SLOT(self, tf_PN_ticket), *stream = SLOT(self, tf_PN_stream),
             *outputs = SLOT(self, tf_PN_outputs), *holders = SLOT(self, tf_PN_holders),
             *waited = SLOT(self, tf_PN_waited), *releases = SLOT(self, tf_PN_releases);
    if (ticket == NULL || Py_TYPE(ticket) != tf_TicketType || stream == NULL ||
        Py_TYPE(stream) != tf_StreamType || outputs == NULL || !PyTuple_CheckExact(outputs))
        goto fallback;
    if (SLOT(ticket, tf_TK_launched) != Py_True || SLOT(ticket, tf_TK_error) != Py_None)
        goto fallback; /* the CPU's queue, or a failure to raise: the Python */
    if ((waited != Py_False && waited != Py_True) || (releases != Py_False && releases != Py_True))
        goto fallback;
    if (waited == Py_False && releases == Py_True && !tf_holds_tensors(holders)) goto fallback;
    if (SLOT(ticket, tf_TK_done) != Py_True) {
        long seq, completed, launched;
        if (tf_get_long(ticket, tf_TK_seq, &seq) < 0 ||
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
        tf_set_slot(ticket, tf_TK_done, Py_True);
    }
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
