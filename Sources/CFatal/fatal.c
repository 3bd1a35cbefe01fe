#include "CFatal.h"
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#if defined(__linux__)
#include <dirent.h>
#include <sys/syscall.h>
#endif

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

// The run's private files and folders (snapshots, decrypted copies, partial outputs), where the handler can read
// them without a lock or an allocation. A slot is free (0), being written (1) or holds a path (2).
#define FATAL_PATH_SLOTS 32
static struct {
    _Atomic int state;
    char path[PATH_MAX];
} paths[FATAL_PATH_SLOTS];

int parpair_fatal_remember_path(const char *path) {
    if (strlen(path) >= PATH_MAX) return -1;
    for (int slot = 0; slot < FATAL_PATH_SLOTS; slot++) {
        int expected = 0;
        if (!atomic_compare_exchange_strong(&paths[slot].state, &expected, 1)) continue;
        strcpy(paths[slot].path, path);
        atomic_store(&paths[slot].state, 2);
        return slot;
    }
    return -1;
}

void parpair_fatal_forget_path(int slot) {
    if (slot >= 0 && slot < FATAL_PATH_SLOTS) atomic_store(&paths[slot].state, 0);
}

#if defined(__linux__)
// A directory's entries as getdents64 gives them; one buffer per level of the tree, none allocated.
#define FATAL_TREE_DEPTH 24
static char entries[FATAL_TREE_DEPTH][4096];

struct fatal_dirent {
    unsigned long long inode;
    long long offset;
    unsigned short length;
    unsigned char type;
    char name[];
};

// A run folder's lock file (ScratchRegistry.lockFileName): removed last, so that a run ended part way through the
// removal leaves a folder the next run's sweep recognises as a dead run's and removes at once.
#define FATAL_LOCK_FILE ".parpair-run.lock"

// Removes everything inside the open directory `folder`, `depth` levels down (without following links), by
// reading its entries and removing those read until none is left; at the top, all but the lock file.
static void remove_inside(int folder, int depth) {
    if (depth >= FATAL_TREE_DEPTH) return;
    for (int rounds = 0; rounds < 4096; rounds++) {
        if (lseek(folder, 0, SEEK_SET) != 0) return;
        long count = syscall(SYS_getdents64, folder, entries[depth], sizeof entries[depth]);
        if (count <= 0) return;
        int removed = 0;
        for (long at = 0; at < count;) {
            struct fatal_dirent *entry = (struct fatal_dirent *)(entries[depth] + at);
            at += entry->length;
            const char *name = entry->name;
            if (name[0] == '.' && (name[1] == 0 || (name[1] == '.' && name[2] == 0))) continue;
            if (depth == 0 && strcmp(name, FATAL_LOCK_FILE) == 0) continue;
            if (unlinkat(folder, name, 0) == 0) { removed++; continue; }
            if (entry->type != DT_DIR && entry->type != DT_UNKNOWN) continue;
            int inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            if (inner < 0) continue;
            remove_inside(inner, depth + 1);
            close(inner);
            if (unlinkat(folder, name, AT_REMOVEDIR) == 0) removed++;
        }
        if (removed == 0) return;  // what is left cannot be removed
    }
}

// Removes every remembered path: a folder with all it holds, a file by itself.
static void remove_remembered_paths(void) {
    for (int slot = 0; slot < FATAL_PATH_SLOTS; slot++) {
        if (atomic_load(&paths[slot].state) != 2) continue;
        const char *path = paths[slot].path;
        if (unlink(path) == 0 || errno != EISDIR) continue;  // a file (or gone already)
        int folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (folder < 0) continue;
        remove_inside(folder, 0);
        unlinkat(folder, FATAL_LOCK_FILE, 0);
        close(folder);
        rmdir(path);
    }
}
#else
// Elsewhere the next run's sweep removes what a fatal signal left.
static void remove_remembered_paths(void) {}
#endif

/// Set by the first thread to end the run: another (two threads fault together) waits for its exit.
static atomic_flag ending = ATOMIC_FLAG_INIT;

// Only async-signal-safe calls: write, kill, open, getdents64, unlinkat, rmdir, _exit, pause. No memory is
// allocated and no lock is taken.
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
    remove_remembered_paths();
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
#if defined(__linux__)
    // Not reset to the default: a second thread that faults while the first removes the run's files (two threads
    // out of memory at once) must wait in the handler, not kill the process half way through the removal. A fault
    // inside the handler still ends the process: the signal is blocked while its handler runs, and Linux ends a
    // process whose fault signal is blocked.
    action.sa_flags = SA_ONSTACK;
#else
    // Reset to the default first: a fault inside the handler ends the process instead of looping.
    action.sa_flags = SA_ONSTACK | SA_RESETHAND;
#endif
    sigemptyset(&action.sa_mask);
    const int signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP };
    sigset_t fatal;
    sigemptyset(&fatal);
    for (size_t index = 0; index < sizeof signals / sizeof signals[0]; index++) {
        if (sigaction(signals[index], &action, NULL) != 0) return -1;
        sigaddset(&fatal, signals[index]);
    }
    // A parent that blocked one of them (a test runner, a supervisor) would leave it pending while the run goes on.
    pthread_sigmask(SIG_UNBLOCK, &fatal, NULL);
    return 0;
}
