#ifndef PARPAIR_CFATAL_H
#define PARPAIR_CFATAL_H
// How the tool ends on a fatal signal: one line on stderr, the PDF engines' process groups killed, the run's
// private files and folders removed (on Linux), _exit, running no Swift code and allocating nothing. The C library's allocator is not replaced: a failed
// allocation is the Swift runtime's (its "Fatal error", then SIGABRT, which ends here).
#include <sys/types.h>

// Sets what is said (`before`, then the signal's name, then `after`), the exit code
// and the process groups to kill (`group_count` ids at `groups`, 0 for a free slot); installs the handler for
// SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP on an alternate stack. Texts longer
// than the buffers are cut. Call once, before other threads start. Returns 0, or -1 when a handler could not
// be installed.
int parpair_install_fatal_handler(const char *before, const char *after, int exit_code,
                                  const volatile pid_t *groups, int group_count);

// Remembers a private file or folder for the handler to remove; returns its slot, or -1 when the path is too
// long or every slot is taken (the next run's sweep then removes it). Any thread, any time.
int parpair_fatal_remember_path(const char *path);

// Forgets the path in `slot` (a slot of -1 is ignored): call before the path is removed or renamed into place.
void parpair_fatal_forget_path(int slot);

#endif
