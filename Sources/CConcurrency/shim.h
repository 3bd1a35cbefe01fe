#ifndef PARPAIR_CCONCURRENCY_SHIM_H
#define PARPAIR_CCONCURRENCY_SHIM_H
// Where a new thread starts. Linux may queue a new thread on its creator's CPU and leave it there while the
// creator runs on, until a load balance moves it, while another CPU sits idle. A thread is therefore started allowed only the CPUs other than its creator's, and as it starts it
// allows itself every CPU its creator may use again (see DetachedThread).
//
// glibc declares sched_getcpu, sched_getaffinity and the pthread affinity calls only with _GNU_SOURCE, which the
// C library's module for Swift is built without, so they are declared here as glibc declares them. Elsewhere
// (macOS, musl) nothing is placed.
#include <pthread.h>
#include <stddef.h>

// The CPUs a thread may run on: 1,024 bits, glibc's cpu_set_t.
typedef struct {
    unsigned long bits[1024 / (8 * sizeof(unsigned long))];
} parpair_cpu_mask;

#if defined(__linux__) && defined(__GLIBC__)
#include <sched.h>
#include <sys/types.h>
_Static_assert(sizeof(parpair_cpu_mask) == sizeof(cpu_set_t), "parpair_cpu_mask is glibc's cpu_set_t");
extern int sched_getcpu(void);
extern int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *mask);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attributes, size_t size, const cpu_set_t *mask);
extern int pthread_setaffinity_np(pthread_t thread, size_t size, const cpu_set_t *mask);

// The CPUs the calling thread may run on, into `allowed` (0, or -1 when they cannot be read).
static inline int parpair_allowed_cpus(parpair_cpu_mask *allowed) {
    return sched_getaffinity(0, sizeof(cpu_set_t), (cpu_set_t *)allowed);
}

// Stores in `allowed` the CPUs the calling thread may run on; when one of them is not the CPU it runs on, sets
// `attributes` so that a thread made with them starts on one of those others. Returns 1 when it did, else 0
// (one CPU only, or the system would not say).
static inline int parpair_start_elsewhere(pthread_attr_t *attributes, parpair_cpu_mask *allowed) {
    if (parpair_allowed_cpus(allowed) != 0) return 0;
    int current = sched_getcpu();
    size_t per_word = 8 * sizeof(unsigned long);
    if (current < 0 || (size_t)current >= per_word * (sizeof allowed->bits / sizeof allowed->bits[0])) return 0;
    parpair_cpu_mask others = *allowed;
    others.bits[(size_t)current / per_word] &= ~(1UL << ((size_t)current % per_word));
    int any = 0;
    for (size_t index = 0; index < sizeof others.bits / sizeof others.bits[0]; index++) any |= others.bits[index] != 0;
    if (!any) return 0;
    return pthread_attr_setaffinity_np(attributes, sizeof(cpu_set_t), (const cpu_set_t *)&others) == 0;
}

// Lets the calling thread run on the CPUs in `allowed` (its creator's, stored by parpair_start_elsewhere).
static inline void parpair_allow_cpus(const parpair_cpu_mask *allowed) {
    (void)pthread_setaffinity_np(pthread_self(), sizeof(cpu_set_t), (const cpu_set_t *)allowed);
}
#else
static inline int parpair_allowed_cpus(parpair_cpu_mask *allowed) { (void)allowed; return -1; }
static inline int parpair_start_elsewhere(pthread_attr_t *attributes, parpair_cpu_mask *allowed) {
    (void)attributes;
    (void)allowed;
    return 0;
}
static inline void parpair_allow_cpus(const parpair_cpu_mask *allowed) { (void)allowed; }
#endif
#endif
