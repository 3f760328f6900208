/* The __del__ of ops, partitions and Pendings, the finalizers that call them, and the slot a
 * kernel's call runs. */

#include "fast.h"

/* Most ops and partitions die run or consumed, with nothing to do: only the others call the
 * Python __del__ (which releases the borrows and, for an op, warns). The classes' __del__ are
 * these, and their finalizers call them directly (see set_finalizers). An op has something to
 * do only if never run nor taken (a chain, a zip or a graph that took it releases its borrows). */
static int op_needs_del(PyObject *self) {
    return SLOT(self, tf_O_state) == tf_s_created;
}

static int partition_needs_del(PyObject *self) {
    return SLOT(self, tf_P_consumed_at) == Py_None;
}

PyObject *tf_op_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) {
    if (!op_needs_del(self)) Py_RETURN_NONE;
    return tf_slow(tf_py_op_del, self, args, nargs, kwnames);
}

/* A Pending needs its Python __del__ only if never waited on (it warns, then waits). */
static int pending_needs_del(PyObject *self) {
    return SLOT(self, tf_PN_waited) == Py_False;
}

PyObject *tf_pending_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames) {
    if (!pending_needs_del(self)) Py_RETURN_NONE;
    return tf_slow(tf_py_pending_del, self, args, nargs, kwnames);
}

PyObject *tf_partition_del(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                           PyObject *kwnames) {
    if (!partition_needs_del(self)) Py_RETURN_NONE;
    return tf_slow(tf_py_partition_del, self, args, nargs, kwnames);
}

/* What the interpreter's finalizer of a class with __del__ does, without looking it up. */
static void finalize_with(PyObject *self, PyObject *del) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyObject *r = PyObject_CallOneArg(del, self);
    if (r == NULL)
        PyErr_WriteUnraisable(del);
    else
        Py_DECREF(r);
    PyErr_Restore(type, value, tb);
}

static void op_finalize(PyObject *self) {
    if (op_needs_del(self)) finalize_with(self, tf_py_op_del);
}

static void partition_finalize(PyObject *self) {
    if (partition_needs_del(self)) finalize_with(self, tf_py_partition_del);
}

static void pending_finalize(PyObject *self) {
    if (pending_needs_del(self)) finalize_with(self, tf_py_pending_del);
}

PyObject *tf_set_finalizers(PyObject *module, PyObject *unused) {
    if (tf_OpType == NULL || tf_PartitionType == NULL || tf_PendingType == NULL ||
        tf_KernelType == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "tilert._fast.set_finalizers: install() first");
        return NULL;
    }
    tf_OpType->tp_finalize = op_finalize;
    tf_PartitionType->tp_finalize = partition_finalize;
    tf_PendingType->tp_finalize = pending_finalize;
    tf_KernelType->tp_call = tf_kernel_tp_call;
    Py_RETURN_NONE;
}
