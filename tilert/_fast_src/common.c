/* What the fast methods share besides slot access (fast.h): the caller's site, the borrows
 * they make, and the call of the Python method they replace. */

#include "fast.h"
#include <stdint.h>

#if PY_VERSION_HEX >= 0x030B0000
#define FRAME_LASTI(frame) PyFrame_GetLasti(frame)
#else
#include <frameobject.h>
#define FRAME_LASTI(frame) ((frame)->f_lasti)
#endif

/* ``file:line`` of the Python code calling this C function, as tilert._core.where formats it,
 * when that code is the user's and its site was formatted before; else NULL (the slow path then
 * finds and caches it). Never sets an exception. Remembered per (code, instruction): a loop's
 * launches come from a few sites, and an instruction's line never changes. */
#define SITES 64
static struct {
    PyObject *code, *text;
    int lasti;
} sites[SITES];

PyObject *tf_callsite(void) {
    PyFrameObject *frame = PyEval_GetFrame();
    if (frame == NULL) return NULL;
    PyCodeObject *code = PyFrame_GetCode(frame);
    int lasti = FRAME_LASTI(frame);
    size_t slot = (((uintptr_t)code >> 4) ^ (uintptr_t)lasti) % SITES;
    PyObject *text = NULL;
    if (sites[slot].code == (PyObject *)code && sites[slot].lasti == lasti) {
        text = sites[slot].text;
        Py_INCREF(text);
    } else if (PyDict_GetItemWithError(tf_inside_files, code->co_filename) == Py_False) {
        PyObject *line = PyLong_FromLong(PyFrame_GetLineNumber(frame));
        PyObject *key = line == NULL ? NULL : PyTuple_Pack(2, code->co_filename, line);
        if (key != NULL && (text = PyDict_GetItemWithError(tf_formatted_sites, key)) != NULL) {
            Py_INCREF(text);
            Py_INCREF(code);
            Py_XSETREF(sites[slot].code, (PyObject *)code);
            Py_INCREF(text);
            Py_XSETREF(sites[slot].text, text);
            sites[slot].lasti = lasti;
        }
        Py_XDECREF(key);
        Py_XDECREF(line);
    }
    Py_DECREF(code);
    PyErr_Clear();
    return text;
}

/* The borrow (exclusive, what, where): a plain tuple, remembered per (what, where), as a loop
 * makes the same ones every time. */
static struct {
    PyObject *what, *where, *borrow;
} borrows_made[SITES];

PyObject *tf_make_borrow(int exclusive, PyObject *what, PyObject *where) {
    size_t slot = (((uintptr_t)what >> 4) ^ ((uintptr_t)where >> 4) ^ (size_t)exclusive) % SITES;
    PyObject *b = borrows_made[slot].borrow;
    if (b != NULL && borrows_made[slot].what == what && borrows_made[slot].where == where &&
        (PyTuple_GET_ITEM(b, 0) == Py_True) == (exclusive != 0)) {
        Py_INCREF(b);
        return b;
    }
    if ((b = PyTuple_Pack(3, exclusive ? Py_True : Py_False, what, where)) == NULL) return NULL;
    Py_INCREF(what);
    Py_XSETREF(borrows_made[slot].what, what);
    Py_INCREF(where);
    Py_XSETREF(borrows_made[slot].where, where);
    Py_INCREF(b);
    Py_XSETREF(borrows_made[slot].borrow, b);
    return b;
}

/* The Python method ``fn`` called as self.method(*args, **kwargs): the reference. */
PyObject *tf_slow(PyObject *fn, PyObject *self, PyObject *const *args, Py_ssize_t nargs,
                  PyObject *kwnames) {
    Py_ssize_t nkw = kwnames == NULL ? 0 : PyTuple_GET_SIZE(kwnames);
    PyObject *small[8];
    PyObject **stack = small;
    if (nargs + nkw + 1 > 8) {
        stack = PyMem_Malloc((nargs + nkw + 1) * sizeof(PyObject *));
        if (stack == NULL) return PyErr_NoMemory();
    }
    stack[0] = self;
    for (Py_ssize_t i = 0; i < nargs + nkw; i++) stack[i + 1] = args[i];
    PyObject *r = PyObject_Vectorcall(fn, stack, nargs + 1, kwnames);
    if (stack != small) PyMem_Free(stack);
    return r;
}
