#ifndef PARPAIR_CPROCESS_SHIM_H
#define PARPAIR_CPROCESS_SHIM_H
// The C library's process controls that Swift cannot call directly (prctl is variadic).
#ifdef __linux__
#include <sys/prctl.h>
static inline int parpair_set_dumpable(int dumpable) { return prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0); }
static inline int parpair_get_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
#endif
#endif
