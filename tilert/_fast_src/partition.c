/* Tensor.partition, for the common case. */

#include "fast.h"

/* The last tiling looked up: (tensor shape, tile shape as given) -> (tile shape, grid) */
static PyObject *memo_shape, *memo_tile, *memo_tiling;

/* Whether two tuples hold the same exact ints (a tile shape given as before). */
static int tuple_of_ints_equal(PyObject *a, PyObject *b) {
    if (b == NULL || !PyTuple_CheckExact(b) || PyTuple_GET_SIZE(a) != PyTuple_GET_SIZE(b))
        return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(a); i++) {
        PyObject *x = PyTuple_GET_ITEM(a, i), *y = PyTuple_GET_ITEM(b, i);
        if (!PyLong_CheckExact(x) || !PyLong_CheckExact(y)) return 0;
        if (x != y && PyObject_RichCompareBool(x, y, Py_EQ) != 1) {
            PyErr_Clear();
            return 0;
        }
    }
    return 1;
}

/* An int, or a tuple of ints, of exactly type int: what tilert.tensor._tiling caches. */
static int plain_tile(PyObject *tile) {
    if (PyLong_CheckExact(tile)) return 1;
    if (!PyTuple_CheckExact(tile)) return 0;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tile); i++)
        if (!PyLong_CheckExact(PyTuple_GET_ITEM(tile, i))) return 0;
    return 1;
}

/* -- Tensor.partition ---------------------------------------------------------------------- */
/* A partition of a tensor nobody borrows, with a tile shape this tensor's shape was tiled by
 * before (the tiling cache), outside any chain or graph, from user code seen before. */
PyObject *tf_tensor_partition(PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames) {
    PyObject *key = NULL, *found = NULL, *where = NULL, *holder = NULL, *part = NULL, *borrows,
             *shape;
    int handoff;
    if (nargs != 1 || kwnames != NULL || Py_TYPE(self) != tf_TensorType) goto fallback;
    if ((handoff = tf_var_is_set(tf_handoff_var)) != 0) {
        if (handoff < 0) return NULL;
        goto fallback;
    }
    shape = SLOT(self, tf_T_shape);
    borrows = SLOT(self, tf_T_borrows);
    if (shape == NULL || borrows == NULL || !PyDict_CheckExact(borrows)) goto fallback;
    /* the last tiling again: the same shape (by value: tensors made alike each have their own
     * tuple) and the same tile shape */
    int same_shape = shape == memo_shape ||
                     (PyTuple_CheckExact(shape) && tuple_of_ints_equal(shape, memo_shape));
    if (same_shape && (args[0] == memo_tile || (PyTuple_CheckExact(args[0]) &&
                                                tuple_of_ints_equal(args[0], memo_tile)))) {
        found = memo_tiling; /* the same tiling as the last partition's */
    } else {
        if (!plain_tile(args[0])) goto fallback; /* only plain ints are cached (see _tiling) */
        if ((key = PyTuple_Pack(2, shape, args[0])) == NULL) return NULL;
        found = PyDict_GetItemWithError(tf_tilings, key); /* borrowed */
        Py_CLEAR(key);
        if (found == NULL) {
            PyErr_Clear(); /* a miss, or an unhashable tile shape: the slow path checks it */
            goto fallback;
        }
        Py_INCREF(shape);
        Py_XSETREF(memo_shape, shape);
        Py_INCREF(args[0]);
        Py_XSETREF(memo_tile, args[0]);
        Py_INCREF(found);
        Py_XSETREF(memo_tiling, found);
    }
    Py_INCREF(found);
    if ((where = tf_callsite()) == NULL) goto fallback;
    /* everything the partition is made of, before the borrow is taken: a holder whose borrow
     * is inline (the tensor's ``_owner``), with no list of what it holds in tables */
    if ((holder = tf_new_instance(tf_PartitionHolderType)) == NULL) goto error;
    tf_set_slot(holder, tf_H_label, tf_s_partition);
    tf_set_slot(holder, tf_H_where, where);
    tf_set_slot(holder, tf_H_group, Py_None);
    tf_set_slot(holder, tf_H_held, tf_empty_tuple);
    tf_set_slot(holder, tf_H_tensor, self);
    tf_set_slot(holder, tf_H_writing, tf_s_partitioned);
    tf_set_slot(holder, tf_H_reading, tf_s_empty);
    tf_set_slot(holder, tf_H_reads, tf_empty_tuple);
    tf_set_slot(holder, tf_H_newer, Py_None);
    tf_set_slot(holder, tf_H_older, Py_None);
    tf_untrack(holder);
    if ((part = tf_new_instance(tf_PartitionType)) == NULL) goto error;

    tf_lock_take(tf_borrow_lock);
    /* borrowed (in its table or inline): the slow path raises (or allows a chain's); a view,
     * or a tensor with views: the Python checks the overlapping tensors' borrows */
    if (PyDict_GET_SIZE(borrows) != 0 || SLOT(self, tf_T_family) != Py_None ||
        SLOT(self, tf_T_exclusive) != tf_kinds[0] || SLOT(self, tf_T_readers) != tf_kinds[0]) {
        tf_lock_give(tf_borrow_lock);
        Py_CLEAR(part);
        goto fallback;
    }
    tf_set_slot(self, tf_T_owner, holder);
    tf_set_slot(self, tf_T_exclusive, tf_kinds[1]);
    tf_lock_give(tf_borrow_lock);

    tf_set_slot(part, tf_P_tile_shape, PyTuple_GET_ITEM(found, 0));
    tf_set_slot(part, tf_P_grid, PyTuple_GET_ITEM(found, 1));
    tf_set_slot(part, tf_P_tensor, self);
    tf_set_slot(part, tf_P_mapping, Py_None);
    tf_set_slot(part, tf_P_consumed_at, Py_None);
    tf_set_slot(part, tf_P_consumer, Py_None);
    tf_set_slot(part, tf_P_holder, holder);
    tf_set_slot(part, tf_P_made_at, where);
    goto done;

error:
    Py_CLEAR(part);
done:
    Py_XDECREF(found);
    Py_XDECREF(where);
    Py_XDECREF(holder);
    return part;

fallback:
    Py_XDECREF(found);
    Py_XDECREF(where);
    Py_XDECREF(holder);
    return tf_slow(tf_py_partition, self, args, nargs, kwnames);
}
