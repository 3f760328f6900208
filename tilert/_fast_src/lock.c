/* The borrow and queue locks: tilert._fast.RLock (see FastLock in fast.h). */

#include "fast.h"

static int lock_try(FastLock *self, unsigned long me) {
    if (self->count == 0) {
        self->owner = me;
        self->count = 1;
        return 1;
    }
    if (self->owner == me) {
        self->count++;
        return 1;
    }
    return 0;
}

int tf_lock_take(FastLock *self) {
    unsigned long me = PyThread_get_thread_ident();
    if (lock_try(self, me)) return 0;
    self->waiters++;
    do { /* (a post may come before the wait, or for a waiter another thread overtook) */
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(self->wake, WAIT_LOCK);
        Py_END_ALLOW_THREADS
        self->posted = 0;
    } while (!lock_try(self, me));
    self->waiters--;
    return 0;
}

int tf_lock_give(FastLock *self) {
    if (self->count == 0 || self->owner != PyThread_get_thread_ident()) {
        PyErr_SetString(PyExc_RuntimeError, "cannot release un-acquired lock");
        return -1;
    }
    if (--self->count == 0) {
        self->owner = 0;
        if (self->waiters > 0 && !self->posted) {
            self->posted = 1;
            PyThread_release_lock(self->wake);
        }
    }
    return 0;
}

/* Release a lock on an error path, the pending exception kept. */
void tf_unlock_keeping_error(FastLock *lock) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    if (tf_lock_give(lock) < 0) PyErr_Clear();
    PyErr_Restore(type, value, tb);
}

static PyObject *FastLock_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (PyTuple_GET_SIZE(args) != 0 || (kwargs != NULL && PyDict_GET_SIZE(kwargs) != 0)) {
        PyErr_SetString(PyExc_TypeError, "RLock() takes no arguments");
        return NULL;
    }
    FastLock *self = (FastLock *)type->tp_alloc(type, 0);
    if (self == NULL) return NULL;
    if ((self->wake = PyThread_allocate_lock()) == NULL) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    PyThread_acquire_lock(self->wake, NOWAIT_LOCK); /* no wake-up pending */
    return (PyObject *)self;
}

static void FastLock_dealloc(FastLock *self) {
    if (self->wake != NULL) PyThread_free_lock(self->wake);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *FastLock_acquire(FastLock *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs > 1) {
        PyErr_SetString(PyExc_TypeError, "acquire([blocking])");
        return NULL;
    }
    int blocking = nargs == 0 ? 1 : PyObject_IsTrue(args[0]);
    if (blocking < 0) return NULL;
    if (!blocking) return PyBool_FromLong(lock_try(self, PyThread_get_thread_ident()));
    tf_lock_take(self);
    Py_RETURN_TRUE;
}

static PyObject *FastLock_release(FastLock *self, PyObject *unused) {
    if (tf_lock_give(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *FastLock_exit(FastLock *self, PyObject *const *args, Py_ssize_t nargs) {
    if (tf_lock_give(self) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef FastLock_methods[] = {
    {"acquire", (PyCFunction)(void (*)(void))FastLock_acquire, METH_FASTCALL,
     "acquire($self, blocking=True, /)\n--\n\nTake the lock (again, if this thread holds it)."},
    {"release", (PyCFunction)FastLock_release, METH_NOARGS, "Give the lock back once."},
    {"__enter__", (PyCFunction)(void (*)(void))FastLock_acquire, METH_FASTCALL, NULL},
    {"__exit__", (PyCFunction)(void (*)(void))FastLock_exit, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

PyTypeObject tf_FastLockType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "tilert._fast.RLock",
    .tp_basicsize = sizeof(FastLock),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "A re-entrant lock the C launch path takes directly (threading.RLock's use).",
    .tp_new = FastLock_new,
    .tp_dealloc = (destructor)FastLock_dealloc,
    .tp_methods = FastLock_methods,
};
