#ifndef PARPAIR_CPLATFORM_SHIM_H
#define PARPAIR_CPLATFORM_SHIM_H
// The C library's process controls that Swift cannot call directly (prctl is variadic), and the handler of
// fatal signals, which must run no Swift code: it may run when the allocator has no memory left.
#include <signal.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
static inline int parpair_set_dumpable(int dumpable) { return prctl(PR_SET_DUMPABLE, dumpable, 0, 0, 0); }
static inline int parpair_get_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }
#endif

// What the fatal-signal handler says and does, set once before it is installed: the line is `before`, the
// signal's name, then `after`; `groups` points at `group_count` process-group ids (0 for a free slot) that
// the handler kills before it exits with `exit_code`. Kept in a function, as a header's own statics are not
// emitted for Swift.
struct parpair_fatal_state {
    char before[400];
    char after[400];
    int exit_code;
    const volatile pid_t *groups;
    int group_count;
};

static inline struct parpair_fatal_state *parpair_fatal_state(void) {
    static struct parpair_fatal_state state;
    return &state;
}

static inline void parpair_fatal_write(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(2, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

// Only async-signal-safe calls: write, kill, _exit. No memory is allocated and no lock is taken.
static inline void parpair_fatal_signal(int signal_number) {
    const char *name = signal_number == SIGSEGV ? "SIGSEGV" : signal_number == SIGBUS ? "SIGBUS"
        : signal_number == SIGILL ? "SIGILL" : signal_number == SIGABRT ? "SIGABRT"
        : signal_number == SIGFPE ? "SIGFPE" : signal_number == SIGTRAP ? "SIGTRAP" : "a fatal signal";
    struct parpair_fatal_state *state = parpair_fatal_state();
    parpair_fatal_write(state->before);
    parpair_fatal_write(name);
    parpair_fatal_write(state->after);
    for (int index = 0; index < state->group_count; index++) {
        pid_t group = state->groups[index];
        if (group > 0) kill(-group, SIGKILL);
    }
    _exit(state->exit_code);
}

// Installs the handler for SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE and SIGTRAP in place of the runtime's
// (whose backtrace needs memory and a helper process), on an alternate stack of the calling thread so that
// it also runs when that thread's stack is exhausted. Texts longer than the buffers are cut. Returns 0, or -1.
static inline int parpair_install_fatal_handler(const char *before, const char *after, int exit_code,
                                                const volatile pid_t *groups, int group_count) {
    static char alternate_stack[64 * 1024];
    struct parpair_fatal_state *state = parpair_fatal_state();
    strncpy(state->before, before, sizeof state->before - 1);
    strncpy(state->after, after, sizeof state->after - 1);
    state->exit_code = exit_code;
    state->groups = groups;
    state->group_count = group_count;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof alternate_stack;
    if (sigaltstack(&stack, NULL) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = parpair_fatal_signal;
    // Reset to the default first: a fault inside the handler ends the process instead of looping.
    action.sa_flags = SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP };
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return 0;
}
#endif
