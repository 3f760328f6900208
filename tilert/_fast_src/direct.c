/* Direct launches (tilert/cutile/direct.py): a compiled specialization launched with the
 * driver's cuLaunchKernel, its parameters packed here from what each launch view keeps, instead
 * of a call of ct.launch. Anything not known launchable this way returns 0 and the launch goes
 * through ct.launch as before. */

#include "fast.h"

#include <stdint.h>
#include <string.h>

typedef int (*launch_fn)(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                         unsigned bz, unsigned smem, void *stream, void **params, void **extra);
static launch_fn cu_launch;
static int driver_state; /* 0: not looked up yet, 1: found, -1: not available */
static unsigned long long direct_count;

enum { ARRAY = 0, INT32 = 1, FLOAT32 = 2, CONSTANT = 3, INT64 = 4, MAX_WORDS = 256, MAX_ARRAYS = 64 };

static PyObject *a_direct, *a_verify;

static int find_launch(void) {
    cu_launch = (launch_fn)tf_driver_symbol("cuLaunchKernel");
    driver_state = cu_launch != NULL ? 1 : -1;
    if (driver_state == 1 && (a_direct == NULL || a_verify == NULL)) {
        a_direct = PyUnicode_InternFromString("_direct");
        a_verify = PyUnicode_InternFromString("verify");
        if (a_direct == NULL || a_verify == NULL) {
            PyErr_Clear();
            driver_state = -1;
        }
    }
    return driver_state;
}

/* A Direct's fields (direct.py), read when the memo of its kernel is made: 0 where it is not
 * one this file can launch (no exception). */
int tf_direct_read(PyObject *direct, TfDirect *d) {
    memset(d, 0, sizeof(*d));
    if (direct == NULL || direct == Py_None) return 0;
    if (driver_state == 0) find_launch();
    if (driver_state != 1) return 0;
    PyObject *function = PyObject_GetAttrString(direct, "function");
    PyObject *block = PyObject_GetAttrString(direct, "block");
    PyObject *smem = PyObject_GetAttrString(direct, "smem");
    PyObject *layout = PyObject_GetAttrString(direct, "layout");
    int ok = function != NULL && block != NULL && smem != NULL && layout != NULL &&
             PyLong_Check(function) && PyTuple_CheckExact(block) && PyTuple_GET_SIZE(block) == 3 &&
             PyLong_Check(smem) && PyTuple_CheckExact(layout);
    if (ok) {
        d->function = PyLong_AsVoidPtr(function);
        for (int i = 0; i < 3; i++) d->block[i] = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(block, i));
        d->smem = PyLong_AsUnsignedLong(smem);
        ok = !PyErr_Occurred() && d->function != NULL;
        for (Py_ssize_t i = 0; ok && i < PyTuple_GET_SIZE(layout); i++) {
            PyObject *entry = PyTuple_GET_ITEM(layout, i);
            ok = PyTuple_CheckExact(entry) && PyTuple_GET_SIZE(entry) == 2 &&
                 PyLong_CheckExact(PyTuple_GET_ITEM(entry, 0));
        }
    }
    PyErr_Clear();
    Py_XDECREF(function);
    Py_XDECREF(block);
    Py_XDECREF(smem);
    if (!ok) {
        Py_XDECREF(layout);
        memset(d, 0, sizeof(*d));
        return 0;
    }
    d->layout = layout;
    d->direct = Py_NewRef(direct);
    return 1;
}

void tf_direct_clear(TfDirect *d) {
    Py_CLEAR(d->direct);
    Py_CLEAR(d->layout);
    d->function = NULL;
}

/* The parameter words a view keeps for this Direct at array parameter ``at`` (a borrowed bytes
 * object, held by the view), asking the Direct to verify the launch's views once where none
 * are kept yet; NULL where the view is not launchable there (no exception). */
static PyObject *view_words(PyObject *view, TfDirect *d, Py_ssize_t at, PyObject *args,
                            int *verified) {
    for (int attempt = 0; attempt < 2; attempt++) {
        PyObject *table = PyObject_GetAttr(view, a_direct), *w = NULL;
        if (table != NULL && PyDict_CheckExact(table)) {
            PyObject *entry = PyDict_GetItemWithError(table, d->direct);
            if (entry != NULL && PyTuple_CheckExact(entry) && at < PyTuple_GET_SIZE(entry))
                w = PyTuple_GET_ITEM(entry, at);
        }
        Py_XDECREF(table); /* (the view holds it, and so its words) */
        PyErr_Clear();
        if (w != NULL && PyBytes_CheckExact(w)) return w;
        if (w == Py_None || *verified) return NULL; /* refused here, or verified already */
        *verified = 1;
        PyObject *r = PyObject_CallMethodOneArg(d->direct, a_verify, args);
        if (r == NULL) {
            PyErr_Clear();
            return NULL;
        }
        Py_DECREF(r);
    }
    return NULL;
}

/* Launch ``l`` directly: 1 launched, 0 not (nothing launched, no exception: ct.launch then
 * launches it, or reports why it cannot). */
int tf_direct_launch(TfLaunch *l) {
    TfDirect *d = &l->direct;
    PyObject *args = l->launch_args, *layout = d->layout;
    if (d->direct == NULL || PyTuple_GET_SIZE(layout) != PyTuple_GET_SIZE(args)) return 0;
    uint64_t words[MAX_WORDS];
    void *params[MAX_WORDS];
    PyObject *views[MAX_ARRAYS];
    int nw = 0, nv = 0, verified = 0;
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(args); j++) {
        PyObject *entry = PyTuple_GET_ITEM(layout, j), *v = PyTuple_GET_ITEM(args, j);
        PyObject *value = PyTuple_GET_ITEM(entry, 1);
        long kind = PyLong_AsLong(PyTuple_GET_ITEM(entry, 0));
        if (kind == ARRAY) {
            for (int k = 0; k < nv; k++)
                if (views[k] == v) return 0; /* aliased: ct.launch compiles for that */
            if (nv == MAX_ARRAYS) return 0;
            views[nv++] = v;
            Py_ssize_t at = PyLong_AsSsize_t(value);
            PyObject *w = at < 0 ? NULL : view_words(v, d, at, args, &verified);
            if (w == NULL) {
                PyErr_Clear();
                return 0;
            }
            Py_ssize_t n = PyBytes_GET_SIZE(w) / 8;
            if (nw + n > MAX_WORDS) return 0;
            memcpy(&words[nw], PyBytes_AS_STRING(w), (size_t)n * 8);
            nw += (int)n;
        } else if (kind == INT32 || kind == INT64) {
            if (!PyLong_CheckExact(v) || nw == MAX_WORDS) return 0;
            int overflow = 0;
            long long x = PyLong_AsLongLongAndOverflow(v, &overflow);
            if (overflow || (x == -1 && PyErr_Occurred())) {
                PyErr_Clear();
                return 0;
            }
            if (kind == INT32 && (x < -2147483648LL || x > 2147483647LL)) return 0;
            words[nw++] = (uint64_t)x;
        } else if (kind == FLOAT32) {
            if (!PyFloat_CheckExact(v) || nw == MAX_WORDS) return 0;
            float f = (float)PyFloat_AS_DOUBLE(v);
            words[nw] = 0;
            memcpy(&words[nw++], &f, sizeof f);
        } else if (kind == CONSTANT) {
            if (v != value) {
                if (!PyLong_CheckExact(v)) return 0;
                int eq = PyObject_RichCompareBool(v, value, Py_EQ);
                if (eq != 1) {
                    PyErr_Clear();
                    return 0;
                }
            }
        } else {
            PyErr_Clear();
            return 0;
        }
    }
    unsigned grid[3] = {1, 1, 1};
    Py_ssize_t rank = PyTuple_GET_SIZE(l->grid);
    if (rank < 1 || rank > 3) return 0;
    for (Py_ssize_t i = 0; i < rank; i++) {
        unsigned long g = PyLong_AsUnsignedLong(PyTuple_GET_ITEM(l->grid, i));
        if (g == (unsigned long)-1 && PyErr_Occurred()) {
            PyErr_Clear();
            return 0;
        }
        grid[i] = (unsigned)g;
    }
    void *stream = PyLong_AsVoidPtr(l->handle);
    if (stream == NULL && PyErr_Occurred()) {
        PyErr_Clear();
        return 0;
    }
    for (int i = 0; i < nw; i++) params[i] = &words[i];
    int err = cu_launch(d->function, grid[0], grid[1], grid[2], d->block[0], d->block[1],
                        d->block[2], d->smem, stream, params, NULL);
    if (err != 0) {
        /* (no context current on this thread, or another device's: ct.launch knows how) */
        tf_direct_forget(l);
        return 0;
    }
    direct_count++;
    return 1;
}

PyObject *tf_direct_launches(PyObject *module, PyObject *unused) {
    return PyLong_FromUnsignedLongLong(direct_count);
}
