/* Whether a launch's signature was checked: the key of tilert/_core/launch_rules.py. */

#include "fast.h"

#define MAX_ITEMS (2 * MAX_PARAMS + 1)

/* How an item of the key comes from the arguments */
enum { TENSOR_SHAPE, PARTITION_SHAPE, PARTITION_TILE, VALUE };

/* The last key found (strong references) and where each of its items came from: a launch
 * loop's launches pass the same tensors, or tensors of the same shapes, so the items are compared
 * with it before any key is built: by identity, and a shape tuple by value (a few compares). */
static PyObject *memo[MAX_ITEMS];
static Py_ssize_t memo_size;
static Py_ssize_t memo_arg[MAX_ITEMS];
static int memo_how[MAX_ITEMS];

static inline PyObject *item_of(PyObject *v, int how) {
    switch (how) {
    case TENSOR_SHAPE: return SLOT(v, tf_T_shape);
    case PARTITION_SHAPE: return SLOT(SLOT(v, tf_P_tensor), tf_T_shape);
    case PARTITION_TILE: return SLOT(v, tf_P_tile_shape);
    default: return v;
    }
}

/* 1 when ``item`` is the memo's item, 0 when not, -1 on an error */
static int same(PyObject *item, PyObject *known) {
    if (item == known) return 1;
    if (item == NULL || !PyTuple_CheckExact(item) || !PyTuple_CheckExact(known)) return 0;
    /* tuple ==, item by item: identity first (a shape's small ints are shared), then ints by
     * value, without the tuple's generic compare (a measured 1% of a launch) */
    Py_ssize_t n = PyTuple_GET_SIZE(item);
    if (n != PyTuple_GET_SIZE(known)) return 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *a = PyTuple_GET_ITEM(item, i), *b = PyTuple_GET_ITEM(known, i);
        if (a == b) continue;
        int equal = PyObject_RichCompareBool(a, b, Py_EQ);
        if (equal != 1) return equal;
    }
    return 1;
}

/* ``(kernel, *items)`` as launch_key makes it, from the plan's third element per parameter:
 * a keyed Mutable partition gives its tensor's shape and its tile shape, a keyed Shared tensor
 * its shape, a keyed scalar (a Const) its value. The arguments were checked by kernel_call:
 * exact Partitions and Tensors of the parameters' dtypes. 1 when ``checked_launches`` holds the
 * key, 0 where the Python must check the launch first, -1 on an error. */
int tf_launch_checked(PyObject *kernel, PyObject *const *args, Py_ssize_t nargs,
                      PyObject *params) {
    if (memo_size > 0 && memo[0] == kernel) { /* the last kernel: its items, as they came */
        Py_ssize_t at = 1;
        int equal = 1;
        while (at < memo_size &&
               (equal = same(item_of(args[memo_arg[at]], memo_how[at]), memo[at])) == 1)
            at++;
        if (equal < 0) return -1;
        if (at == memo_size) return 1;
    }
    PyObject *items[MAX_ITEMS];
    Py_ssize_t arg[MAX_ITEMS];
    int how[MAX_ITEMS];
    Py_ssize_t n = 0;
    arg[n] = 0, how[n] = VALUE, items[n++] = kernel;
    for (Py_ssize_t i = 0; i < nargs; i++) {
        PyObject *entry = PyTuple_GET_ITEM(params, i);
        if (PyTuple_GET_SIZE(entry) < 3) return 0; /* (a plan without keys: the Python checks) */
        if (PyTuple_GET_ITEM(entry, 2) != Py_True) continue;
        long kind = tf_kind(entry);
        if (kind == MUTABLE) {
            arg[n] = i, how[n++] = PARTITION_SHAPE;
            arg[n] = i, how[n++] = PARTITION_TILE;
        } else {
            arg[n] = i, how[n++] = kind == SHARED ? TENSOR_SHAPE : VALUE;
        }
    }
    for (Py_ssize_t j = 1; j < n; j++)
        if ((items[j] = item_of(args[arg[j]], how[j])) == NULL) return 0;
    PyObject *key = PyTuple_New(n);
    if (key == NULL) return -1;
    for (Py_ssize_t j = 0; j < n; j++) {
        Py_INCREF(items[j]);
        PyTuple_SET_ITEM(key, j, items[j]);
    }
    int found = PySet_Contains(tf_checked_launches, key);
    Py_DECREF(key);
    if (found == 1) {
        for (Py_ssize_t j = 0; j < n; j++) Py_INCREF(items[j]);
        for (Py_ssize_t j = 0; j < memo_size; j++) Py_DECREF(memo[j]);
        for (Py_ssize_t j = 0; j < n; j++) {
            memo[j] = items[j];
            memo_arg[j] = arg[j];
            memo_how[j] = how[j];
        }
        memo_size = n;
    }
    return found;
}

/* Drop the memo's key (its kernel among it): see tf_forget_memos. */
void tf_forget_signature(void) {
    for (Py_ssize_t j = 0; j < memo_size; j++) Py_CLEAR(memo[j]);
    memo_size = 0;
}
