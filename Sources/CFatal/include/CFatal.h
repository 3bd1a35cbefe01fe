#ifndef PARPAIR_CFATAL_H
#define PARPAIR_CFATAL_H
// How the tool ends on a fatal signal: one line on stderr, the PDF engines' process groups killed, _exit,
// running no Swift code and allocating nothing. The C library's allocator is not replaced: a failed
// allocation is the Swift runtime's (its "Fatal error", then SIGABRT, which ends here).
#include <sys/types.h>

// Sets what is said (`before`, then the signal's name, then `after`), the exit code
// and the process groups to kill (`group_count` ids at `groups`, 0 for a free slot); installs the handler for
// SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP on an alternate stack. Texts longer
// than the buffers are cut. Call once, before other threads start. Returns 0, or -1 when a handler could not
// be installed.
int parpair_install_fatal_handler(const char *before, const char *after, int exit_code,
                                  const volatile pid_t *groups, int group_count);

#endif
