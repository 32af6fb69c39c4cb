// What Swift's Glibc module does not show: O_TMPFILE is a GNU extension defined through other macros.
#include <fcntl.h>

/// The flag for an unnamed temporary file in a folder, or 0 where the system has none.
static inline int alertsound_o_tmpfile(void) {
#if defined(O_TMPFILE)
    return O_TMPFILE;
#elif defined(__O_TMPFILE) && defined(O_DIRECTORY)
    return __O_TMPFILE | O_DIRECTORY;
#else
    return 0;
#endif
}

#if defined(__GLIBC__)
#include <malloc.h>
#endif

/// Keeps freed heap memory for reuse instead of returning it to the system after every block of
/// a conversion (glibc only; elsewhere nothing to do). See keepHeapBetweenBlocks() in the CLI.
static inline void alertsound_keep_heap(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
    mallopt(M_TOP_PAD, 4 << 20);
#endif
}

#include <unistd.h>
#if defined(__linux__)
int pipe2(int pipefd[2], int flags);
#endif

/// A pipe whose two ends are close-on-exec from the start (Linux: atomically; elsewhere as soon
/// as created, and the spawn closes other descriptors itself).
static inline int alertsound_pipe_cloexec(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC);
#else
    if (pipe(fds) != 0) return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}

#if defined(__APPLE__)
#include <crt_externs.h>
#else
extern char **environ;
#endif

/// This process's environment. Darwin's Swift module does not export `environ` (a dynamic
/// library cannot reference it directly there); _NSGetEnviron is Apple's way in.
static inline char **alertsound_environ(void) {
#if defined(__APPLE__)
    return *_NSGetEnviron();
#else
    return environ;
#endif
}
