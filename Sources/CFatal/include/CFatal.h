#ifndef PARPAIR_CFATAL_H
#define PARPAIR_CFATAL_H
// How the tool ends when it cannot go on: a fatal signal, or (Linux, glibc) an allocation that failed. Both
// write one line on stderr, kill the PDF engines' process groups and _exit, running no Swift code and
// allocating nothing: when memory is gone, the Swift runtime's own report of a failed allocation (a
// "Fatal error" and a stack trace) or its backtracer would need what is not there.
#include <sys/types.h>

// Sets what is said (`before`, then the signal's name or "a failed allocation", then `after`), the exit code
// and the process groups to kill (`group_count` ids at `groups`, 0 for a free slot); installs the handler for
// SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP on an alternate stack, and from then on ends the run
// the same way when malloc, calloc, realloc, posix_memalign or aligned_alloc find no memory. Texts longer
// than the buffers are cut. Call once, before other threads start. Returns 0, or -1 when a handler could not
// be installed.
int parpair_install_fatal_handler(const char *before, const char *after, int exit_code,
                                  const volatile pid_t *groups, int group_count);

#endif
