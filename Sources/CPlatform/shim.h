#ifndef PARPAIR_CPLATFORM_SHIM_H
#define PARPAIR_CPLATFORM_SHIM_H
// The C library's process controls that Swift cannot call directly (prctl is variadic), and on Linux the
// supervised start of a child (fork, whose child may run no Swift code). The fatal-signal handler is CFatal's.
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

// Asks the kernel to start writing a file's changed pages to disk, without waiting for them: an fsync after it
// waits for less. glibc declares sync_file_range only with _GNU_SOURCE, which the C library's module for Swift
// is built without, so it is declared here as glibc does. Returns -1 (and does nothing) elsewhere.
#if defined(__linux__) && defined(__GLIBC__)
extern int sync_file_range(int __fd, __off64_t __offset, __off64_t __count, unsigned int __flags);
static inline int parpair_start_writeback(int descriptor) { return sync_file_range(descriptor, 0, 0, 2 /* SYNC_FILE_RANGE_WRITE */); }
#else
static inline int parpair_start_writeback(int descriptor) { (void)descriptor; return -1; }
#endif

#ifdef __linux__
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>

// What follows runs in forked children of a multithreaded process: async-signal-safe calls only (no malloc,
// no stdio, no locks) until execve or _exit.

// Kills every child of the calling process (a subreaper: the orphans of its descendants become its children,
// setsid() or not) and reaps them, until none is left. Returns without waiting when the kernel cannot list
// children (/proc/PID/task/PID/children, CONFIG_PROC_CHILDREN).
static inline void parpair_end_children(void) {
    char path[64] = "/proc/self/task/";
    size_t at = strlen(path);
    char digits[16];
    int count = 0;
    for (pid_t pid = getpid(); pid > 0 && count < 15; pid /= 10) digits[count++] = (char)('0' + pid % 10);
    while (count > 0) path[at++] = digits[--count];
    memcpy(path + at, "/children", sizeof "/children");
    for (;;) {
        int listing = open(path, O_RDONLY | O_CLOEXEC);
        if (listing < 0) return;
        char buffer[4096];
        ssize_t length = read(listing, buffer, sizeof buffer);
        close(listing);
        pid_t child = 0;
        for (ssize_t index = 0; index < length; index++) {
            if (buffer[index] >= '0' && buffer[index] <= '9') {
                child = child * 10 + (buffer[index] - '0');
            } else {
                if (child > 0) kill(child, SIGKILL);
                child = 0;
            }
        }
        if (child > 0) kill(child, SIGKILL);
        int status;
        if (waitpid(-1, &status, 0) < 0 && errno == ECHILD) return;
    }
}

// Starts `path` under a supervisor: a forked process that leads a new process group, is a child subreaper,
// and forks the program (empty signal mask, default dispositions, stdin/stdout/stderr from `input` and
// `output`, killed by the kernel if the supervisor dies). The supervisor watches a pipe whose only writer is
// this process (`*watch` receives its end, close-on-exec): when this process dies, however it dies (SIGKILL
// included), the pipe ends and the supervisor kills the program and every descendant. When the program exits,
// the supervisor kills and reaps whatever it left (its group's and setsid() escapees alike), then exits with
// the program's status (128+signal for a signal). Returns the supervisor's pid (the group's id), or -1 with
// `*error` set (the program could not be executed: execve's errno).
static inline pid_t parpair_spawn_supervised(const char *path, char *const argv[], char *const envp[], int input, int output,
                                            int *watch, int *error) {
    int watch_pipe[2], exec_pipe[2];
    if (pipe(watch_pipe) != 0) { *error = errno; return -1; }
    if (pipe(exec_pipe) != 0) { *error = errno; close(watch_pipe[0]); close(watch_pipe[1]); return -1; }
    for (int index = 0; index < 2; index++) {
        fcntl(watch_pipe[index], F_SETFD, FD_CLOEXEC);
        fcntl(exec_pipe[index], F_SETFD, FD_CLOEXEC);
    }
    pid_t parent = getpid();
    pid_t supervisor = fork();
    if (supervisor < 0) {
        *error = errno;
        close(watch_pipe[0]); close(watch_pipe[1]); close(exec_pipe[0]); close(exec_pipe[1]);
        return -1;
    }
    if (supervisor == 0) {
        close(watch_pipe[1]);
        close(exec_pipe[0]);
        setpgid(0, 0);
        prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        if (getppid() != parent) _exit(137);
        pid_t program = fork();
        if (program < 0) { int code = errno; (void)!write(exec_pipe[1], &code, sizeof code); _exit(127); }
        if (program == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
            struct sigaction standard;
            memset(&standard, 0, sizeof standard);
            standard.sa_handler = SIG_DFL;
            sigemptyset(&standard.sa_mask);
            for (int signal_number = 1; signal_number < 65; signal_number++) {
                if (signal_number != SIGKILL && signal_number != SIGSTOP) sigaction(signal_number, &standard, NULL);
            }
            sigset_t empty;
            sigemptyset(&empty);
            sigprocmask(SIG_SETMASK, &empty, NULL);
            if (dup2(input, 0) < 0 || dup2(output, 1) < 0 || dup2(output, 2) < 0) {
                int code = errno; (void)!write(exec_pipe[1], &code, sizeof code); _exit(127);
            }
            execve(path, argv, envp);
            int code = errno;
            (void)!write(exec_pipe[1], &code, sizeof code);
            _exit(127);
        }
        close(exec_pipe[1]);
        int devnull = open("/dev/null", O_RDWR | O_CLOEXEC);
        if (devnull >= 0) { dup2(devnull, 0); dup2(devnull, 1); dup2(devnull, 2); }
        for (;;) {
            struct pollfd watched = { watch_pipe[0], POLLIN, 0 };
            if (poll(&watched, 1, 50) > 0) {
                char byte;
                if (read(watch_pipe[0], &byte, 1) <= 0) {
                    // The tool is gone: nothing of the run may outlive it.
                    kill(program, SIGKILL);
                    parpair_end_children();
                    _exit(137);
                }
            }
            int status;
            pid_t reaped = waitpid(-1, &status, WNOHANG);
            if (reaped == program) {
                parpair_end_children();
                _exit(WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status));
            }
        }
    }
    close(watch_pipe[0]);
    close(exec_pipe[1]);
    int code = 0;
    ssize_t got;
    do { got = read(exec_pipe[0], &code, sizeof code); } while (got < 0 && errno == EINTR);
    close(exec_pipe[0]);
    if (got == (ssize_t)sizeof code) {
        // The program never ran: reap the supervisor, which exits at once.
        int status;
        while (waitpid(supervisor, &status, 0) < 0 && errno == EINTR) {}
        close(watch_pipe[1]);
        *error = code;
        return -1;
    }
    *watch = watch_pipe[1];
    return supervisor;
}
#endif
#endif
