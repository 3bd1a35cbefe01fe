#include "CFatal.h"
#include <errno.h>
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

/// Set by the first thread to end the run: another (two threads' allocations fail together) waits for its exit.
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

#if defined(__linux__) && defined(__GLIBC__)
// The allocator's failures end the run here rather than in the caller. The Swift runtime answers a null with
// "Fatal error: failed to allocate …" and a stack trace on stderr before the SIGABRT that the handler turns
// into our line, libstdc++ with a bad_alloc's termination message; SQLite and libxml2 would report it as
// their own error. Defined in the executable, these take the place of glibc's for every library the process
// loads, and hand the work to glibc's own allocator (its exported __libc_ entry points), so memory they
// return is freed by glibc's free as before. A size of 0 may give a null (realloc frees then): not a failure.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *memory, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

/// Whether a failed allocation ends the run: set once the handler's texts are in place.
static volatile int allocations_guarded;

static void *guarded(void *memory, size_t size) {
    if (memory == NULL && size != 0 && allocations_guarded) fatal_end("a failed allocation");
    return memory;
}

void *malloc(size_t size) { return guarded(__libc_malloc(size), size); }

void *calloc(size_t count, size_t size) {
    return guarded(__libc_calloc(count, size), count == 0 ? 0 : size);
}

void *realloc(void *memory, size_t size) { return guarded(__libc_realloc(memory, size), size); }

// As glibc checks them: a power of two and a multiple of a pointer's size.
static int valid_alignment(size_t alignment) {
    return alignment != 0 && alignment % sizeof(void *) == 0 && (alignment & (alignment - 1)) == 0;
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (!valid_alignment(alignment)) return EINVAL;
    void *memory = guarded(__libc_memalign(alignment, size), size);
    if (memory == NULL) return ENOMEM;
    *result = memory;
    return 0;
}

// As glibc 2.36's, which is its memalign: an alignment that is no power of two is rounded up to one.
void *aligned_alloc(size_t alignment, size_t size) { return guarded(__libc_memalign(alignment, size), size); }
#endif

int parpair_install_fatal_handler(const char *before, const char *after, int exit_code,
                                  const volatile pid_t *groups, int group_count) {
    static char alternate_stack[64 * 1024];
    strncpy(state.before, before, sizeof state.before - 1);
    strncpy(state.after, after, sizeof state.after - 1);
    state.exit_code = exit_code;
    state.groups = groups;
    state.group_count = group_count;
#if defined(__linux__) && defined(__GLIBC__)
    allocations_guarded = 1;
#endif
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
