/* Op.sync, for the common case: the GPU launch, the stream sync, the release of the borrows. */

#include "fast.h"

/* Raise ``error`` (a new reference, stolen) with its own traceback. */
void tf_raise(PyObject *error) {
    PyObject *type = (PyObject *)Py_TYPE(error);
    Py_INCREF(type);
    PyErr_Restore(type, error, PyException_GetTraceback(error));
}

/* A kernel op synced on a GPU stream that launched and synchronized before, its compiled
 * specialization cached and no tensor last written on another stream: CutileBackend.launch
 * and Stream.run_now, without the Python around them. */
PyObject *tf_op_sync(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    TfLaunch l;
    PyObject *number = NULL, *failure = NULL, *where;
    long launched, completed;
    if (nargs != 0 || kwnames != NULL) goto fallback;
    /* where it ran, for a second run's error (Op._take); a site not seen before: the Python */
    if ((where = tf_callsite()) == NULL) goto fallback;
    int ready = tf_launch_prepare(self, NULL, &l);
    if (ready <= 0) {
        Py_DECREF(where);
        if (ready < 0) return NULL;
        goto fallback;
    }
    /* run: launch on the stream (under the queue lock), synchronize, release the borrows */
    tf_set_slot(self, tf_O_state, tf_s_synced);
    tf_set_slot(self, tf_O_ran_at, where);
    Py_DECREF(where);
    if ((number = tf_launch_issue(&l, &launched, &failure)) == NULL) goto error_unreleased;
    if (tf_synchronize(l.handle, l.sync) < 0) { /* its error wins, as in Stream.run_now */
        Py_CLEAR(failure);
        goto error_unreleased;
    }
    if (tf_get_long(l.stream, tf_ST_completed, &completed) < 0) goto error_unreleased;
    if (launched > completed) tf_set_slot(l.stream, tf_ST_completed, number);
    Py_DECREF(number);
    if (tf_release_holders(l.holders) < 0) {
        Py_XDECREF(failure);
        tf_launch_clear(&l);
        return NULL;
    }
    if (failure != NULL) {
        tf_launch_clear(&l);
        tf_raise(failure);
        return NULL;
    }
    PyObject *result = l.values;
    Py_INCREF(result);
    tf_launch_clear(&l);
    return result;

error_unreleased: /* the borrows go anyway, as _run_and_wait's finally releases them */
    Py_XDECREF(number);
    {
        PyObject *type, *value, *tb;
        PyErr_Fetch(&type, &value, &tb);
        if (tf_release_holders(l.holders) < 0) PyErr_Clear();
        PyErr_Restore(type, value, tb);
    }
    tf_launch_clear(&l);
    return NULL;
fallback: /* nothing taken yet: the Python runs the whole sync */
    return tf_slow(tf_py_op_sync, self, args, nargs, kwnames);
}
