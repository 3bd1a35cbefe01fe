#include "CFatal.h"
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Set once by parpair_install_fatal_handler, before other threads start; read by the handlers.
static struct {
    char before[400];
    char after[400];
    int exit_code;
    const volatile pid_t *groups;
    int group_count;
} state;

static void fatal_write(const char *text) {
    size_t length = strlen(text);
    while (length > 0) {
        ssize_t written = write(2, text, length);
        if (written <= 0) return;
        text += written;
        length -= (size_t)written;
    }
}

/// Set by the first thread to end the run: another (two threads fault together) waits for its exit.
static atomic_flag ending = ATOMIC_FLAG_INIT;

// Only async-signal-safe calls: write, kill, _exit, pause. No memory is allocated and no lock is taken.
static void fatal_end(const char *cause) {
    if (atomic_flag_test_and_set(&ending)) {
        for (;;) pause();
    }
    fatal_write(state.before);
    fatal_write(cause);
    fatal_write(state.after);
    for (int index = 0; index < state.group_count; index++) {
        pid_t group = state.groups[index];
        if (group > 0) kill(-group, SIGKILL);
    }
    _exit(state.exit_code);
}

static void fatal_signal(int signal_number) {
    fatal_end(signal_number == SIGSEGV ? "SIGSEGV" : signal_number == SIGBUS ? "SIGBUS"
              : signal_number == SIGILL ? "SIGILL" : signal_number == SIGABRT ? "SIGABRT"
              : signal_number == SIGFPE ? "SIGFPE" : signal_number == SIGTRAP ? "SIGTRAP" : "a fatal signal");
}


int parpair_install_fatal_handler(const char *before, const char *after, int exit_code,
                                  const volatile pid_t *groups, int group_count) {
    static char alternate_stack[64 * 1024];
    strncpy(state.before, before, sizeof state.before - 1);
    strncpy(state.after, after, sizeof state.after - 1);
    state.exit_code = exit_code;
    state.groups = groups;
    state.group_count = group_count;
    stack_t stack;
    memset(&stack, 0, sizeof stack);
    stack.ss_sp = alternate_stack;
    stack.ss_size = sizeof alternate_stack;
    if (sigaltstack(&stack, NULL) != 0) return -1;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = fatal_signal;
    // Reset to the default first: a fault inside the handler ends the process instead of looping.
    action.sa_flags = SA_ONSTACK | SA_RESETHAND;
    sigemptyset(&action.sa_mask);
    const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP };
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
    }
    return 0;
}
